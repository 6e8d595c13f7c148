/** One violated rule of a request, as the error envelope's `details` lists it. */
export interface ErrorDetail {
  /** Where the problem is: a body field (`custom_fields.tier`), a parameter, `body` or `query`. */
  field: string;
  /** The rule violated: `required`, `type`, `enum`, `unknown`, `maxLength`, ... */
  rule: string;
  /** Human-readable, beginning with the field: `limit: must be at most 100`. */
  message: string;
}

/** The error codes of the API's error envelope. */
export type ErrorCode =
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'VALIDATION_ERROR'
  | 'RATE_LIMIT_EXCEEDED'
  | 'INTERNAL_ERROR'
  | 'CONFLICT'
  | 'METHOD_NOT_ALLOWED'
  | 'PAYLOAD_TOO_LARGE'
  | 'SERVICE_UNAVAILABLE';

// Marks the mock's errors, so that the guard and `instanceof` hold across package copies (its ESM and
// CJS builds loaded side by side, the CJS entries' copies), where the prototype chain differs.
const BRAND = Symbol.for('@agent-platform/mock-server.api-error');

/** An error with the API's envelope (`status`, `code`, `details`), as the control methods throw it. */
export class MockApiError extends Error {
  /**
   * `instanceof` by the brand, as `isMockApiError` checks: an error of another copy of the package
   * (its CJS entries each have one; ESM and CJS loaded side by side) is one all the same.
   */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isMockApiError(value);
  }

  /** The HTTP status the API answers with (400, 404, 409...). */
  readonly status: number;
  /** The envelope's `code`, as `VALIDATION_ERROR`. */
  readonly code: ErrorCode;
  /** The violated rules of a 400 `VALIDATION_ERROR` (the first 100); undefined otherwise. */
  readonly details: ErrorDetail[] | undefined;
  /** How many rules were violated in all (`details` lists the first 100); undefined without `details`. */
  readonly detailsTotal: number | undefined;
  /** Headers the response carries besides the usual ones (`Retry-After`). */
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: {
      details?: ErrorDetail[];
      detailsTotal?: number;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.name = 'MockApiError';
    Object.defineProperty(this, BRAND, { value: true });
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.detailsTotal = options.details
      ? (options.detailsTotal ?? options.details.length)
      : undefined;
    this.headers = options.headers ?? {};
  }

  /** The JSON body of the error response. */
  toBody(): {
    /** The envelope every error response of the API has. */
    error: {
      /** `code`: `NOT_FOUND`, `VALIDATION_ERROR`, ... */
      code: ErrorCode;
      /** The message; on `VALIDATION_ERROR` the first rule's, and a count of the others. */
      message: string;
      /** The HTTP status, as `status`. */
      status: number;
      /** The violated rules (at most 100): only on a 400 `VALIDATION_ERROR`. */
      details?: ErrorDetail[];
    };
  } {
    const error = { code: this.code, message: this.message, status: this.status };
    return { error: this.details ? { ...error, details: this.details } : error };
  }
}

// The name the pipeline, the domain and the control routes use for it (older than the export).
export const ApiError = MockApiError;
export type ApiError = MockApiError;

/**
 * Whether a value is an error the mock threw (a `MockApiError`), across package copies too.
 * @example
 * try { mock.faults.add(spec); } catch (error) {
 *   if (isMockApiError(error) && error.code === 'VALIDATION_ERROR') console.log(error.details);
 * }
 */
export function isMockApiError(value: unknown): value is MockApiError {
  return (value as Record<symbol, unknown> | null | undefined)?.[BRAND] === true;
}

/** How many violated rules an answer lists: a body of 100 000 unknown keys is not answered with 8 MB. */
export const MAX_DETAILS = 100;

/** One violated rule: its field, its rule, and a message that begins with the field. */
export function fieldDetail(field: string, rule: string, text: string): ErrorDetail {
  return { field, rule, message: `${field}: ${text}` };
}

/**
 * One detail per item of a list that `accepts` refuses, each named by its place (`at[i]`), its
 * message `why` the item is refused.
 */
export function itemIssues<T>(
  items: readonly T[],
  at: string,
  rule: string,
  accepts: (item: T) => boolean,
  why: (item: T) => string,
): ErrorDetail[] {
  const issues: ErrorDetail[] = [];
  // Every index: forEach skips a hole (`delete scopes[0]` in-process), which was then stored.
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as T;
    if (!accepts(item)) issues.push(fieldDetail(`${at}[${i}]`, rule, why(item)));
  }
  return issues;
}

/** The first detail's message and a count of the others: `x: ... (and 2 more)`. */
export function detailsSummary(details: ErrorDetail[], fallback: string): string {
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `${details[0]?.message ?? fallback}${more}`;
}

/**
 * 400 VALIDATION_ERROR from violated rules: `details` lists the first MAX_DETAILS; the message is
 * the first rule's and a count of all the others.
 */
export function validationError(details: ErrorDetail[]): ApiError {
  return new ApiError(400, 'VALIDATION_ERROR', detailsSummary(details, 'invalid request'), {
    details: details.length > MAX_DETAILS ? details.slice(0, MAX_DETAILS) : details,
    detailsTotal: details.length,
  });
}

/** 400 VALIDATION_ERROR for one field and rule. */
export function invalidField(field: string, rule: string, text: string): ApiError {
  return validationError([fieldDetail(field, rule, text)]);
}

/** 404 NOT_FOUND naming the kind of resource and its id. */
export function notFound(kind: string, id: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `${kind} ${id} not found`);
}

/** 409 CONFLICT with a message naming the current state and the one the action needs. */
export function conflict(message: string): ApiError {
  return new ApiError(409, 'CONFLICT', message);
}
