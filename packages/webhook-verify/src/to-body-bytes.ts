import { WebhookVerificationError } from './webhook-verification-error.js';

/** The request body exactly as received: bytes (preferred) or the text it was sent as. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** Checks that `rawBody` is raw text or bytes; bytes become a Uint8Array view without copying. */
export function toBodyBytes(rawBody: unknown): string | Uint8Array {
  if (typeof rawBody === 'string') return rawBody;
  if (rawBody instanceof Uint8Array) return rawBody;
  if (ArrayBuffer.isView(rawBody)) {
    return new Uint8Array(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  }
  // The tag, not instanceof: an ArrayBuffer made in another realm (node:vm, a Jest environment) is one too.
  const tag = Object.prototype.toString.call(rawBody).slice(8, -1);
  if (tag === 'ArrayBuffer' || tag === 'SharedArrayBuffer') {
    return new Uint8Array(rawBody as ArrayBuffer);
  }
  throw new WebhookVerificationError(
    'invalid_body',
    `rawBody is ${
      rawBody == null
        ? 'missing'
        : typeof (rawBody as { pipe?: unknown }).pipe === 'function'
          ? 'a stream'
          : tag === 'Object'
            ? 'a parsed object, not the raw body (re-serialising does not give the signed bytes)'
            : `a value of type ${tag}`
    }: pass the raw body (string, Uint8Array or ArrayBuffer) as received, before any JSON parser`,
  );
}
