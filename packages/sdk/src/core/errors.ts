// biome-ignore-all lint/complexity/noThisInStatic: `this`, not the class's name, which would make a bundler name the class inside its own body (`class _APIError`, as logs then show it).
import type { Schemas } from '../schemas.js';
import { BRAND } from './error-brand.js';
import { parseRateLimit, type RateLimitInfo } from './rate-limit.js';
import { serverDelay } from './retry-policy.js';

/** An error code of the spec (editors complete them), or any other string a server may send. */
export type ErrorCode = Schemas['ErrorCode'] | (string & {});

/** One violated rule of a request, as a `VALIDATION_ERROR` lists them. */
export interface ErrorDetail {
  /** Where the problem is: a body field (`custom_fields.tier`), a parameter, `body` or `query`. */
  field: string;
  /** The rule violated: `required`, `type`, `enum`, `unknown`, `maxLength`, ... */
  rule: string;
  /** Human-readable, beginning with the field: `limit: must be at most 100`. */
  message: string;
}

// Each class below the base declares a private member of its own: private members make TypeScript
// compare classes by declaration, not by shape, so a ConflictError is no NotFoundError, and a guard
// that fails (isValidationError) leaves an APIError an APIError instead of narrowing it to never.
// `declare`d, so nothing is emitted; `name` stays a string, so that users may subclass and rename.
//
// Each class's name is on its prototype (a static block): the guards walk the prototype chain, which
// is the hierarchy in every copy of the package, so that a subclass of the user's is classified by
// the SDK class it extends, whatever it names itself. The base copies it onto the instance, where
// JSON.stringify and logs see it, and where a user's subclass may rename it.

/** Base of every error the SDK throws. */
export class AgentPlatformError extends Error {
  /** Marks SDK errors so that the `isXxx` guards recognise them across duplicate package copies. */
  readonly [BRAND] = true;
  /** The class's name (`'NotFoundError'`), as logs show it, even where a bundler renamed the class. */
  override name: string = (this as Error).name;
  static {
    this.prototype.name = 'AgentPlatformError';
  }
}

interface ErrorEnvelope {
  error?: { code?: unknown; message?: unknown; details?: unknown };
}

/**
 * The server answered with a status of 400 or above, a redirect, a 2xx whose body is not JSON, a
 * list call's 2xx whose body is not a page, or another call's 2xx whose body has no `data`.
 */
export class APIError extends AgentPlatformError {
  static {
    this.prototype.name = 'APIError';
  }
  declare private readonly brandAPIError: never;
  // `declare`d fields, set by the constructor: an emitted field declaration would only add bytes.
  /** The HTTP status. */
  declare readonly status: number;
  /**
   * The API's error code (`NOT_FOUND`, `VALIDATION_ERROR`, ...), when the body carries one: one of
   * the spec's, or another string from something between you and the API (or a mock's fault).
   */
  declare readonly code: ErrorCode | undefined;
  /** Every violated rule, on `VALIDATION_ERROR`. */
  declare readonly details: ErrorDetail[] | undefined;
  /** The response headers. */
  declare readonly headers: Headers;
  /** `X-Request-Id` of the response: quote it when reporting a problem. */
  declare readonly requestId: string | undefined;
  /** The rate-limit window reported on the response. */
  declare readonly rateLimit: RateLimitInfo | undefined;
  /** The parsed response body (the text when it was not JSON). */
  declare readonly body: unknown;

  constructor(status: number, body: unknown, headers: Headers) {
    const { message, code, details } = (body as ErrorEnvelope | undefined)?.error ?? {};
    super(typeof message === 'string' ? message : `HTTP ${status}`);
    // One object rather than an assignment per field: fewer bytes in the browser bundle.
    Object.assign(this, {
      status,
      code: typeof code === 'string' ? code : undefined,
      details: Array.isArray(details) ? (details as ErrorDetail[]) : undefined,
      headers,
      requestId: headers.get('x-request-id') ?? undefined,
      rateLimit: parseRateLimit(headers),
      body,
    });
  }

  /**
   * Builds the subclass that matches the status: the one factory for every API error. A plain
   * function: it may be called unbound, and on a subclass it builds the same.
   */
  static generate: (status: number, body: unknown, headers: Headers, now?: number) => APIError =
    generateError;
}

