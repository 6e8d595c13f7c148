import { corsHeaders, preflightResponse } from '../http/cors.js';
import { sameSecret } from '../http/same-secret.js';
import { markOwn } from './own-answer.js';
import { jsonAnswer, proxyError } from './proxy-answer.js';
import type { ViolationLog } from './violation-log.js';

/** Where the proxy lists its violations (`GET`) and clears them (`DELETE`). */
export const VIOLATIONS_PATH = '/__mock/violations';

/**
 * `GET /__mock/violations` (the kept ones and the total) and `DELETE` (forget them), behind the
 * admin token when there is one, with the CORS of the mock's control API: a page served from this
 * machine, or any page when the admin token guards the route.
 */
export function violationsRoute(
  request: Request,
  log: ViolationLog,
  adminToken: string | undefined,
): Response {
  const guarded = adminToken !== undefined;
  const asked = { header: (name: string) => request.headers.get(name) };
  return markOwn(
    answerOf(request, log, adminToken, asked),
    null,
    corsHeaders(asked, true, guarded),
  );
}

function answerOf(
  request: Request,
  log: ViolationLog,
  adminToken: string | undefined,
  asked: { header(name: string): string | null },
): Response {
  // A preflight carries no token: answered first, as the mock answers its control API's.
  if (request.method === 'OPTIONS') {
    const { status, headers } = preflightResponse(asked, true, adminToken !== undefined);
    return new Response(null, { status, headers });
  }
  if (adminToken !== undefined && !sameSecret(asked.header('x-mock-admin-token'), adminToken)) {
    return proxyError(
      401,
      'UNAUTHORIZED',
      'x-mock-admin-token: missing or wrong control API token',
    );
  }
  // The route takes no query: `?limit=1` answered all, where the mock's control API refuses what
  // it does not know.
  const [unknown] = new URL(request.url).searchParams.keys();
  if (unknown !== undefined) {
    const message = `${unknown}: is not a known query parameter (${VIOLATIONS_PATH} takes none)`;
    return proxyError(400, 'VALIDATION_ERROR', message, [
      { field: unknown, rule: 'unknown', message },
    ]);
  }
  if (request.method === 'GET' || request.method === 'HEAD') {
    return jsonAnswer(200, { data: log.list(), total: log.total });
  }
  if (request.method === 'DELETE') {
    log.clear();
    return new Response(null, { status: 204 });
  }
  return proxyError(
    405,
    'METHOD_NOT_ALLOWED',
    `${request.method} is not allowed on /__mock/violations; use GET, HEAD, DELETE, OPTIONS`,
    undefined,
    { allow: 'GET, HEAD, DELETE, OPTIONS' },
  );
}
