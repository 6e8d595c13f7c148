import { readHeader, type WebhookHeaders } from './read-header.js';
import { signatureHeaders } from './variants/signature-headers.js';
import type { WebhookVariant } from './webhook-event.js';
import {
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from './webhook-verification-error.js';

/**
 * Reads a header that must be present exactly once: `missing_header` when absent, `onDuplicate`
 * when repeated. Given the `other` variant, a missing signature header says so when the other's is
 * there (a receiver set for the wrong variant).
 */
export function requireHeader(
  headers: WebhookHeaders,
  name: string,
  onDuplicate: WebhookVerificationErrorCode,
  other?: WebhookVariant,
): string {
  const value = readHeader(headers, name);
  if (value === undefined) {
    // No `other` (a header that is not a signature): signatureHeaders has no `undefined`.
    const there = signatureHeaders[other as WebhookVariant];
    throw new WebhookVerificationError(
      'missing_header',
      `${name} is missing${there && readHeader(headers, there) ? `: ${there} is Variant ${other}'s` : ''}`,
    );
  }
  if (value === null) {
    throw new WebhookVerificationError(
      onDuplicate,
      `${name} appears more than once (or holds a comma)`,
    );
  }
  return value;
}
