import { sameSecret } from '../http/same-secret.js';
import { jsonAnswer, proxyError } from './proxy-answer.js';
import type { ViolationLog } from './violation-log.js';

/** Where the proxy lists its violations (`GET`) and clears them (`DELETE`). */
export const VIOLATIONS_PATH = '/__mock/violations';

/**
 * `GET /__mock/violations` (the kept ones and the total) and `DELETE` (forget them), behind the
 * admin token when there is one, as the mock's control API is.
 */
export function violationsRoute(
  request: Request,
  log: ViolationLog,
  adminToken: string | undefined,
): Response {
  if (
    adminToken !== undefined &&
    !sameSecret(request.headers.get('x-mock-admin-token'), adminToken)
  ) {
    return proxyError(
      401,
      'UNAUTHORIZED',
      'x-mock-admin-token: missing or wrong control API token',
    );
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
    `${request.method} is not allowed on /__mock/violations; use GET, HEAD, DELETE`,
    undefined,
    { allow: 'GET, HEAD, DELETE' },
  );
}
