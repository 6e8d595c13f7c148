/** One violated rule of a request, as the error envelope's `details` lists it. */
export interface ErrorDetail {
  field: string;
  rule: string;
  message: string;
}

/** The error codes of the API (seed section 7 plus the decided ones). */
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

/** An error the API answers with its envelope; thrown by the pipeline and the domain alike. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly details: ErrorDetail[] | undefined;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { details?: ErrorDetail[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = options.details;
    this.headers = options.headers ?? {};
  }

  /** The JSON body of the error response. */
  toBody(): {
    error: { code: ErrorCode; message: string; status: number; details?: ErrorDetail[] };
  } {
    const error = { code: this.code, message: this.message, status: this.status };
    return { error: this.details ? { ...error, details: this.details } : error };
  }
}

/** How many violated rules an answer lists: a body of 100 000 unknown keys is not answered with 8 MB. */
export const MAX_DETAILS = 100;

/**
 * 400 VALIDATION_ERROR from violated rules: `details` lists the first MAX_DETAILS; the message is
 * the first rule's and a count of all the others.
 */
export function validationError(details: ErrorDetail[]): ApiError {
  const first = details[0]?.message ?? 'invalid request';
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return new ApiError(400, 'VALIDATION_ERROR', `${first}${more}`, {
    details: details.length > MAX_DETAILS ? details.slice(0, MAX_DETAILS) : details,
  });
}

/** 400 VALIDATION_ERROR for one field and rule. */
export function invalidField(field: string, rule: string, text: string): ApiError {
  return validationError([{ field, rule, message: `${field}: ${text}` }]);
}

/** 404 NOT_FOUND naming the kind of resource and its id. */
export function notFound(kind: string, id: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `${kind} ${id} not found`);
}

/** 409 CONFLICT with a message naming the current state and the one the action needs. */
export function conflict(message: string): ApiError {
  return new ApiError(409, 'CONFLICT', message);
}
