import type { ApiError } from '../errors.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response (or an empty one for 204). */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): Response {
  if (status === 204 || body === undefined) return new Response(null, { status, headers });
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': JSON_TYPE, ...headers },
  });
}

/** An error in the API's envelope, with its own headers and any extra ones (rate limit). */
export function errorResponse(error: ApiError, headers: Record<string, string> = {}): Response {
  return jsonResponse(error.status, error.toBody(), { ...headers, ...error.headers });
}
