import { createHmac, timingSafeEqual } from 'node:crypto';

/** True when one of `secrets` produced `signature`: node:crypto HMAC, compared with `timingSafeEqual`. */
export function verifyHmacSync(
  secrets: readonly string[],
  prefix: string,
  body: string | Uint8Array,
  signature: Uint8Array,
): boolean {
  for (const secret of secrets) {
    // Streamed in two parts, so the body is never copied to prepend the timestamp.
    const hmac = createHmac('sha256', secret);
    if (prefix !== '') hmac.update(prefix);
    const mac = hmac.update(body).digest();
    if (timingSafeEqual(mac, signature)) return true;
  }
  return false;
}

/** Lower-case hex HMAC-SHA256 of `prefix` + body. */
export function hmacHexSync(secret: string, prefix: string, body: string | Uint8Array): string {
  return createHmac('sha256', secret).update(prefix).update(body).digest('hex');
}
