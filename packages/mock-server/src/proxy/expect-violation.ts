import type { CheckedRequest } from './check-request.js';
import { proxyError } from './proxy-answer.js';

/** The request header by which a suite marks a negative test: a request that breaks the spec on purpose. */
export const EXPECT_VIOLATION_HEADER = 'x-contract-expect-violation';

/** Its one value: the request is the side meant to break the spec (its answer is still checked). */
const EXPECTED = 'request';

/**
 * Applies a request's `X-Contract-Expect-Violation` (`value`, null without one) to what the proxy
 * made of it. `request` drops what it breaks: the API's own answer to it is what the test checks,
 * so it is forwarded even under `errors`, and no violation. Any other value is the request's one
 * violation and refused: a test taking that 400 for the API's would pass, the API never asked.
 * Returns whether the proxy refuses it in either mode.
 */
export function applyExpectation(checked: CheckedRequest, value: string | null): boolean {
  if (value === null) return false;
  if (value === EXPECTED) {
    checked.issues = [];
    checked.refusal = null;
    return false;
  }
  const message = `X-Contract-Expect-Violation: must be "${EXPECTED}" (it breaks the spec on purpose), not ${JSON.stringify(value)}: not forwarded`;
  const issue = { field: EXPECT_VIOLATION_HEADER, rule: 'expect-violation', message };
  checked.issues = [issue];
  checked.refusal = proxyError(400, 'VALIDATION_ERROR', message, [issue]);
  return true;
}

const ASKED = 'access-control-request-headers';
const ALLOWED = 'access-control-allow-headers';

/** The header names in a CORS list (`x-api-key, content-type`), in lower case. */
const names = (list: string | null) =>
  (list ?? '').split(',').map((name) => name.trim().toLowerCase());

/** Drops this header from a preflight's Access-Control-Request-Headers: the upstream never hears of it. */
export function hideFromPreflight(headers: Headers): void {
  const rest = names(headers.get(ASKED)).filter(
    (name) => name !== '' && name !== EXPECT_VIOLATION_HEADER,
  );
  if (rest.length > 0) headers.set(ASKED, rest.join(','));
  else headers.delete(ASKED);
}

/**
 * Allows this header in the upstream's answer to a preflight (`asked`, its request's headers) that
 * named it, so that a browser suite may send it whatever headers a real API allows.
 */
export function allowInPreflight(asked: Headers, answer: Headers): void {
  if (!names(asked.get(ASKED)).includes(EXPECT_VIOLATION_HEADER)) return;
  const allowed = answer.get(ALLOWED);
  if (allowed === null) answer.set(ALLOWED, EXPECT_VIOLATION_HEADER);
  else if (!names(allowed).some((name) => name === '*' || name === EXPECT_VIOLATION_HEADER))
    answer.set(ALLOWED, `${allowed}, ${EXPECT_VIOLATION_HEADER}`);
}
