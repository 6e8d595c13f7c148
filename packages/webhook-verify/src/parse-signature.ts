import { WebhookVerificationError } from './webhook-verification-error.js';

/** Decodes a `sha256=` header (64 hex digits, any case) to the 32 signature bytes, or throws `malformed_signature`. */
export function parseSignature(header: string, headerName: string): Uint8Array<ArrayBuffer> {
  const bytes = new Uint8Array(32);
  // Exactly 71 characters: a truncated or padded signature is malformed, never compared by prefix.
  let ok = header.length === 71 && header.slice(0, 7).toLowerCase() === 'sha256=';
  for (let i = 0; ok && i < 32; i++) {
    const hi = hexValue(header.charCodeAt(7 + i * 2));
    const lo = hexValue(header.charCodeAt(8 + i * 2));
    ok = hi >= 0 && lo >= 0;
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

function hexValue(code: number): number {
  if (code >= 48 && code <= 57) return code - 48; // 0-9
  const lower = code | 0x20;
  if (lower >= 97 && lower <= 102) return lower - 87; // a-f, A-F
  return -1;
}
