import { ApiError, invalidField } from '../errors.js';

const MIB = 1024 * 1024;

/** The largest body the API accepts: 1 MiB. */
export const MAX_BODY_BYTES = MIB;

/**
 * The largest body `PUT /__mock/state` accepts: 256 MiB. What `GET /__mock/state` answers is what
 * it takes, and a state grows past 1 MiB with a few hundred conversations.
 */
export const MAX_STATE_BYTES = 256 * MIB;

/** The body limit of a request: MAX_STATE_BYTES for `PUT /__mock/state`, MAX_BODY_BYTES for any other. */
export function bodyLimit(method: string, path: string): number {
  return method === 'PUT' && path === '/__mock/state' ? MAX_STATE_BYTES : MAX_BODY_BYTES;
}

/**
 * Reads a request body up to its limit (`bodyLimit` of its `path`, the one the mock routes: under a
 * `baseUrl` prefix, without it), stopping early (413) when it is larger.
 */
export async function readBody(request: Request, path: string): Promise<Uint8Array> {
  const limit = bodyLimit(request.method, path);
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  // A body the caller already read (or is reading) is the caller's mistake, not the server's: 400.
  // Most often a handler of the caller's own that read it, then handed the request on (MSW).
  if (request.bodyUsed || request.body?.locked) {
    throw unreadable(
      'already read (bodyUsed): whatever reads it before the mock must read a clone (request.clone())',
    );
  }
  // Firefox's Request has no body stream (undefined, not null: none on its prototype) for a body
  // that is there all the same: read whole, then held to the limit.
  if (request.body === undefined) {
    const body = new Uint8Array(await request.arrayBuffer());
    if (body.byteLength > limit) throw tooLarge(limit);
    return body;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  // The caller gave up (its fetch's signal aborted) while the body was still coming: stop reading,
  // as a real fetch cancels the body it was sending, and do nothing with what came.
  const { signal } = request;
  const cancel = () => void reader.cancel(signal.reason).catch(() => undefined);
  signal.addEventListener('abort', cancel, { once: true });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch (error) {
        if (signal.aborted) throw aborted();
        // The stream the body came from failed: over HTTP, the connection closed mid-body (400 too).
        throw unreadable(`the stream failed before it ended: ${messageOf(error)}`);
      }
      if (signal.aborted) throw aborted();
      const { done, value } = chunk;
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        // Not awaited: cancelling one branch of a tee'd stream (MSW clones requests) settles only
        // when the other branch is cancelled too.
        reader.cancel().catch(() => undefined);
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } finally {
    signal.removeEventListener('abort', cancel);
  }
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/** 413 PAYLOAD_TOO_LARGE for a body over `limit` (MAX_BODY_BYTES unless said). */
export function tooLarge(limit = MAX_BODY_BYTES): ApiError {
  return new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `body: must be at most ${limit} bytes (${limit / MIB} MiB)`,
  );
}

/** 400 VALIDATION_ERROR (rule `read`) for a body that could not be read to its end. */
export function unreadable(what: string): ApiError {
  return invalidField('body', 'read', what);
}

/** What the journal records for a request whose caller aborted it mid-body (nobody reads it). */
function aborted(): ApiError {
  return unreadable('the request was aborted before it ended');
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
