import { BRAND } from './error-brand.js';
import {
  AgentPlatformError,
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ConflictError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from './errors.js';

/**
 * A guard for the errors of `Class` and below: up the prototype chain, by the names the SDK's
 * classes give their prototypes (errors.ts), which hold in every copy of the package, where
 * `instanceof` fails. Not the error's own `name`, which a subclass of the user's may change.
 */
function guard<T extends Error>(Class: { prototype: T }): (value: unknown) => value is T {
  const kind = Class.prototype.name;
  return (value): value is T => {
    // A primitive has no brand either (`?.` spares null and undefined). Truthy, not `=== true`
    // (the brand is true): 3 B fewer.
    let proto =
      (value as Record<symbol, unknown> | null | undefined)?.[BRAND] &&
      Object.getPrototypeOf(value);
    while (proto && proto.name !== kind) proto = Object.getPrototypeOf(proto);
    return !!proto;
  };
}

/** Any SDK error, even from another copy of the package where `instanceof` fails. */
export const isAgentPlatformError = guard(AgentPlatformError);
/** An HTTP error response of any status. */
export const isAPIError = guard(APIError);
/** 400. */
export const isValidationError = guard(ValidationError);
/** 401. */
export const isAuthenticationError = guard(AuthenticationError);
/** 403. */
export const isPermissionDeniedError = guard(PermissionDeniedError);
/** 404. */
export const isNotFoundError = guard(NotFoundError);
/** 409. */
export const isConflictError = guard(ConflictError);
/** 413. */
export const isPayloadTooLargeError = guard(PayloadTooLargeError);
/** 429. */
export const isRateLimitError = guard(RateLimitError);
/** 500 and above, 503 included. */
export const isInternalServerError = guard(InternalServerError);
/** 503. */
export const isServiceUnavailableError = guard(ServiceUnavailableError);
/** No response, timeouts included. */
export const isAPIConnectionError = guard(APIConnectionError);
/** An attempt timed out. */
export const isAPITimeoutError = guard(APITimeoutError);
/** The caller aborted. */
export const isAPIUserAbortError = guard(APIUserAbortError);
