import { readHeader, type WebhookHeaders } from '../read-header.js';
import type { WebhookVariant, WebhookVariantOption } from '../webhook-event.js';
import { WebhookVerificationError } from '../webhook-verification-error.js';
import { variantAHeaders } from './variant-a.js';
import { variantBHeaders } from './variant-b.js';

/** Each variant's signature header. */
export const signatureHeaders = {
  A: variantAHeaders.signature,
  B: variantBHeaders.signature,
} as const;

/**
 * Resolves `'auto'` from which signature header is present; errors when both or neither are. An
 * explicit variant given the other's signature header alone is told so (`missing_header`).
 */
export function detectVariant(
  option: WebhookVariantOption,
  headers: WebhookHeaders,
): WebhookVariant {
  const a = readHeader(headers, signatureHeaders.A) !== undefined;
  const b = readHeader(headers, signatureHeaders.B) !== undefined;
  // The variant whose signature header is the only one present, if one is.
  const found = a !== b && (a ? 'A' : 'B');
  if (option === 'auto') {
    if (found) return found;
    throw a
      ? new WebhookVerificationError(
          'malformed_signature',
          `'auto' found both ${signatureHeaders.A} and ${signatureHeaders.B}`,
        )
      : new WebhookVerificationError(
          'missing_header',
          `'auto' found neither ${signatureHeaders.A} nor ${signatureHeaders.B}`,
        );
  }
  // The receiver is set for the other variant: its own header's absence alone would not say so.
  if (found && found !== option) {
    throw new WebhookVerificationError(
      'missing_header',
      `${signatureHeaders[option]} is missing, but ${signatureHeaders[found]} is there: a Variant ${found} delivery`,
    );
  }
  return option;
}
