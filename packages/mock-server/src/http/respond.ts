import { JsonBytes } from '../domain/json-bytes.js';
import type { ApiError } from '../errors.js';
import type { ApiResponse } from './api-request.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A JSON response (no body for 204 or an undefined body). */
export function jsonResponse(
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): ApiResponse {
  if (status === 204 || body === undefined) return { status, headers, body: null };
  headers['Content-Type'] = JSON_TYPE;
  return { status, headers, body: body instanceof JsonBytes ? body.bytes : JSON.stringify(body) };
}

/**
 * An error in the API's envelope, with its own headers over the given ones (rate limit, request id),
 * and `beside` its `error` (a 503 of GET /v1/health carries the health result).
 */
export function errorResponse(
  error: ApiError,
  headers: Record<string, string> = {},
  beside?: Record<string, unknown>,
): ApiResponse {
  const body = { ...beside, ...error.toBody() };
  const response = jsonResponse(error.status, body, { ...headers, ...error.headers });
  response.error = error;
  return response;
}
