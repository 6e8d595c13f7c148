import type { WebhookHeaders } from './read-header.js';
import { type RawBody, toBodyBytes } from './to-body-bytes.js';
import { detectVariant } from './variants/detect-variant.js';
import { readVariantAHeaders, type VariantAHeaders } from './variants/variant-a.js';
import { readVariantBSignature } from './variants/variant-b.js';
import type { WebhookVariant, WebhookVariantOption } from './webhook-event.js';

/** A delivery whose format has been checked, ready for the HMAC. */
export interface Delivery {
  variant: WebhookVariant;
  body: string | Uint8Array;
  /** The 32 bytes the sender claims. */
  signature: Uint8Array<ArrayBuffer>;
  /** Signed before the body: `<timestamp>.` in Variant A, nothing in B. */
  prefix: string;
  /** Variant A's headers; undefined in B. */
  a: VariantAHeaders | undefined;
}

/** Checks the body type and the headers of a delivery; no cryptography yet. */
export function readDelivery(
  variantOption: WebhookVariantOption,
  headers: WebhookHeaders,
  rawBody: RawBody,
): Delivery {
  const body = toBodyBytes(rawBody);
  const variant = detectVariant(variantOption, headers);
  if (variant === 'A') {
    const a = readVariantAHeaders(headers);
    return { variant, body, signature: a.signature, prefix: `${a.timestampText}.`, a };
  }
  return { variant, body, signature: readVariantBSignature(headers), prefix: '', a: undefined };
}
