// Shared by the scripts that Deno and Bun run: web APIs only (no Buffer, no node:*).
import type { RawBody, VerifyWebhookOptions, WebhookEvent } from '@agent-platform/webhook-verify';
import {
  bodyOf,
  headersOf,
  receivedAt,
  type Vector,
  vectors,
} from '../../../packages/webhook-verify/test/support/vectors.ts';

export {
  bodyOf,
  headersOf,
  receivedAt,
  type Vector,
  vector,
  vectors,
} from '../../../packages/webhook-verify/test/support/vectors.ts';

/** What one verification came to: the event's parts, or the error's code. */
export type Outcome =
  | { ok: true; variant: string; event: string; data: unknown }
  | { ok: false; code: string };

/**
 * The ways a receiver may hand over a vector's body: bytes, an ArrayBuffer and, when the bytes
 * are valid UTF-8 (a string cannot hold the others), a string.
 */
export function bodiesOf(v: Vector): Record<string, RawBody> {
  const bytes = bodyOf(v);
  const bodies: Record<string, RawBody> = { Uint8Array: bytes, ArrayBuffer: bytes.buffer };
  try {
    bodies.string = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Not valid UTF-8: bytes only.
  }
  return bodies;
}

/** The key of one case in a script's output: `<vector> | <body type> | <headers type>`. */
export function caseKey(vector: string, body: string, headers: string): string {
  return `${vector} | ${body} | ${headers}`;
}

/** The outcome of one verification, however it ended. */
export async function outcomeOf(verify: () => Promise<WebhookEvent>): Promise<Outcome> {
  try {
    const event = await verify();
    return { ok: true, variant: event.variant, event: event.event, data: event.data };
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string') return { ok: false, code };
    throw error;
  }
}

/**
 * Verifies every vector with each body type, with a fetch `Headers` and a plain record, and
 * returns the outcomes by `caseKey`.
 */
export async function vectorOutcomes(
  verify: (options: VerifyWebhookOptions) => Promise<WebhookEvent>,
): Promise<Record<string, Outcome>> {
  const outcomes: Record<string, Outcome> = {};
  for (const v of vectors) {
    for (const [bodyType, rawBody] of Object.entries(bodiesOf(v))) {
      const record = headersOf(v);
      const headerForms = { Headers: new Headers(record), record };
      for (const [headersType, headers] of Object.entries(headerForms)) {
        outcomes[caseKey(v.name, bodyType, headersType)] = await outcomeOf(() =>
          verify({ variant: v.variant, rawBody, headers, secret: v.secret, now: receivedAt(v) }),
        );
      }
    }
  }
  return outcomes;
}

/**
 * Every vector signed by `sign` (signWebhook or signWebhookSync), its signature header by vector
 * name: openssl's, if the signer is right.
 */
export async function vectorSignatures(
  sign: (options: {
    variant: Vector['variant'];
    secret: string;
    rawBody: Uint8Array;
    timestamp: number;
    webhookId: string;
  }) => Record<string, string> | Promise<Record<string, string>>,
): Promise<Record<string, string>> {
  const signatures: Record<string, string> = {};
  for (const v of vectors) {
    const headers = await sign({
      variant: v.variant,
      secret: v.secret,
      rawBody: bodyOf(v),
      timestamp: Number(v.timestamp ?? 0),
      webhookId: 'unused-by-the-signature',
    });
    signatures[v.name] = headers['X-Webhook-Signature'] ?? headers['X-Service-Signature'] ?? '';
  }
  return signatures;
}
