import { readHeader, type WebhookHeaders } from '../read-header.js';
import type { WebhookVariant, WebhookVariantOption } from '../webhook-event.js';
import { WebhookVerificationError } from '../webhook-verification-error.js';
import { variantAHeaders } from './variant-a.js';
import { variantBHeaders } from './variant-b.js';

/** Resolves `'auto'` from which signature header is present; errors when both or neither are. */
export function detectVariant(
  option: WebhookVariantOption,
  headers: WebhookHeaders,
): WebhookVariant {
  if (option !== 'auto') return option;
  const a = readHeader(headers, variantAHeaders.signature) !== undefined;
  const b = readHeader(headers, variantBHeaders.signature) !== undefined;
  if (a && b) {
    throw new WebhookVerificationError(
      'malformed_signature',
      `'auto' found both ${variantAHeaders.signature} and ${variantBHeaders.signature}`,
    );
  }
  if (!a && !b) {
    throw new WebhookVerificationError(
      'missing_header',
      `'auto' found neither ${variantAHeaders.signature} nor ${variantBHeaders.signature}`,
    );
  }
  return a ? 'A' : 'B';
}