/** 400: the request is invalid; `details` names each offending field. */
export class ValidationError extends APIError {
  static {
    this.prototype.name = 'ValidationError';
  }
  declare private readonly brandValidationError: never;
}
/** 401: the API key is missing, unknown or revoked. */
export class AuthenticationError extends APIError {
  static {
    this.prototype.name = 'AuthenticationError';
  }
  declare private readonly brandAuthenticationError: never;
}
/** 403: the API key lacks the scope this operation needs. */
export class PermissionDeniedError extends APIError {
  static {
    this.prototype.name = 'PermissionDeniedError';
  }
  declare private readonly brandPermissionDeniedError: never;
}
/** 404: no such resource in this key's workspace. */
export class NotFoundError extends APIError {
  static {
    this.prototype.name = 'NotFoundError';
  }
  declare private readonly brandNotFoundError: never;
}
/** 409: the resource's state forbids the action. */
export class ConflictError extends APIError {
  static {
    this.prototype.name = 'ConflictError';
  }
  declare private readonly brandConflictError: never;
}
/** 413: the body is over the size limit. */
export class PayloadTooLargeError extends APIError {
  static {
    this.prototype.name = 'PayloadTooLargeError';
  }
  declare private readonly brandPayloadTooLargeError: never;
}
/** 429: over the rate limit, after the retries ran out or when the wait exceeded `maxRetryAfter`. */
export class RateLimitError extends APIError {
  static {
    this.prototype.name = 'RateLimitError';
  }
  declare private readonly brandRateLimitError: never;
  /** Seconds the server asked to wait: `Retry-After`, or without a valid one, until `X-RateLimit-Reset`. */
  declare readonly retryAfter: number | undefined;
  constructor(status: number, body: unknown, headers: Headers, now = Date.now()) {
    super(status, body, headers);
    const ms = serverDelay(429, headers, now);
    // Undefined stays undefined, 0 stays 0.
    this.retryAfter = ms && Math.ceil(ms / 1000);
  }
}
/** 500 and above: the server failed. */
export class InternalServerError extends APIError {
  static {
    this.prototype.name = 'InternalServerError';
  }
  declare private readonly brandInternalServerError: never;
}
/** 503: maintenance, degradation or an injected fault. */
export class ServiceUnavailableError extends InternalServerError {
  static {
    this.prototype.name = 'ServiceUnavailableError';
  }
  declare private readonly brandServiceUnavailableError: never;
}

/** No response: DNS, connection refused, reset, or the fetch implementation threw. */
export class APIConnectionError extends AgentPlatformError {
  static {
    this.prototype.name = 'APIConnectionError';
  }
  declare private readonly brandAPIConnectionError: never;
  constructor(message = 'Connection error.', options?: { cause?: unknown }) {
    super(message, options);
  }
}
/** An attempt ran past its `timeout`: before its headers, the last one (GET, PUT and DELETE are retried first, within `maxRetries`), or in a 2xx's body (never retried). */
export class APITimeoutError extends APIConnectionError {
  static {
    this.prototype.name = 'APITimeoutError';
  }
  declare private readonly brandAPITimeoutError: never;
  constructor(message = 'Request timed out.', options?: { cause?: unknown }) {
    super(message, options);
  }
}
/** The caller's `signal` aborted the request. */
export class APIUserAbortError extends AgentPlatformError {
  static {
    this.prototype.name = 'APIUserAbortError';
  }
  declare private readonly brandAPIUserAbortError: never;
  constructor(message = 'Request was aborted.', options?: { cause?: unknown }) {
    super(message, options);
  }
}

/** What generateError calls: RateLimitError's constructor takes `now`, the others ignore it. */
type ErrorClass = new (status: number, body: unknown, headers: Headers, now?: number) => APIError;

const BY_STATUS: Record<number, ErrorClass> = {
  400: ValidationError,
  401: AuthenticationError,
  403: PermissionDeniedError,
  404: NotFoundError,
  409: ConflictError,
  413: PayloadTooLargeError,
  429: RateLimitError,
  503: ServiceUnavailableError,
};

/**
 * APIError.generate. Outside the class, which would otherwise name itself in its body (the bundler
 * then renames it `_APIError`, and logs show that name), and without `this` (an unbound call threw,
 * a subclass's built itself); after the classes, which it names. `now` dates an HTTP-date
 * Retry-After (RateLimitError; the others take no fourth argument).
 */
export function generateError(
  status: number,
  body: unknown,
  headers: Headers,
  now?: number,
): APIError {
  // No cast on the `new` line: Node quotes it atop an uncaught error of any class (source maps).
  const Class: ErrorClass = BY_STATUS[status] ?? (status >= 500 ? InternalServerError : APIError);
  return new Class(status, body, headers, now);
}
