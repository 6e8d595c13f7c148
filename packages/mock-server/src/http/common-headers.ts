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
  return { 'X-Request-Id': requestId, Date: httpDate(now), ...cors, ...headers };
}

// The last second's text: formatting a date costs about as much as the rest of these headers, and
// an IMF-fixdate has no milliseconds, so every answer within a second shares it.
let lastSecond = Number.NaN;
let lastText = '';

/** `now` (ms) as an IMF-fixdate (`Sun, 22 Nov 2026 09:00:00 GMT`). */
function httpDate(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastText = new Date(now).toUTCString();
  }
  return lastText;
}
