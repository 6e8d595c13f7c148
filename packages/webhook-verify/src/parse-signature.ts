import { WebhookVerificationError } from './webhook-verification-error.js';

// Exactly 71 characters: a truncated or padded signature is malformed, never compared by prefix.
const SIGNATURE = /^sha256=[0-9a-f]{64}$/i;

/** Decodes a `sha256=` header (64 hex digits, any case) to the 32 signature bytes, or throws `malformed_signature`. */
export function parseSignature(header: string, headerName: string): Uint8Array<ArrayBuffer> {
  if (!SIGNATURE.test(header)) {
    throw new WebhookVerificationError(
      'malformed_signature',
      `${headerName} must be sha256= and 64 hex digits`,
    );
  }
  const bytes = new Uint8Array(32);
  for (let i = 0; i < 32; i++) {
    bytes[i] = (nibble(header.charCodeAt(7 + i * 2)) << 4) | nibble(header.charCodeAt(8 + i * 2));
  }
  return bytes;
}

/** A hex digit's value, once the pattern has checked it: `0`-`9` keep their low 4 bits, `a`-`f` and `A`-`F` (bit 6 set) have 1-6 there, plus 9. */
function nibble(code: number): number {
  return (code & 15) + (code >> 6) * 9;
}
