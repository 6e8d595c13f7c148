import { readHeader, type WebhookHeaders } from '../read-header.js';
import type { WebhookVariant, WebhookVariantOption } from '../webhook-event.js';
import { WebhookVerificationError } from '../webhook-verification-error.js';
import { signatureHeaders } from './signature-headers.js';

/** Resolves `'auto'` from which signature header is present; errors when both or neither are. */
export function detectVariant(
  option: WebhookVariantOption,
  headers: WebhookHeaders,
): WebhookVariant {
  // An explicit variant reads nothing here: a delivery of the other is told so only once its own
  // signature header is found missing (requireHeader), not at the cost of every verification.
  if (option !== 'auto') return option;
  const a = readHeader(headers, signatureHeaders.A) !== undefined;
  const b = readHeader(headers, signatureHeaders.B) !== undefined;
  if (a && b) {
    throw new WebhookVerificationError(
      'malformed_signature',
      `'auto' found both ${signatureHeaders.A} and ${signatureHeaders.B}`,
    );
  }
  if (!a && !b) {
    throw new WebhookVerificationError(
      'missing_header',
      `'auto' found neither ${signatureHeaders.A} nor ${signatureHeaders.B}`,
    );
  }
  return a ? 'A' : 'B';
}
