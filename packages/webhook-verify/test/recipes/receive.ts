import type { Deduper } from '../../src/dedupe.js';
import {
  isWebhookVerificationError,
  type RawBody,
  verifyWebhook,
  type WebhookEventFor,
  type WebhookHeaders,
  type WebhookVariantOption,
} from '../../src/index.js';

/** What every recipe needs: the variant, the secret(s), a deduper, and the application's handler. */
export interface ReceiverOptions<V extends WebhookVariantOption = WebhookVariantOption> {
  variant: V;
  secret: string | string[];
  deduper: Deduper;
  onEvent(event: WebhookEventFor<V>): Promise<void>;
}

/** What to answer; the statuses as literals, as frameworks typed by status code (Hono) want them. */
export interface ReceiverAnswer {
  status: 200 | 400 | 401 | 409 | 500;
  body: string;
}

/** The body limit of the recipes that set one: above the largest delivery (about 12 MB). */
export const MAX_DELIVERY_BYTES = 16 * 1024 * 1024;

// 401: none of our secrets signed it for now (wrong or rotated secret, forgery, replay, skewed clock).
const unauthenticated = ['signature_mismatch', 'timestamp_too_old', 'timestamp_too_new'];

/** Recipe core: verify, dedupe, handle, and say which HTTP status to answer. */
export async function receive<V extends WebhookVariantOption>(
  options: ReceiverOptions<V>,
  rawBody: RawBody,
  headers: WebhookHeaders,
): Promise<ReceiverAnswer> {
  let event: WebhookEventFor<V>;
  try {
    event = await verifyWebhook({
      variant: options.variant,
      rawBody,
      headers,
      secret: options.secret,
    });
  } catch (error) {
    // Not 2xx: the sender will retry, which is right if the fault was a deploy or a clock.
    if (!isWebhookVerificationError(error)) throw error;
    // The code and what it means (a parsed body: what to do), never the headers.
    console.warn(`webhook rejected: ${error.code} (${error.message})`);
    return { status: unauthenticated.includes(error.code) ? 401 : 400, body: error.code };
  }
  const claim = await options.deduper.claim(event);
  if (claim === 'processing') return { status: 409, body: 'in progress' }; // not 2xx: retried later
  // 'completed': acknowledged before. 'too_old' (maxEventAgeSeconds): a 4xx would be retried in vain.
  if (claim !== 'claimed')
    return { status: 200, body: claim === 'completed' ? 'duplicate' : 'too old' };
  try {
    await options.onEvent(event);
  } catch (error) {
    console.error(`webhook ${event.event} failed`, error);
    // So that the sender's retry is processed; if the store is down, the claim lapses after its lease.
    await options.deduper.release(event).catch((storeError: unknown) => {
      console.error(
        `webhook ${event.event}: its claim not released (retried after the lease)`,
        storeError,
      );
    });
    return { status: 500, body: 'handler failed' };
  }
  // Handled: 200 even if the store is down, or the sender's retry would handle it a second time.
  await options.deduper.complete(event).catch((storeError: unknown) => {
    console.error(`webhook ${event.event}: handled, but not marked completed`, storeError);
  });
  return { status: 200, body: 'ok' };
}
