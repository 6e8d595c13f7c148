import type { ApiRequest, ApiResponse } from '../http/api-request.js';
import { normalizePath } from '../http/normalize-path.js';
import { readBody } from '../http/read-body.js';
import type { RequestHandler } from '../request-handler.js';
import { type BaseUrl, pathUnder } from './base-url.js';
import { droppedCause, droppedConnection, halfBody, markCutBody } from './dropped-connection.js';

/**
 * A fetch Request as the core reads it: its path (normalized) under the base URL's prefix
 * (`/platform/v1/agents` → `/v1/agents`); one outside it is marked `outside`, for a 404. Its signal
 * ends the waits of a request its caller gave up.
 */
export function fromFetchRequest(request: Request, base: BaseUrl): ApiRequest {
  const url = new URL(request.url);
  const pathname = normalizePath(url.pathname);
  const under = pathUnder(base.prefix, pathname);
  const path = under ?? pathname;
  return {
    method: request.method,
    path,
    ...(under === null ? { outside: base.url } : {}),
    search: url.search,
    sentHeaders: request.headers,
    header: (name) => request.headers.get(name),
    readBody: () => readBody(request, path),
    signal: request.signal,
  };
}

/**
 * The core's response as a fetch Response. One a fault drops fails as fetch fails on a connection
 * that closes: rejected with a `TypeError('fetch failed')` before an answer, or, cut in its body,
 * a Response whose body fails halfway with a `TypeError('terminated')`, as Node's fetch does.
 */
export function toFetchResponse(response: ApiResponse, request: ApiRequest): Response {
  const { status, headers, body, drop } = response;
  // Bytes may be shared with later answers (cached JSON): safe, as the Response constructor copies them.
  if (drop === undefined) return new Response(body, { status, headers });
  const cause = droppedCause(drop, request);
  const half = halfBody(response);
  if (half !== undefined) {
    let sent = false;
    const cutBody = new ReadableStream<Uint8Array>({
      // One pull for the first half, the next fails: an error right after enqueue would drop the chunk.
      pull(controller) {
        if (sent) return controller.error(new TypeError('terminated', { cause }));
        sent = true;
        controller.enqueue(half);
      },
    });
    return markCutBody(new Response(cutBody, { status, headers }));
  }
  throw droppedConnection(cause);
}

/**
 * The core's handler as `fetch` (a URL relative to the base URL, or a Request) and as `handle` (a
 * Request). A fetch contract: a call whose signal aborts rejects with the signal's reason at once,
 * and one already aborted does nothing at all. Work the server did before the abort stands, as on a
 * real server; a body still being read or a fault's delay stops there.
 */
export function fetchTransport(
  handler: RequestHandler,
  base: BaseUrl,
): {
  fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  handle: (request: Request) => Promise<Response>;
} {
  const handle = (request: Request): Promise<Response> => {
    const { signal } = request;
    if (signal.aborted) return Promise.reject(signal.reason);
    const received = fromFetchRequest(request, base);
    const answer = handler(received).then((response) => toFetchResponse(response, received));
    return untilAborted(answer, signal);
  };
  return { fetch: (input, init) => handle(toRequest(input, init, base.url)), handle };
}

/** `work`, or a rejection with the signal's reason as soon as it aborts. */
function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  return new Promise((resolve, reject) => {
    const abort = () => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

function toRequest(
  input: string | URL | Request,
  init: RequestInit | undefined,
  baseUrl: string,
): Request {
  if (input instanceof Request) return init ? new Request(input, init) : input;
  return new Request(new URL(String(input), `${baseUrl}/`), init);
}
