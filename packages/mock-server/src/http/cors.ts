import type { ApiRequest, ApiResponse } from './api-request.js';

/** Headers that let a browser app on any origin call the mock and read its headers. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Allow',
};

/** The answer to a CORS preflight (OPTIONS) request. */
export function preflightResponse(request: ApiRequest): ApiResponse {
  return {
    status: 204,
    body: null,
    headers: {
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'Access-Control-Allow-Headers':
        request.header('access-control-request-headers') ??
        'x-api-key, content-type, x-mock-admin-token',
      'Access-Control-Max-Age': '600',
    },
  };
}
