import { parseSignature } from './parse-signature.js';
import type { WebhookHeaders } from './read-header.js';
import { requireHeader } from './require-header.js';
import { type RawBody, toBodyBytes } from './to-body-bytes.js';
import { bodyText } from './utf8.js';
import { detectVariant } from './variants/detect-variant.js';
import { readVariantAHeaders, type VariantAHeaders } from './variants/read-variant-a-headers.js';
import { signatureHeaders } from './variants/signature-headers.js';
import type { WebhookVariant, WebhookVariantOption } from './webhook-event.js';

/** A delivery whose format has been checked, ready for the HMAC. */
export interface Delivery {
  variant: WebhookVariant;
  signedBody: string | Uint8Array;
  /** The 32 bytes the sender claims. */
  signatureBytes: Uint8Array<ArrayBuffer>;
  /** Signed before the body: `<timestamp>.` in Variant A, nothing in B. */
  signedPrefix: string;
  /** Variant A's headers; false in B. */
  a: VariantAHeaders | false;
  /** The body as text, without a byte-order mark: what is parsed once the signature matched. */
  text: string;
}

/**
 * Checks the body type and the headers of a delivery; no cryptography yet. A receiver may reuse its
 * buffer once the call returns, while the HMAC is awaited or before a dedupe claim, yet what is
 * verified must be what is parsed and keyed. So the body is decoded to text now, to be parsed only
 * once verified (the HMAC is over the raw bytes, which `verifyHmac` keeps), and Variant A's bytes,
 * which its dedupe key hashes, are copied. Decoding 64 KiB costs less than copying them.
 */
export function readDelivery(
  variantOption: WebhookVariantOption,
  headers: WebhookHeaders,
  rawBody: RawBody,
): Delivery {
  let body = toBodyBytes(rawBody);
  const variant = detectVariant(variantOption, headers);
  const signatureHeader = signatureHeaders[variant];
  const signature = parseSignature(
    requireHeader(headers, signatureHeader, 'malformed_signature', variant === 'A' ? 'B' : 'A'),
    signatureHeader,
  );
  const a = variant === 'A' && readVariantAHeaders(headers);
  const text = bodyText(body);
  // Not body.slice(): a Node Buffer's slice is a view of the same memory.
  if (a && typeof body !== 'string') body = new Uint8Array(body);
  return {
    variant,
    signedBody: body,
    signatureBytes: signature,
    signedPrefix: a ? a.signedPrefix : '',
    a,
    text,
  };
}
