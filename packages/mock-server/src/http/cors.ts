import type { ApiRequest, ApiResponse } from './api-request.js';

/** Headers that let a browser app on any origin call the mock and read its headers. */
export const CORS_HEADERS: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Expose-Headers':
    'X-Request-Id, X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset, Retry-After, Allow',
};

/**
 * The CORS headers of a response: the API's allow every origin; the control API's only a page
 * served from this machine (a test runner on localhost), so that a page on the web cannot read
 * the state's keys and secrets (the HTTP server also refuses such a page's changes: CORS does not
 * stop a simple request, a POST without a body, from being carried out).
 * `anyOrigin` (the control API has an admin token, which then guards it): every origin's page.
 */
export function corsHeaders(
  request: Pick<ApiRequest, 'header'>,
  isControl: boolean,
  anyOrigin = false,
): Readonly<Record<string, string>> {
  if (!isControl) return CORS_HEADERS;
  const origin = request.header('origin');
  return origin !== null && (anyOrigin || isLoopbackOrigin(origin))
    ? { ...CORS_HEADERS, 'Access-Control-Allow-Origin': origin, Vary: 'Origin' }
    : { Vary: 'Origin' };
}

/** The answer to a CORS preflight (OPTIONS) request; for the control API, as `corsHeaders` allows. */
export function preflightResponse(
  request: Pick<ApiRequest, 'header'>,
  isControl: boolean,
  anyOrigin = false,
): ApiResponse {
  const origin = request.header('origin');
  if (isControl && !anyOrigin && (origin === null || !isLoopbackOrigin(origin))) {
    return { status: 204, body: null, headers: {} };
  }
  return {
    status: 204,
    body: null,
    headers: {
      'Access-Control-Allow-Methods': 'GET, POST, PUT, DELETE, OPTIONS',
      'Access-Control-Allow-Headers':
        request.header('access-control-request-headers') ??
        'x-api-key, content-type, x-mock-admin-token, x-contract-expect-violation',
      'Access-Control-Max-Age': '600',
    },
  };
}

/** True for a path of the control API (`/__mock` and below). */
export function isControlPath(path: string): boolean {
  return path === '/__mock' || path.startsWith('/__mock/');
}

/** True for an origin on this machine: `http://localhost:5173`, `http://127.0.0.1:3000`, `http://[::1]`. */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    return isLoopbackName(new URL(origin).hostname);
  } catch {
    return false;
  }
}

/** 127.0.0.0/8 mapped to IPv6: `::ffff:127.0.0.1`, or as a URL writes it, `::ffff:7f00:1`. */
const MAPPED_LOOPBACK = /^::ffff:(127(\.\d{1,3}){3}|7f[0-9a-f]{2}:[0-9a-f]{1,4})$/;

/**
 * True for a host name that can only mean this machine: `localhost` and its subdomains
 * (RFC 6761), 127.0.0.0/8, `::1`, and 127.0.0.0/8 mapped to IPv6 (`::ffff:127.0.0.1`, which a URL
 * writes `[::ffff:7f00:1]`), each as a URL writes it, in brackets, or bare.
 */
export function isLoopbackName(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return (
    name === 'localhost' ||
    name.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(name) ||
    name === '[::1]' ||
    name === '::1' ||
    MAPPED_LOOPBACK.test(/^\[.*\]$/.test(name) ? name.slice(1, -1) : name)
  );
}
