import { CORS_HEADERS } from './cors.js';

/**
 * Every response's headers: the request id, the `Date` at `now` (ms on the mock's clock, as an
 * IMF-fixdate, RFC 9110 §6.6.1) and the CORS headers, then the response's own.
 */
export function commonHeaders(
  requestId: string,
  now: number,
  headers: Record<string, string>,
  cors: Readonly<Record<string, string>> = CORS_HEADERS,
): Record<string, string> {
  return { 'X-Request-Id': requestId, Date: new Date(now).toUTCString(), ...cors, ...headers };
}
