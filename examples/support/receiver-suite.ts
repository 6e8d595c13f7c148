import { AgentPlatform } from '@agent-platform/sdk';
import type { WebhookEvent } from '@agent-platform/webhook-verify';
import { createDeduper, createMemoryStore } from '@agent-platform/webhook-verify/dedupe';
import { describe, expect, it } from 'vitest';
import type { ReceiverOptions, RunningReceiver } from '../webhook-receiver.js';
import { webhookDemo } from '../webhook-receiver.js';
import { mockEnv } from './mock-env.js';

interface Captured {
  url: string;
  body: string;
  headers: Record<string, string>;
}

/** One suite for every receiver example: the demo against the mock, then replays and tampering. */
export function receiverSuite(start: (options: ReceiverOptions) => Promise<RunningReceiver>): void {
  describe.each(['A', 'B'] as const)('Variant %s', (variant) => {
    it('the demo verifies the delivery the mock signed and sent over loopback', async () => {
      const { mock, env, lines } = mockEnv({ variant });
      await webhookDemo(env, start);
      await mock.settle();
      expect(lines).toContain(
        `verified Variant ${variant} contact.created (webhook ${lines[0]?.split(' ')[1]})`,
      );
      expect(lines).toContainEqual(expect.stringMatching(/^the event's contact: [0-9a-f-]{36}$/));
      expect(lines.at(-1)).toBe('delivery status: succeeded');
      expect(mock.webhookAttempts().map((a) => a.http_status)).toEqual([200]);
    });

    it('answers a replayed delivery "duplicate" and a tampered one 400, handling the event once', async () => {
      // The mock's deliveries go through this fetch: it records each request, then sends it.
      const captured: Captured[] = [];
      const { mock, env } = mockEnv({
        variant,
        deliveryFetch: async (input, init) => {
          const request = new Request(input, init);
          captured.push({
            url: request.url,
            body: await request.clone().text(),
            headers: Object.fromEntries(request.headers),
          });
          return fetch(request);
        },
      });
      const handled: WebhookEvent[] = [];
      const secrets: string[] = [];
      const receiver = await start({
        secret: () => secrets,
        deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
        onEvent: (event) => {
          handled.push(event);
        },
      });
      try {
        const client = new AgentPlatform({
          apiKey: env.apiKey,
          baseUrl: env.baseUrl,
          fetch: env.fetch,
        });
        const webhook = await client.webhooks.create({
          url: receiver.url,
          events: ['contact.created'],
        });
        secrets.push(webhook.secret);
        await client.contacts.create({ name: 'Replay Test' });
        await mock.settle();
        expect(handled.map((e) => e.event)).toEqual(['contact.created']);
        const [delivery] = captured;
        if (!delivery) throw new Error('the mock sent nothing');

        const post = (body: string) =>
          fetch(delivery.url, { method: 'POST', body, headers: delivery.headers });
        const replay = await post(delivery.body);
        expect([replay.status, await replay.text()]).toEqual([200, 'duplicate']);

        const tampered = await post(delivery.body.replace('Replay Test', 'Replay Tesu'));
        expect([tampered.status, await tampered.text()]).toEqual([400, 'signature_mismatch']);
        expect(handled).toHaveLength(1);
      } finally {
        await receiver.close();
      }
    });
  });
}
