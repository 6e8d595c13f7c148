import { describe, expect, it } from 'vitest';
import { AgentPlatform } from '../src/index.js';
import { createMockServer } from './support/mock-server.js';

describe('webhooks.test and webhooks.deliveries against the mock', () => {
  it('sends a test event, lists deliveries page by page, and reads every attempt', async () => {
    const statuses = [204, 500, 204];
    const mock = createMockServer({
      clock: 'manual',
      // The receiver: an injected fetch, so no network is involved.
      deliveryFetch: async () => new Response(null, { status: statuses.shift() ?? 204 }),
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const client = new AgentPlatform({ apiKey: key, baseUrl: mock.baseUrl, fetch: mock.fetch });
      const webhook = await client.webhooks.create({
        url: 'https://receiver.test/hooks',
        events: ['contacts'],
      });
      expect(webhook.secret).toMatch(/^whsec_/);

      const test = await client.webhooks.test(webhook.id);
      expect(test).toMatchObject({
        event: 'webhook.test',
        http_status: 204,
        succeeded: true,
        error: null,
      });

      await client.contacts.create({ name: 'Ada' });
      await mock.settle();
      await mock.clock.advance(60_000);
      await mock.settle();

      const seen: string[] = [];
      for await (const delivery of client.webhooks.deliveries(webhook.id, {
        limit: 1,
        order: 'asc',
      })) {
        seen.push(
          `${delivery.event}:${delivery.status}:${delivery.attempts.map((a) => a.http_status).join(',')}`,
        );
      }
      expect(seen).toEqual(['webhook.test:succeeded:204', 'contact.created:succeeded:500,204']);
      const failedOnly = await client.webhooks.deliveries(webhook.id, { status: 'failed' });
      expect(failedOnly.data).toEqual([]);
    } finally {
      mock.dispose();
    }
  });
});
