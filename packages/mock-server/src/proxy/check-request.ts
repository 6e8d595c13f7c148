import type { ErrorDetail } from '../errors.js';
import type { OperationInfo } from '../generated/operations.js';
import { allowHeader } from '../http/allow-header.js';
import { isControlPath } from '../http/cors.js';
import type { Variant } from '../store/records.js';
import { findOperation } from './find-operation.js';
import { proxyError, summary } from './proxy-answer.js';
import { type CappedBody, readCapped } from './read-capped.js';
import { validateProxiedRequest } from './validate-proxied-request.js';

/** What the proxy makes of a request before forwarding it. */
export interface CheckedRequest {
  /** The spec's operation, or null (a route it does not have, a preflight, a control request). */
  op: OperationInfo | null;
  /** What breaks the spec. */
  issues: ErrorDetail[];
  /** Its body, read up to the cap (or a stream of it past the cap). */
  body: CappedBody;
  /** What the proxy answers instead of forwarding it, under `errors`; null when it conforms. */
  refusal: Response | null;
}

/**
 * Finds a request's operation (`path` normalized) and checks it as the mock would (path
 * parameters, query, JSON body). CORS preflights and control requests (`/__mock`, an upstream
 * mock's) are not the API's operations: forwarded unchecked.
 */
export async function checkRequest(
  request: Request,
  path: string,
  search: string,
  cap: number,
  variant: Variant,
): Promise<CheckedRequest> {
  const { method } = request;
  const bodyless = method === 'GET' || method === 'HEAD';
  const body: CappedBody = bodyless
    ? { bytes: new Uint8Array(0) }
    : await readCapped(request.body, cap);
  const checked: CheckedRequest = { op: null, issues: [], body, refusal: null };
  if (method === 'OPTIONS' || isControlPath(path)) return checked;
  const match = findOperation(method, path);
  if (match.kind !== 'found') {
    const allowed = match.kind === 'method' ? ` (it has ${match.allowed.join(', ')})` : '';
    const message = `path: ${method} ${path} matches no operation of the spec${allowed}`;
    checked.issues.push({ field: 'path', rule: 'route', message });
    checked.refusal =
      match.kind === 'method'
        ? proxyError(405, 'METHOD_NOT_ALLOWED', message, undefined, {
            allow: allowHeader(match.allowed),
          })
        : proxyError(404, 'NOT_FOUND', message);
    return checked;
  }
  checked.op = match.target;
  if (body.stream) {
    checked.issues.push(notValidated(cap));
    return checked;
  }
  const { headers } = request;
  checked.issues = validateProxiedRequest(
    match.target,
    match.params,
    search,
    body.bytes,
    headers,
    variant,
  );
  if (checked.issues.length > 0) {
    checked.refusal = proxyError(400, 'VALIDATION_ERROR', summary(checked.issues), checked.issues);
  }
  return checked;
}

/** The one violation of a body too large to validate, which passes through as it is. */
export function notValidated(cap: number): ErrorDetail {
  return {
    field: 'body',
    rule: 'size',
    message: `body: not validated: larger than ${cap} bytes (passed through as it is)`,
  };
}
