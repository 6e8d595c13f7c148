// README:start receive
import {
  isWebhookVerificationError,
  type RawBody,
  verifyWebhook,
  type WebhookEvent,
  type WebhookHeaders,
} from '@agent-platform/webhook-verify';
// README: import { createDeduper, createMemoryStore } from '@agent-platform/webhook-verify/dedupe';
import type { Deduper } from '@agent-platform/webhook-verify/dedupe';
// README:end receive

/** What a test gives the README's `receive` in place of its own deduper, handler and secrets. */
export interface ReceiverOptions {
  secret: string | string[];
  deduper: Deduper;
  onEvent(event: WebhookEvent): Promise<void>;
}

/** What to answer; the statuses as literals, as frameworks typed by status code (Hono) want them. */
export interface ReceiverAnswer {
  status: 200 | 400 | 401 | 409 | 500;
  body: string;
}

/** The function every recipe hands the raw body and the headers to. */
export type Receive = (rawBody: RawBody, headers: WebhookHeaders) => Promise<ReceiverAnswer>;

/** The body limit the recipes that set one write (16 MiB): above the largest delivery (under 2 MiB). */
export const MAX_DELIVERY_BYTES = 16 * 1024 * 1024;

/** The README's `receive` word for word (readme-regions.test.ts), on the test's options. */
export function receiver(options: ReceiverOptions): Receive {
  // README:start receive

  // README: // One process; a fleet shares a store (Redis, above). maxEventAgeSeconds is Variant B's replay
  // README: // window: without it, a delivery captured and replayed once the TTL has passed is handled again.
  // README: const deduper = createDeduper({
  // README:   store: createMemoryStore(),
  // README:   ttlSeconds: 86_400,
  // README:   maxEventAgeSeconds: 86_400,
  // README: });
  const { deduper } = options;

  // README: // Your own handling of each verified event.
  // README: async function onEvent(event: WebhookEvent): Promise<void> {
  // README:   console.log(event.event);
  // README: }
  const { onEvent } = options;

  // README: // The secret, and during a rotation the previous one too (an unset one is left out, not passed).
  // README: const secrets = [process.env.WEBHOOK_SECRET, process.env.WEBHOOK_SECRET_PREVIOUS].filter(
  // README:   (s): s is string => Boolean(s),
  // README: );
  const secrets = options.secret;

  // The statuses as literals, so that frameworks typed by status code (Hono's c.text) accept them.
  type Answer = { status: 200 | 400 | 401 | 409 | 500; body: string };

  // 401: none of our secrets signed it for now (wrong or rotated secret, forgery, replay, skewed clock).
  const unauthenticated = ['signature_mismatch', 'timestamp_too_old', 'timestamp_too_new'];

  async function receive(rawBody: RawBody, headers: WebhookHeaders): Promise<Answer> {
    let event: WebhookEvent;
    try {
      event = await verifyWebhook({ variant: 'auto', rawBody, headers, secret: secrets });
    } catch (error) {
      if (!isWebhookVerificationError(error)) throw error;
      // The code and what it means (a parsed body: what to do), never the headers.
      console.warn(`webhook rejected: ${error.code} (${error.message})`);
      return { status: unauthenticated.includes(error.code) ? 401 : 400, body: error.code };
    }
    const claim = await deduper.claim(event);
    if (claim === 'processing') return { status: 409, body: 'in progress' }; // retried later
    // A duplicate, or too old (maxEventAgeSeconds): 2xx, as a 4xx would be retried in vain.
    if (claim !== 'claimed')
      return { status: 200, body: claim === 'completed' ? 'duplicate' : 'too old' };
    try {
      await onEvent(event);
    } catch (error) {
      console.error(`webhook ${event.event} failed`, error);
      // So that the sender's retry is processed; if the store is down, the claim lapses after its lease.
      await deduper.release(event).catch((storeError: unknown) => {
        console.error(
          `webhook ${event.event}: its claim not released (retried after the lease)`,
          storeError,
        );
      });
      return { status: 500, body: 'handler failed' };
    }
    // Handled: 200 even if the store is down, or the sender's retry would handle it a second time.
    await deduper.complete(event).catch((storeError: unknown) => {
      console.error(`webhook ${event.event}: handled, but not marked completed`, storeError);
    });
    return { status: 200, body: 'ok' };
  }
  // README:end receive
  return receive;
}
