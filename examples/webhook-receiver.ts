// What both webhook receivers (Express, Hono) share: dedupe a verified event, handle it, answer.
import type { Server, ServerResponse } from 'node:http';
import { AgentPlatform } from '@agent-platform/sdk';
import {
  isWebhookVerificationError,
  type WebhookEvent,
  type WebhookVerificationError,
} from '@agent-platform/webhook-verify';
import {
  createDeduper,
  createMemoryStore,
  type Deduper,
} from '@agent-platform/webhook-verify/dedupe';
import { mockControl } from './support/mock-control.js';
import { type ExampleEnv, ExampleStopped } from './support/run-example.js';

/**
 * What a receiver needs: its secrets (current and previous during a rotation), a deduper, a handler,
 * and where to report a delivery that failed verification and a handler that failed (log them: the
 * sender only sees the status).
 */
export interface ReceiverOptions {
  secret: () => string[];
  deduper: Deduper;
  /** Keep it well under the sender's 10 s (queue slow work), and under the deduper's lease. */
  onEvent: (event: WebhookEvent) => void | Promise<void>;
  onRejected: (error: WebhookVerificationError) => void;
  onFailed: (error: unknown, event: WebhookEvent) => void;
}

/** Options of `RunningReceiver.close`. */
export interface CloseOptions {
  /** Milliseconds the deliveries in flight get before every connection is cut (`CLOSE_GRACE_MS`). */
  graceMs?: number;
}

/** A receiver listening on loopback. */
export interface RunningReceiver {
  /** Where the platform should POST: `http://127.0.0.1:PORT/webhooks`. */
  url: string;
  /** Stops gracefully, within `graceMs` (`gracefulClose`): call it on SIGTERM. */
  close(options?: CloseOptions): Promise<void>;
}

/**
 * How long `close()` waits for the deliveries in flight by default: the sender's own timeout (10 s).
 * A delivery still unanswered after that has failed at the sender and will be sent again, so cutting
 * it loses nothing; waiting on could keep the process up for good (a connection that sends nothing, a
 * handler that hangs).
 */
export const CLOSE_GRACE_MS = 10_000;

/**
 * Above the largest delivery the platform sends: one resource, at most a contact with its 100 custom
 * fields full (a multi_select holds 100 values of 200 characters), up to about 12 MB as JSON. The API's own
 * 1 MiB request limit is no bound: a contact's fields add up over updates, and its `contact.updated`
 * carries them all. A lower limit (express.raw's default is 100 kB) refuses real deliveries with 413,
 * which the sender retries and, in Variant A, counts toward deactivating the webhook.
 */
export const MAX_DELIVERY_BYTES = 16 * 1024 * 1024;

/**
 * A delivery that failed verification: reported, then answered with its code, 401 when no secret of
 * ours signed it for now (a wrong or rotated secret, a forgery, a replay or a skewed clock), else 400
 * (not a delivery: a header missing or malformed, a body that is not an event).
 */
export function rejectDelivery(
  error: WebhookVerificationError,
  { onRejected }: ReceiverOptions,
): { status: 400 | 401; body: string } {
  onRejected(error);
  const unauthenticated =
    error.code === 'signature_mismatch' ||
    error.code === 'timestamp_too_old' ||
    error.code === 'timestamp_too_new';
  return { status: unauthenticated ? 401 : 400, body: error.code };
}

/** After verification: process each event once, and let the sender retry when the handler fails. */
export async function handleVerified(
  event: WebhookEvent,
  { deduper, onEvent, onFailed }: ReceiverOptions,
): Promise<{ status: 200 | 409 | 500; body: string }> {
  const claim = await deduper.claim(event);
  if (claim === 'completed') return { status: 200, body: 'duplicate' };
  if (claim === 'processing') return { status: 409, body: 'in progress' }; // retried later
  try {
    await onEvent(event);
  } catch (error) {
    await deduper.release(event); // so that the sender's retry is processed
    onFailed(error, event);
    return { status: 500, body: 'handler failed' };
  }
  await deduper.complete(event);
  return { status: 200, body: 'ok' };
}

/**
 * Readies `server` for a graceful stop, and returns the stop: take no new connection, answer the
 * deliveries in flight (cut, each would count as failed and be retried), close each keep-alive
 * connection once idle, cut whatever is still open after `graceMs`, and resolve when the last
 * connection is closed.
 */
