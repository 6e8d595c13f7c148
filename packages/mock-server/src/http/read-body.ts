import { ApiError, invalidField } from '../errors.js';

/** The largest body the API accepts: 1 MiB. */
export const MAX_BODY_BYTES = 1024 * 1024;

/** Reads a request body up to 1 MiB, stopping early (413) when it is larger. */
export async function readBody(request: Request): Promise<Uint8Array> {
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw tooLarge();
  if (!request.body) return new Uint8Array(0);
  // A body the caller already read (or is reading) is the caller's mistake, not the server's: 400.
  if (request.bodyUsed || request.body.locked) throw unreadable('already read (bodyUsed)');
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch (error) {
      // The stream the body came from failed: over HTTP, the connection closed mid-body (400 too).
      throw unreadable(`the stream failed before it ended: ${messageOf(error)}`);
    }
    const { done, value } = chunk;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      // Not awaited: cancelling one branch of a tee'd stream (MSW clones requests) settles only when
      // the other branch is cancelled too.
      reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
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

/** 413 PAYLOAD_TOO_LARGE for a body over MAX_BODY_BYTES. */
export function tooLarge(): ApiError {
  return new ApiError(
    413,
    'PAYLOAD_TOO_LARGE',
    `body: must be at most ${MAX_BODY_BYTES} bytes (1 MiB)`,
  );
}

/** 400 VALIDATION_ERROR (rule `read`) for a body that could not be read to its end. */
function unreadable(what: string): ApiError {
  return invalidField('body', 'read', what);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
