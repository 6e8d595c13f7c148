// The demo both webhook receivers (Express, Hono) run: register the receiver as a webhook through the
// SDK, create a contact, and wait for its verified contact.created delivery.
import { AgentPlatform } from '@agent-platform/sdk';
import {
  isWebhookVerificationError,
  type WebhookEvent,
  type WebhookVerificationError,
} from '@agent-platform/webhook-verify';
import { createDeduper, createMemoryStore } from '@agent-platform/webhook-verify/dedupe';
import { mockControl } from './support/mock-control.js';
import { type ExampleEnv, ExampleStopped } from './support/run-example.js';
import type { ReceiverOptions, RunningReceiver } from './webhook-receiver.js';

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
  let settle!: (outcome: WebhookEvent | WebhookVerificationError | ExampleStopped) => void;
  const firstDelivery = new Promise<WebhookEvent | WebhookVerificationError | ExampleStopped>(
    (resolve) => {
      settle = resolve;
    },
  );
  const receiver = await start({
    secret: () => secrets,
    deduper: createDeduper({
      store: createMemoryStore(),
      // The TTL must outlast the sender's retries (about 81 min in Variant A); a day is comfortable.
      ttlSeconds: 86_400,
      // Variant B signs no time: a delivery replayed once the TTL has passed would be handled again.
      maxEventAgeSeconds: 86_400,
    }),
    onEvent: (event) => {
      log(`verified Variant ${event.variant} ${event.event} (webhook ${event.webhook_id})`);
      settle(event);
    },
    onRejected: (error) => {
      log(`rejected a delivery: ${error.code} (${error.message})`);
      settle(error);
    },
    onFailed: (error, event) => log(`handling ${event.event} failed: ${String(error)}`),
    onTooOld: (event) => {
      log(`skipped a verified ${event.event}: its event is over a day old (${event.timestamp})`);
      settle(new ExampleStopped(tooOld(event)));
    },
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
    if (first instanceof ExampleStopped) throw first;
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
  const clock = await mockControl(env)
    .clock.info()
    .catch((refused: Error) => refused);
  const now = new Date().toISOString();
  // A refusal says what to set to read the clock (the admin token of a mock that has one).
  const clocks =
    clock instanceof Error
      ? `the server's clock is far from this machine's (${now}) (to see it: ${clock.message})`
      : `the mock's clock reads ${clock.now} (${clock.mode} clock), this machine's ${now}`;
  return `${said} — ${clocks}; the receiver checks a Variant A delivery's signing time against real time, as a real receiver must: start the mock with the real clock, or with --clock manual and no --start-time (it starts at the real time), keeping it less than 5 min behind this machine's clock and 60 s ahead of it (advance it by no more than the real time passed)`;
}

/**
 * Why the demo stopped on an event the deduper called too old: it ages events by real time, as a real
 * receiver must, and the event's time is the mock's clock's.
 */
function tooOld(event: WebhookEvent): string {
  return `a delivery came, signed, but its event happened at ${event.timestamp}, over a day before this machine's clock (${new Date().toISOString()}), so the deduper skipped it (maxEventAgeSeconds, Variant B's replay window): start the mock with the real clock, or with --clock manual and no --start-time (it starts at the real time)`;
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
