/** Headers that let a browser app on any origin call the mock and read its headers. */
export const CORS_HEADERS: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Allow',
};

/** The answer to a CORS preflight (OPTIONS) request. */
export function preflightResponse(request: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      ...CORS_HEADERS,
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'Access-Control-Allow-Headers':
        request.headers.get('access-control-request-headers') ??
        'x-api-key, content-type, x-mock-admin-token',
      'Access-Control-Max-Age': '600',
    },
  });
}
