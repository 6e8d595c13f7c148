import { type ErrorDetail, isMockApiError } from '../errors.js';
import type { OperationInfo } from '../generated/operations.js';
import { validateRequest } from '../http/validate-request.js';
import type { Variant } from '../store/records.js';

/**
 * What is wrong with a request by the spec, as the mock would answer it (path parameters, query,
 * JSON body): the details of its 400, or none. Headers are the upstream's to judge (the API key).
 */
export function validateProxiedRequest(
  op: OperationInfo,
  params: Record<string, string>,
  search: string,
  body: Uint8Array,
  headers: Headers,
  variant: Variant,
): ErrorDetail[] {
  try {
    validateRequest(op, params, search, body, { header: (name) => headers.get(name) }, variant);
    return [];
  } catch (error) {
    if (!isMockApiError(error)) throw error;
    return error.details ?? [{ field: 'request', rule: error.code, message: error.message }];
  }
}
