import { CORS_HEADERS } from './cors.js';

/** Every response's headers: the request id and the CORS headers, then the response's own. */
export function commonHeaders(
  requestId: string,
  headers: Record<string, string>,
): Record<string, string> {
  return { 'X-Request-Id': requestId, ...CORS_HEADERS, ...headers };
}
