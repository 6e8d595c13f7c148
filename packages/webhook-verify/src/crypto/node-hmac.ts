import { createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

// A string key is converted to a KeyObject inside every createHmac call, which costs about as much
// as hashing 1 KiB; so keys are kept per secret, bounded as in web-crypto-hmac.ts.
const keys = new Map<string, KeyObject>();
const maxKeys = 256;

/** The HMAC key of a secret (its UTF-8 bytes, as `createHmac` takes a string), made once and cached. */
function hmacKey(secret: string): KeyObject {
  let key = keys.get(secret);
  if (key === undefined) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
    keys.set(secret, key);
    // Maps iterate in insertion order: the first key is the oldest.
    if (keys.size > maxKeys) keys.delete(keys.keys().next().value as string);
  }
  return key;
}

/** True when one of `secrets` produced `signature`: node:crypto HMAC, compared with `timingSafeEqual`. */
export function verifyHmacSync(
  secrets: readonly string[],
  prefix: string,
  body: string | Uint8Array,
  signature: Uint8Array,
): boolean {
  for (const secret of secrets) {
    // Streamed in two parts, so the body is never copied to prepend the timestamp.
    const hmac = createHmac('sha256', hmacKey(secret));
    if (prefix !== '') hmac.update(prefix);
    const mac = hmac.update(body).digest();
    if (timingSafeEqual(mac, signature)) return true;
  }
  return false;
}

/** Lower-case hex HMAC-SHA256 of `prefix` + body. */
export function hmacHexSync(secret: string, prefix: string, body: string | Uint8Array): string {
  return createHmac('sha256', hmacKey(secret)).update(prefix).update(body).digest('hex');
}
