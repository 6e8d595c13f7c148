import type { ErrorDetail } from '../errors.js';
import type { OperationInfo } from '../generated/operations.js';
import { allowHeader } from '../http/allow-header.js';
import { isControlPath } from '../http/cors.js';
import { MAX_BODY_BYTES, tooLarge } from '../http/read-body.js';
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
    // Past a cap of 1 MiB or more it is over the spec's limit too; forwarded all the same, as the
    // proxy holds no body past its cap, and the upstream answers its 413.
    if (cap >= MAX_BODY_BYTES) checked.issues.push(overLimit());
    checked.issues.push(notValidated(cap));
    return checked;
  }
  if (body.bytes.byteLength > MAX_BODY_BYTES) {
    // The API answers 413 before it reads a field, as the mock does: the one thing it breaks.
    const issue = overLimit();
    checked.issues.push(issue);
    checked.refusal = proxyError(413, 'PAYLOAD_TOO_LARGE', issue.message, [issue]);
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

/** The violation of a body over the spec's 1 MiB (rule `maxBytes`), worded as the API's 413. */
function overLimit(): ErrorDetail {
  return { field: 'body', rule: 'maxBytes', message: tooLarge().message };
}

/** The one violation of a body too large to validate, which passes through as it is. */
export function notValidated(cap: number): ErrorDetail {
  return {
    field: 'body',
    rule: 'size',
    message: `body: not validated: larger than ${cap} bytes (passed through as it is)`,
  };
}
