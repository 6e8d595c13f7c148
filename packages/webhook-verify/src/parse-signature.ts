import { WebhookVerificationError } from './webhook-verification-error.js';

// The value of each hex digit by character code (any case), -1 for anything else: a lookup per
// digit is cheaper than a chain of range tests, and this runs on every delivery.
const hexValues = new Int8Array(128).fill(-1);
for (let i = 0; i < 16; i++) {
  hexValues[i.toString(16).charCodeAt(0)] = i;
  hexValues[i.toString(16).toUpperCase().charCodeAt(0)] = i;
}

/** Decodes a `sha256=` header (64 hex digits, any case) to the 32 signature bytes, or throws `malformed_signature`. */
export function parseSignature(header: string, headerName: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(32);
  // Exactly 71 characters: a truncated or padded signature is malformed, never compared by prefix.
  let ok = header.length === 71 && hasPrefix(header);
  for (let i = 0; ok && i < 32; i++) {
    const hiCode = header.charCodeAt(7 + i * 2);
    const loCode = header.charCodeAt(8 + i * 2);
    // `& 127` keeps the index inside the table; a code above 127 is refused by the test beside it.
    const hi = hexValues[hiCode & 127] as number;
    const lo = hexValues[loCode & 127] as number;
    ok = (hi | lo) >= 0 && (hiCode | loCode) < 128;
    bytes[i] = (hi << 4) | lo;
  }
  if (!ok) {
    throw new WebhookVerificationError(
      'malformed_signature',
      `${headerName} must be sha256= and 64 hex digits`,
    );
  }
  return bytes;
}

/** `sha256=` in any case (a sticky test, without a lower-cased copy). */
function hasPrefix(header: string): boolean {
  return PREFIX.test(header);
}

const PREFIX = /^sha256=/i;
