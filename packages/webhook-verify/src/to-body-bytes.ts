import { WebhookVerificationError } from './webhook-verification-error.js';

/** The request body exactly as received: bytes (preferred) or the text it was sent as. */
export type RawBody = string | Uint8Array | ArrayBuffer;

/** Checks that `rawBody` is raw text or bytes, not detached; bytes become a Uint8Array view without copying. */
export function toBodyBytes(rawBody: unknown): string | Uint8Array {
  // The common cases, as they are (a view of a detached buffer is empty: this one is not).
  if (typeof rawBody === 'string' || (rawBody instanceof Uint8Array && rawBody.length)) {
    return rawBody;
  }
  // The tag, not instanceof: an ArrayBuffer made in another realm (node:vm, a Jest environment) is
  // one too. The tags that end so are ArrayBuffer's and SharedArrayBuffer's.
  const tag = Object.prototype.toString.call(rawBody).slice(8, -1);
  try {
    // A buffer transferred to a worker (postMessage, structuredClone) is detached: a view of it
    // reads as empty, so no bytes at all would be verified or signed. A view over it cannot be
    // made (a DataView's byteOffset cannot even be read): that TypeError becomes invalid_body.
    if (ArrayBuffer.isView(rawBody)) {
      return new Uint8Array(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
    }
    if (tag.endsWith('ArrayBuffer')) return new Uint8Array(rawBody as ArrayBuffer);
  } catch {
    throw notRaw('a detached buffer');
  }
  throw notRaw(
    rawBody == null
      ? 'missing'
      : typeof (rawBody as { pipe?: unknown }).pipe === 'function'
        ? 'a stream'
        : tag === 'Object'
          ? 'a parsed object (not the bytes that were signed)'
          : `a value of type ${tag}`,
  );
}

function notRaw(what: string): WebhookVerificationError {
  return new WebhookVerificationError(
    'invalid_body',
    `rawBody is ${what}: pass the raw body (string, Uint8Array or ArrayBuffer) as received, before any JSON parser`,
  );
}
