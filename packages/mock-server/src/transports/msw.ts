import { http, type RequestHandler } from 'msw';
import { normalizePath } from '../http/normalize-path.js';
import { shownOption } from '../shown-option.js';
import { parseBaseUrl, pathUnder } from './base-url.js';
import { isCutBody, isDroppedConnection } from './dropped-connection.js';

/** A path the mock answers, under its prefix: `/v1`, `/__mock` or under them, in any case. */
const MOCK_PATH = /^\/(v1|__mock)(\/|$)/i;

/**
 * MSW request handlers that answer every request under the mock's `baseUrl` `/v1` and `/__mock`.
 * @example
 * import { mswHandlers } from '@agent-platform/mock-server/msw';
 * const server = setupServer(...mswHandlers(mock));
 */
export function mswHandlers(mock: {
  readonly baseUrl: string;
  handle(request: Request): Promise<Response>;
}): RequestHandler[] {
  // Matched as the mock reads a URL, not as an MSW path: its origin as a URL compares it (default
  // port, host case), its path with escaped unreserved characters decoded (`/%76%31/agents`), and a
  // prefix holding MSW's path syntax (`+`, `(`, `:`) is plain text. A mis-cased `/V1` is the mock's
  // to answer (404), as MSW's own matching ignores case.
  checkMock(mock);
  const base = parseBaseUrl(mock.baseUrl);
  const { origin } = new URL(base.url);
  const prefix = base.prefix.toLowerCase();
  const ours = ({ request }: { request: Request }) => {
    const url = new URL(request.url);
    if (url.origin !== origin) return false;
    const path = pathUnder(prefix, normalizePath(url.pathname).toLowerCase());
    return path !== null && MOCK_PATH.test(path);
  };
  // The mock reads a clone: a handler before it that kept the request and fell through (a spy)
  // can still read the body. One that read (or locked) the body left none to clone: a 400 says so.
  // A client that aborted has had its fetch rejected by MSW already: `handle`'s AbortError is no
  // handler failure for MSW to report, and the network error answered instead reaches nobody. A
  // connection a fault dropped is MSW's network error: the client's fetch rejects, as over HTTP.
  // A body a fault cuts halfway, where msw cannot hand a stream to its worker (WebKit), would fail
  // the whole read msw makes first, and msw then never answers: a network error instead, at once.
  const cutIsError = !streamsTransfer();
  const resolve = ({ request }: { request: Request }) =>
    mock.handle(clonable(request) ? request.clone() : request).then(
      (response) => (cutIsError && isCutBody(response) ? Response.error() : response),
      (error: unknown) => {
        if (request.signal.aborted || isDroppedConnection(error)) return Response.error();
        throw error;
      },
    );
  return [http.all(ours, resolve)];
}

/**
 * Whether a ReadableStream can be transferred over a MessageChannel, as msw hands a mocked body to
 * its service worker: not in WebKit (a DataCloneError), where msw reads each body whole first. As
 * msw itself tells; where there is no MessageChannel, nothing is handed over.
 */
function streamsTransfer(): boolean {
  if (typeof MessageChannel !== 'function' || typeof ReadableStream !== 'function') return true;
  const { port1, port2 } = new MessageChannel();
  try {
    const stream = new ReadableStream();
    port1.postMessage(stream, [stream]);
    return true;
  } catch {
    return false;
  } finally {
    port1.close();
    port2.close();
  }
}

/** Whether `clone()` can copy the request's body: neither read nor locked (it throws otherwise). */
function clonable(request: Request): boolean {
  return !request.bodyUsed && !request.body?.locked;
}

/**
 * Refuses what is not a mock, naming what it takes: read as one, a connectMock() client or
 * `mock.fetch` was refused for a baseUrl the caller never gave (`baseUrl: must be ..., not undefined`).
 */
function checkMock(mock: unknown): void {
  const value = mock as { baseUrl?: unknown; handle?: unknown; url?: unknown } | null | undefined;
  if (typeof value?.handle === 'function' && typeof value.baseUrl === 'string') return;
  const takes = 'mswHandlers: takes the mock createMockServer() returns (its baseUrl and handle)';
  if (typeof value?.url === 'string' && value.handle === undefined) {
    throw new TypeError(
      `${takes}, not a connectMock() client: its mock answers over HTTP at ${value.url}, so point your code there, or make a mock in-process`,
    );
  }
  throw new TypeError(`${takes}, not ${described(mock)}`);
}

/** What was given instead of a mock: a function or a list by its kind, an object by its keys. */
function described(mock: unknown): string {
  if (typeof mock === 'function') return 'a function';
  if (mock === null || typeof mock !== 'object') return shownOption(mock);
  if (Array.isArray(mock)) return 'an array';
  return `{${Object.keys(mock).join(', ')}}`;
}
