import { type ErrorCode, type ErrorDetail, MockApiError } from '../errors.js';

/** A fetch function, as `globalThis.fetch` is (one that records calls, a proxy's, MSW's). */
export type FetchFunction = (input: string, init?: RequestInit) => Promise<Response>;

/** How a client reaches one mock's control API. */
export interface ControlTarget {
  /** The server's URL without its trailing `/` (`http://127.0.0.1:4010`). */
  url: string;
  /** Sent as `x-mock-admin-token` when given. */
  adminToken: string | undefined;
  /** The fetch to use; `globalThis.fetch` as it is at each call when absent (MSW may replace it). */
  fetch: FetchFunction | undefined;
}

/** A query: each filter given, `null` as the word `null` (as the control API reads it). */
export type ControlQuery = Readonly<Record<string, string | number | null | undefined>>;

/**
 * Calls `method path` under `/__mock` and resolves to what it answers: the `data` of `{data}`, the
 * body itself when it is not wrapped (`GET /__mock/state`), undefined for a 204. Rejects with a
 * `MockApiError` when the mock refuses (its error envelope), as the server object's method throws.
 */
export async function controlCall(
  target: ControlTarget,
  method: string,
  path: string,
  options: { body?: unknown; query?: ControlQuery } = {},
): Promise<unknown> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (target.adminToken !== undefined) headers['x-mock-admin-token'] = target.adminToken;
  const init: RequestInit = { method, headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(options.body);
  }
  const fetch = target.fetch ?? globalThis.fetch;
  const call = `${method} ${target.url}/__mock${path}`;
  let response: Response;
  try {
    response = await fetch(`${target.url}/__mock${path}${search(options.query)}`, init);
  } catch (error) {
    throw new Error(
      `${call}: no answer (${failure(error)}); is the mock server running at ${target.url}?${domHint(target)}`,
      { cause: error },
    );
  }
  if (response.status === 204) return undefined;
  const text = await response.text();
  const body = parse(text);
  if (!response.ok) throw refusal(response, body, call, text);
  const isObject = typeof body === 'object' && body !== null;
  // GET /__mock/state answers the snapshot itself, but JSON all the same (not another server's page).
  if (isObject && path === '/state' && method === 'GET') return body;
  if (!isObject || !('data' in body)) {
    throw new Error(`${call}: ${response.status} without {data}: ${text.slice(0, 200)}`);
  }
  return body.data;
}

/**
 * In a page or a DOM test environment (happy-dom given its app's `url`), a running mock's refusal of
 * a cross-origin call reads as no answer: said, with the way through, when no token was given.
 */
function domHint(target: ControlTarget): string {
  if (target.adminToken !== undefined || typeof document === 'undefined') return '';
  return " In a page or a DOM test environment, it may be running and have refused this page's origin: without an admin token the control API takes requests from this machine's origins only; start the mock with one (adminToken, --admin-token) and pass it here";
}

/** `?a=1&b=null` of the filters given (those undefined left out), or `''`. */
function search(query: ControlQuery | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, value === null ? 'null' : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** What a failed fetch says: its message and its cause's code (`fetch failed: ECONNREFUSED`). */
function failure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? `${error.message}: ${code}` : error.message;
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * The mock's refusal as the error its server object throws; an answer without the envelope (a
 * proxy's 502, another server on the port) is a plain Error naming the status and what came back.
 */
function refusal(response: Response, body: unknown, call: string, text: string): Error {
  const error = (body as { error?: unknown } | undefined)?.error as
    | { code?: unknown; message?: unknown; details?: unknown }
    | undefined;
  if (typeof error?.code !== 'string' || typeof error.message !== 'string') {
    return new Error(`${call}: ${response.status} ${text.slice(0, 200)}`);
  }
  const headers: Record<string, string> = {};
  const retryAfter = response.headers.get('retry-after');
  if (retryAfter !== null) headers['Retry-After'] = retryAfter;
  const details = Array.isArray(error.details) ? (error.details as ErrorDetail[]) : undefined;
  return new MockApiError(
    response.status,
    error.code as ErrorCode,
    error.message,
    details ? { details, headers } : { headers },
  );
}
