// Web APIs only (no Buffer, no node:*): the Deno and Bun scripts of test/runtimes/ use it too.
import type { VerifyWebhookOptions, WebhookVariant } from '../../src/index.js';
import vectorsJson from '../fixtures/vectors.json' with { type: 'json' };

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
export const vectors = vectorsJson as readonly Vector[];

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
  return Uint8Array.from(v.bodyHex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16));
}

/** The vector's delivery headers, as the platform sends them. */
export function headersOf(v: Vector, signature = v.signature): Record<string, string> {
  return v.variant === 'A'
    ? {
        'content-type': 'application/json',
        'x-webhook-signature': signature,
        'x-webhook-timestamp': v.timestamp ?? '',
        'x-webhook-id': vectorWebhookId,
      }
    : { 'content-type': 'application/json', 'x-service-signature': signature };
}

/** The clock of a vector's receiver: `seconds` after it was signed (B has no timestamp). */
export function receivedAt(v: Vector, seconds = 10): Date {
  return new Date((Number(v.timestamp ?? 1767225600) + seconds) * 1000);
}

/** Verification options that reproduce the vector's delivery, 10 s after it was signed. */
export function deliveryOf(v: Vector): VerifyWebhookOptions<WebhookVariant> & {
  headers: Record<string, string>;
} {
  return {
    variant: v.variant,
    rawBody: bodyOf(v),
    headers: headersOf(v),
    secret: v.secret,
    now: receivedAt(v),
  };
}
