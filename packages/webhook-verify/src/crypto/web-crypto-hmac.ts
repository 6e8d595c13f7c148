import { utf8Encoder as encoder, toHex } from '../utf8.js';

const hmac = { name: 'HMAC', hash: 'SHA-256' } as const;

// Importing a key costs about as much as the HMAC of a small body, so keys are kept per secret;
// bounded (256 keys), because a multi-tenant receiver may see one secret per customer. A key is
// kept as its import's Promise until it resolves, then as the key itself, which verifyHmac can use
// at once.
const keys = new Map<string, CryptoKey | Promise<CryptoKey>>();

/** The HMAC-SHA256 CryptoKey of a secret (its UTF-8 bytes), imported once and cached. */
export function hmacKey(secret: string): CryptoKey | Promise<CryptoKey> {
  const cached = keys.get(secret);
  if (cached !== undefined) return cached;
  const key = crypto.subtle.importKey('raw', encoder.encode(secret), hmac, false, [
    'sign',
    'verify',
  ]);
  // Once imported, the key replaces its Promise (unless evicted meanwhile; set() keeps the secret's
  // place in the eviction order). A failed import is forgotten.
  key.then(
    (imported) => keys.has(secret) && keys.set(secret, imported),
    () => keys.delete(secret),
  );
  keys.set(secret, key);
  // Maps iterate in insertion order: the first key is the oldest.
  if (keys.size > 256) keys.delete(keys.keys().next().value as string);
  return key;
}

/** The bytes that are signed: `prefix` then the body, each as UTF-8. */
export function signedBytes(prefix: string, body: string | Uint8Array): Uint8Array<ArrayBuffer> {
  if (typeof body === 'string') return encoder.encode(prefix + body);
  // Variant B signs the body alone: no copy (WebCrypto takes its own when called). A view of a
  // SharedArrayBuffer is not a BufferSource, so that one is copied below.
  if (prefix === '' && body.buffer instanceof ArrayBuffer) return body as Uint8Array<ArrayBuffer>;
  const head = encoder.encode(prefix);
  const out = new Uint8Array(head.length + body.length);
  out.set(head);
  out.set(body, head.length);
  return out;
}

/** True when one of `secrets` produced `signature`; WebCrypto compares in constant time. */
export async function verifyHmac(
  secrets: readonly string[],
  prefix: string,
  body: string | Uint8Array,
  signature: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const secretKeys = secrets.map(hmacKey);
  let data = signedBytes(prefix, body);
  // WebCrypto copies the bytes it verifies when called, but a call made after an await would read
  // the caller's buffer, which may have changed by then. So the caller's own bytes are passed only
  // to a single call made at once (one secret, its key ready); otherwise they are copied now.
  // `then`, not instanceof Promise: a Promise of another realm (node:vm, Jest) is one too. And a
  // real copy: a Node Buffer's slice() is a view of the same memory.
  if ((secretKeys.length > 1 || 'then' in (secretKeys[0] as object)) && data === body) {
    data = new Uint8Array(data);
  }
  for (const key of secretKeys) {
    if (await crypto.subtle.verify(hmac, 'then' in key ? await key : key, signature, data)) {
      return true;
    }
  }
  return false;
}

/** Lower-case hex HMAC-SHA256 of `prefix` + body. */
export async function hmacHex(
  secret: string,
  prefix: string,
  body: string | Uint8Array,
): Promise<string> {
  return toHex(
    new Uint8Array(
      await crypto.subtle.sign(hmac, await hmacKey(secret), signedBytes(prefix, body)),
    ),
  );
}
