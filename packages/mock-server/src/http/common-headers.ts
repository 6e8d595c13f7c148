import { CORS_HEADERS } from './cors.js';

/** Every response's headers: the request id and the CORS headers, then the response's own. */
export function commonHeaders(
  requestId: string,
  headers: Record<string, string>,
  cors: Readonly<Record<string, string>> = CORS_HEADERS,
): Record<string, string> {
  return { 'X-Request-Id': requestId, ...cors, ...headers };
}
