import { readHeader, type WebhookHeaders } from './read-header.js';
import {
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from './webhook-verification-error.js';

/**
 * Reads a header that must be present exactly once: `missing_header` when absent, `onDuplicate`
 * when repeated. `name` is for messages; `key` is its lower-case form, computed once by the caller.
 */
export function requireHeader(
  headers: WebhookHeaders,
  name: string,
  key: string,
  onDuplicate: WebhookVerificationErrorCode,
): string {
  const value = readHeader(headers, key);
  if (value === undefined) {
    throw new WebhookVerificationError('missing_header', `${name} is missing`);
  }
  if (value === null) {
    throw new WebhookVerificationError(onDuplicate, `${name} appears more than once`);
  }
  return value;
}
