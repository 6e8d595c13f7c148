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

/**
 * Checks the body type and the headers of a delivery; no cryptography yet. The bytes verified must
 * be the bytes parsed and keyed, so they are copied where the caller's buffer could change between
 * (`copy`: across an await; Variant A always, as its dedupe key is the body, hashed when claimed).
 */
export function readDelivery(
  variantOption: WebhookVariantOption,
  headers: WebhookHeaders,
  rawBody: RawBody,
  copy: boolean,
): Delivery {
  let body = toBodyBytes(rawBody);
  const variant = detectVariant(variantOption, headers);
  // Not body.slice(): a Node Buffer's slice is a view of the same memory.
  if ((copy || variant === 'A') && typeof body !== 'string') body = new Uint8Array(body);
  if (variant === 'A') {
    const a = readVariantAHeaders(headers);
    return { variant, body, signature: a.signature, prefix: `${a.timestampText}.`, a };
  }
  return { variant, body, signature: readVariantBSignature(headers), prefix: '', a: undefined };
}
