import { WebhookVerificationError } from './webhook-verification-error.js';

/** The request body exactly as received: bytes (preferred) or the text it was sent as. */
export type RawBody = string | Uint8Array | ArrayBuffer;

const hint =
  'pass the raw body (string, Uint8Array or ArrayBuffer) as received, before any JSON parser';

/** Checks that `rawBody` is raw text or bytes; bytes become a Uint8Array view without copying. */
export function toBodyBytes(rawBody: unknown): string | Uint8Array {
  if (typeof rawBody === 'string') return rawBody;
  if (rawBody instanceof Uint8Array) return rawBody;
  if (rawBody instanceof ArrayBuffer) return new Uint8Array(rawBody);
  if (ArrayBuffer.isView(rawBody)) {
    return new Uint8Array(rawBody.buffer, rawBody.byteOffset, rawBody.byteLength);
  }
  if (rawBody === undefined || rawBody === null) {
    throw new WebhookVerificationError('invalid_body', `rawBody is missing: ${hint}`);
  }
  throw new WebhookVerificationError(
    'invalid_body',
    `rawBody is a parsed object, not the raw body (re-serialising does not give the signed bytes): ${hint}`,
  );
}
