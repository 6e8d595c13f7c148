import { readFileSync } from 'node:fs';
import type { VerifyWebhookOptions, WebhookVariant } from '../../src/index.js';

/** One known-answer vector, signed by openssl (see fixtures/make-vectors.sh). */
export interface Vector {
  name: string;
  variant: WebhookVariant;
  secret: string;
  timestamp: string | null;
  bodyHex: string;
  signature: string;
  expect: string;
  command: string;
}

/** Every vector of fixtures/vectors.json. */
export const vectors: Vector[] = JSON.parse(
  readFileSync(new URL('../fixtures/vectors.json', import.meta.url), 'utf8'),
);

/** The webhook id the vectors' bodies carry. */
export const vectorWebhookId = '0b6f8e3c-3b8e-4d0a-9c55-6a1f2e7d9b01';

/** A vector by name; throws when absent, so a renamed vector fails loudly. */
export function vector(name: string): Vector {
  const found = vectors.find((v) => v.name === name);
  if (!found) throw new Error(`no vector named ${name}`);
  return found;
}

/** The vector's body bytes. */
export function bodyOf(v: Vector): Uint8Array<ArrayBuffer> {
  return Uint8Array.from(Buffer.from(v.bodyHex, 'hex'));
}

/** Verification options that reproduce the vector's delivery, 10 s after it was signed. */
export function deliveryOf(v: Vector): VerifyWebhookOptions<WebhookVariant> & {
  headers: Record<string, string>;
} {
  const headers: Record<string, string> =
    v.variant === 'A'
      ? {
          'content-type': 'application/json',
          'x-webhook-signature': v.signature,
          'x-webhook-timestamp': v.timestamp ?? '',
          'x-webhook-id': vectorWebhookId,
        }
      : { 'content-type': 'application/json', 'x-service-signature': v.signature };
  return {
    variant: v.variant,
    rawBody: bodyOf(v),
    headers,
    secret: v.secret,
    now: new Date((Number(v.timestamp ?? 1767225600) + 10) * 1000),
  };
}
