// Bundled for the page (test/browser/browser.test.ts): the built mock server in the page itself, on
// the browser's WebCrypto and timers, answering the built SDK through `mock.fetch` (no network), in
// both variants, and signing its webhook deliveries, which the built webhook-verify checks.
import { createMockServer } from '@agent-platform/mock-server';
import { AgentPlatform, NotFoundError } from '@agent-platform/sdk';
import { verifyWebhook } from '@agent-platform/webhook-verify';

/** The results the test checks. */
export async function run(): Promise<Record<string, unknown>> {
  const results: Record<string, unknown> = {};
  for (const variant of ['A', 'B'] as const) {
    const received: Request[] = [];
    const mock = createMockServer({
      variant,
      clock: 'manual',
      deliveryFetch: async (input, init) => {
        received.push(new Request(input, init));
        return new Response(null, { status: 204 });
      },
    });
    const { key } = mock.createApiKey({ scopes: 'all' });
    const sleeps: number[] = [];
    const client = new AgentPlatform({
      apiKey: key,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
      clock: {
        now: () => mock.clock.now(),
        sleep: (ms) => {
          sleeps.push(ms);
          return mock.clock.advance(ms);
        },
      },
    });

    for (const name of ['agent 1', 'agent 2', 'agent 3']) await client.agents.create({ name });
    const listed: string[] = [];
    for await (const agent of client.agents.list({ limit: 2, order: 'asc' })) {
      listed.push(agent.name);
    }
    const [first] = listed;
    const id = (await client.agents.list({ limit: 1, order: 'asc' })).data[0]?.id ?? '';
    await client.agents.delete(id);
    let afterDelete: unknown = 'found';
    try {
      await client.agents.retrieve(id);
    } catch (error) {
      afterDelete = error instanceof NotFoundError ? error.code : String(error);
    }

    // A 429 with Retry-After: 30 moves the mock's clock 30 s instead of waiting.
    const before = mock.clock.now();
    mock.faults.add({ method: 'GET', path: '/v1/agents', status: 429, retry_after: 30 });
    const afterRateLimit = (await client.agents.list()).data.length;
    const rateLimited = { sleeps, advancedMs: mock.clock.now() - before, afterRateLimit };

    // A webhook's test delivery, signed in the page and verified there.
    const webhook = await client.webhooks.create({
      url: 'https://receiver.example/hooks',
      events: ['*'],
    });
    await client.webhooks.test(webhook.id);
    await mock.settle();
    const delivered = [];
    for (const request of received) {
      const event = await verifyWebhook({
        variant,
        rawBody: new Uint8Array(await request.arrayBuffer()),
        headers: request.headers,
        secret: webhook.secret,
        now: new Date(mock.clock.now()),
      });
      delivered.push({ url: request.url, event: event.event });
    }

    results[variant] = { first, listed, afterDelete, rateLimited, delivered };
    mock.dispose();
  }
  return results;
}
