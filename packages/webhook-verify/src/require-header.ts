import { readHeader, type WebhookHeaders } from './read-header.js';
import {
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from './webhook-verification-error.js';

/**
 * Reads a header that must be present exactly once: `missing_header` when absent, `onDuplicate`
 * when repeated.
 */
export function requireHeader(
  headers: WebhookHeaders,
  name: string,
  onDuplicate: WebhookVerificationErrorCode,
): string {
  const value = readHeader(headers, name);
  if (value === undefined) {
    throw new WebhookVerificationError('missing_header', `${name} is missing`);
  }
  if (value === null) {
    throw new WebhookVerificationError(
      onDuplicate,
      `${name} appears more than once (or holds a comma)`,
    );
  }
  return value;
}
