import { parseSignature } from '../parse-signature.js';
import type { WebhookHeaders } from '../read-header.js';
import { requireHeader } from '../require-header.js';

/** Variant B's header name, as the platform sends it. */
export const variantBHeaders = { signature: 'X-Service-Signature' } as const;

/** Reads and decodes Variant B's signature header (B has no timestamp header). */
export function readVariantBSignature(headers: WebhookHeaders): Uint8Array<ArrayBuffer> {
  return parseSignature(
    requireHeader(headers, variantBHeaders.signature, 'malformed_signature'),
    variantBHeaders.signature,
  );
}