export function gracefulClose(server: Server): (options?: CloseOptions) => Promise<void> {
  // An answer sent while closing leaves its connection idle: close it then, not at the keep-alive timeout.
  server.on('request', (_request, response: ServerResponse) =>
    response.on('finish', () => {
      if (!server.listening) server.closeIdleConnections();
    }),
  );
  return ({ graceMs = CLOSE_GRACE_MS } = {}) =>
    new Promise<void>((resolve) => {
      // server.close() closes the idle connections itself (Node >= 19), not the busy ones, nor one
      // that is connected but has sent nothing (no server timeout applies to it): those are cut.
      const cut = setTimeout(() => server.closeAllConnections(), graceMs);
      server.close(() => {
        clearTimeout(cut);
        resolve();
      });
    });
}

/**
 * The demo both receiver examples run: start a receiver, register it as a webhook through the SDK,
 * create a contact, and wait for the signed `contact.created` delivery to be verified. A rejected
 * delivery stops it, saying why; the webhook is deleted on every exit.
 */
export async function webhookDemo(
  env: ExampleEnv,
  start: (options: ReceiverOptions) => Promise<RunningReceiver>,
): Promise<void> {
  const { baseUrl, apiKey, fetch, log } = env;
  const client = new AgentPlatform({ apiKey, baseUrl, fetch });
  // In production the secret comes from your secret store; here, from creating the webhook below.
  const secrets: string[] = [];
  let settle!: (outcome: WebhookEvent | WebhookVerificationError) => void;
  const firstDelivery = new Promise<WebhookEvent | WebhookVerificationError>((resolve) => {
    settle = resolve;
  });
  const receiver = await start({
    secret: () => secrets,
    // The TTL must outlast the sender's retries (about 81 min in Variant A); a day is comfortable.
    deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
    onEvent: (event) => {
      log(`verified Variant ${event.variant} ${event.event} (webhook ${event.webhook_id})`);
      settle(event);
    },
    onRejected: (error) => {
      log(`rejected a delivery: ${error.code} (${error.message})`);
      settle(error);
    },
    onFailed: (error, event) => log(`handling ${event.event} failed: ${String(error)}`),
  });
  let webhookId: string | undefined;
  try {
    const webhook = await client.webhooks.create({
      url: receiver.url,
      events: ['contact.created'],
    });
    webhookId = webhook.id;
    secrets.push(webhook.secret);
    log(`webhook ${webhook.id} delivers contact.created to ${receiver.url}`);

    const contact = await client.contacts.create({ name: 'Ann Example', email: 'ann@example.com' });
    log(`created contact ${contact.id}`);

    const first = await withTimeout(firstDelivery, 15_000, 'no webhook delivery within 15 s');
    // The sender's retries would be rejected alike (same secret, same clock): stop at the first.
    if (isWebhookVerificationError(first)) throw new ExampleStopped(await rejection(env, first));
    if (first.event === 'contact.created') log(`the event's contact: ${first.data.id}`);

    // The platform's side: the delivery is recorded once our 200 has reached it.
    const status = await deliveryStatus(client, webhook.id);
    log(`delivery status: ${status}`);
  } finally {
    // On every exit: a webhook left registered has the server retrying to a port nobody listens on.
    // A failed delete is logged, not thrown: it must not hide why the demo stopped.
    if (webhookId !== undefined) {
      await client.webhooks
        .delete(webhookId)
        .catch((error: unknown) => log(`could not delete webhook ${webhookId}: ${String(error)}`));
    }
    await receiver.close();
  }
}

/**
 * Why the demo stopped: the rejection's code and message and, for a signing time outside the window,
 * the mock's clock. A receiver must check that time against real time, so the demo does not take
 * the mock's clock as `now`: a mock whose clock is far from real time cannot run it in Variant A.
 */
async function rejection(env: ExampleEnv, error: WebhookVerificationError): Promise<string> {
  const said = `a delivery came but was rejected: ${error.code} (${error.message})`;
  if (error.code !== 'timestamp_too_old' && error.code !== 'timestamp_too_new') return said;
  // Only to explain: a server that is not the mock, or refuses, leaves the clock unnamed.
  const clock = (await mockControl(env, 'GET', '/clock').catch(() => undefined)) as
    | { now?: string; mode?: string }
    | undefined;
  const now = new Date().toISOString();
  const clocks = clock?.now
    ? `the mock's clock reads ${clock.now} (${clock.mode} clock), this machine's ${now}`
    : `the server's clock is far from this machine's (${now})`;
  return `${said} — ${clocks}; the receiver checks a Variant A delivery's signing time against real time, as a real receiver must: start the mock with the real clock, or with --clock manual and no --start-time (it starts at the real time) and advance it by less than 5 min`;
}

/** Polls the webhook's deliveries (bounded) until the first one is no longer pending. */
async function deliveryStatus(client: AgentPlatform, webhookId: string): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [delivery] = (await client.webhooks.deliveries(webhookId)).data;
    if (delivery && delivery.status !== 'pending') return delivery.status;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return 'pending';
}

function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
