// What both webhook receivers (Express, Hono) share: dedupe a verified event, handle it, answer.
import { AgentPlatform } from '@agent-platform/sdk';
import type { WebhookEvent } from '@agent-platform/webhook-verify';
import {
  createDeduper,
  createMemoryStore,
  type Deduper,
} from '@agent-platform/webhook-verify/dedupe';
import type { ExampleEnv } from './support/run-example.js';

/** What a receiver needs: its secrets (current and previous during a rotation), a deduper, a handler. */
export interface ReceiverOptions {
  secret: () => string[];
  deduper: Deduper;
  onEvent: (event: WebhookEvent) => void | Promise<void>;
}

/** A receiver listening on loopback. */
export interface RunningReceiver {
  /** Where the platform should POST: `http://127.0.0.1:PORT/webhooks`. */
  url: string;
  close(): Promise<void>;
}

/** After verification: process each event once, and let the sender retry when the handler fails. */
export async function handleVerified(
  event: WebhookEvent,
  { deduper, onEvent }: ReceiverOptions,
): Promise<{ status: 200 | 409 | 500; body: string }> {
  const claim = await deduper.claim(event);
  if (claim === 'completed') return { status: 200, body: 'duplicate' };
  if (claim === 'processing') return { status: 409, body: 'in progress' };
  try {
    await onEvent(event);
  } catch {
    await deduper.release(event);
    return { status: 500, body: 'handler failed' };
  }
  await deduper.complete(event);
  return { status: 200, body: 'ok' };
}

/**
 * The demo both receiver examples run: start a receiver, register it as a webhook through the SDK,
 * create a contact, and wait for the signed `contact.created` delivery to be verified.
 */
export async function webhookDemo(
  { baseUrl, apiKey, fetch, log }: ExampleEnv,
  start: (options: ReceiverOptions) => Promise<RunningReceiver>,
): Promise<void> {
  const client = new AgentPlatform({ apiKey, baseUrl, fetch });
  // In production the secret comes from your secret store; here, from creating the webhook below.
  const secrets: string[] = [];
  let delivered!: (event: WebhookEvent) => void;
  const firstEvent = new Promise<WebhookEvent>((resolve) => {
    delivered = resolve;
  });
  const receiver = await start({
    secret: () => secrets,
    // The TTL must outlast the sender's retries (about 81 min in Variant A); a day is comfortable.
    deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
    onEvent: (event) => {
      log(`verified Variant ${event.variant} ${event.event} (webhook ${event.webhook_id})`);
      delivered(event);
    },
  });
  try {
    const webhook = await client.webhooks.create({
      url: receiver.url,
      events: ['contact.created'],
    });
    secrets.push(webhook.secret);
    log(`webhook ${webhook.id} delivers contact.created to ${receiver.url}`);

    const contact = await client.contacts.create({ name: 'Ann Example', email: 'ann@example.com' });
    log(`created contact ${contact.id}`);

    const event = await withTimeout(firstEvent, 15_000, 'no webhook delivery within 15 s');
    if (event.event === 'contact.created') log(`the event's contact: ${event.data.id}`);

    // The platform's side: the delivery is recorded once our 200 has reached it.
    const status = await deliveryStatus(client, webhook.id);
    log(`delivery status: ${status}`);
    await client.webhooks.delete(webhook.id);
  } finally {
    await receiver.close();
  }
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
