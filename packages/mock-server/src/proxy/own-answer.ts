import { CORS_HEADERS } from '../http/cors.js';

/**
 * Marks an answer the proxy made itself as the mock marks each of its own: an `X-Request-Id` (the
 * upstream's for the exchange when it sent one, else a new UUID, as the mock makes them) and the
 * CORS headers of its route (by default the API's), so that a page behind the proxy can read why its
 * call failed and quote the id.
 */
export function markOwn(
  answer: Response,
  upstreamId: string | null,
  cors: Readonly<Record<string, string>> = CORS_HEADERS,
): Response {
  answer.headers.set('x-request-id', upstreamId || crypto.randomUUID());
  for (const [name, value] of Object.entries(cors)) answer.headers.set(name, value);
  return answer;
}
