// Shared by the scripts that Deno and Bun run: web APIs only (no Buffer, no node:*).
import type {
  RawBody,
  VerifyWebhookOptions,
  WebhookEvent,
  WebhookVariant,
} from '@agent-platform/webhook-verify';
import vectorsJson from '../../../packages/webhook-verify/test/fixtures/vectors.json' with {
  type: 'json',
};

/** One known-answer vector of packages/webhook-verify/test/fixtures (signed by openssl). */
export interface Vector {
  name: string;
  variant: WebhookVariant;
  secret: string;
  timestamp: string | null;
  bodyHex: string;
  signature: string;
  expect: string;
}

/** What one verification came to: the event's parts, or the error's code. */
export type Outcome =
  | { ok: true; variant: string; event: string; data: unknown }
  | { ok: false; code: string };

/** The webhook id the vectors' bodies carry (make-vectors.sh). */
const vectorWebhookId = '0b6f8e3c-3b8e-4d0a-9c55-6a1f2e7d9b01';

/** The vectors, from the fixture file. */
export const vectors = vectorsJson as readonly Vector[];

/** A vector by name; throws when absent, so a renamed vector fails loudly. */
export function vectorNamed(name: string): Vector {
  const found = vectors.find((v) => v.name === name);
  if (!found) throw new Error(`no vector named ${name}`);
  return found;
}

/** The vector's body bytes. */
export function bytesOf(v: Vector): Uint8Array<ArrayBuffer> {
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

/**
 * The ways a receiver may hand over a vector's body: bytes, an ArrayBuffer and, when the bytes
 * are valid UTF-8 (a string cannot hold the others), a string.
 */
export function bodiesOf(v: Vector): Record<string, RawBody> {
  const bytes = bytesOf(v);
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
