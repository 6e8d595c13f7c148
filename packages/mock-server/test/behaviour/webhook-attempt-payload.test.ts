import { describe, expect, it } from 'vitest';
import { connectMock } from '../../src/client.js';
import { createMockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { inProcess, transports } from '../support/transports.js';

// A suite with no receiver of its own (another language, a receiver it cannot inspect) asserts on
// what the mock sent: the attempts of one event, each with the body it sent as signed.

describe.each(transports)(
  'webhook attempts by event, with their payload, over $name',
  (transport) => {
    const h = useMock(transport, {
      variant: 'B',
      deliveryFetch: async () => new Response(null, { status: 204 }),
    });

    /** A webhook for every event, then a conversation started with "Hi": three events delivered. */
    async function conversation() {
      const hook = await h.call('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/all', events: ['*'] },
      });
      const agent = await h.call('POST', '/v1/agents', { body: { name: 'Ada' } });
      const started = await h.call('POST', `/v1/agents/${agent.body.data.id}/conversation`, {
        body: { message: 'Hi' },
      });
      await h.call('POST', '/__mock/settle');
      return {
        webhookId: hook.body.data.id as string,
        chatId: started.body.data.conversation_id as string,
      };
    }

    it('takes the attempts of one event, each with the payload sent', async () => {
      const { webhookId, chatId } = await conversation();
      const res = await h.call('GET', `/__mock/webhook-attempts?event=message.received`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(1);
      const [attempt] = res.body.data;
      expect(attempt).toMatchObject({ event: 'message.received', webhook_id: webhookId });
      expect(attempt.payload).toMatchObject({
        event: 'message.received',
        event_id: attempt.event_id,
        webhook_id: webhookId,
        data: { conversation_id: chatId, content: 'Hi', sender_type: 'customer' },
      });
      // The same in-process and through connectMock.
      expect(h.mock.webhookAttempts({ event: 'message.received' })).toEqual(res.body.data);
      const client = connectMock(h.connection.baseUrl, { fetch: h.connection.fetch });
      expect(
        await client.webhookAttempts({ event: 'message.received', webhook_id: webhookId }),
      ).toEqual(res.body.data);
      const all = await h.call('GET', '/__mock/webhook-attempts');
      expect(all.body.data.map((a: { event: string }) => a.event)).toEqual([
        'conversation.created',
        'message.received',
        'message.sent',
      ]);
    });

    it('keeps the newest limit attempts of those the filters take, as the journal does', async () => {
      await conversation();
      const newest = await h.call('GET', '/__mock/webhook-attempts?limit=2');
      expect(newest.status).toBe(200);
      expect(newest.body.data.map((a: { event: string }) => a.event)).toEqual([
        'message.received',
        'message.sent',
      ]);
      expect(h.mock.webhookAttempts({ limit: 1 }).map((a) => a.event)).toEqual(['message.sent']);
      const one = await h.call(
        'GET',
        '/__mock/webhook-attempts?event=conversation.created&limit=5',
      );
      expect(one.body.data.map((a: { event: string }) => a.event)).toEqual([
        'conversation.created',
      ]);
      const zero = await h.call('GET', '/__mock/webhook-attempts?limit=0');
      expect(zero.status).toBe(400);
      expect(zero.body.error.details[0]).toMatchObject({ field: 'limit', rule: 'minimum' });
    });

    it('takes webhook.test, and refuses an event the variant does not have, naming the one meant', async () => {
      const { webhookId } = await conversation();
      await h.call('POST', `/v1/webhooks/${webhookId}/test`);
      const tests = await h.call('GET', '/__mock/webhook-attempts?event=webhook.test');
      expect(tests.body.data).toMatchObject([{ event: 'webhook.test', test: true }]);
      expect(tests.body.data[0].payload).toMatchObject({ event: 'webhook.test' });

      const typo = await h.call('GET', '/__mock/webhook-attempts?event=message.recieved');
      expect(typo.status).toBe(400);
      expect(typo.body.error.details).toEqual([
        {
          field: 'event',
          rule: 'enum',
          message:
            'event: "message.recieved" is not an event of Variant B; did you mean "message.received"?',
        },
      ]);
      // Variant A's name for it: B calls it appointment.canceled.
      const other = await h.call('GET', '/__mock/webhook-attempts?event=appointment.cancelled');
      expect(other.status).toBe(400);
      expect(other.body.error.details[0]).toMatchObject({ field: 'event', rule: 'enum' });
      expect(() => h.mock.webhookAttempts({ event: 'message.recieved' })).toThrow(
        /did you mean "message.received"/,
      );
    });

    it('does not take an event filter for alerts, which are of a webhook, not of an event', async () => {
      const res = await h.call('GET', '/__mock/alerts?event=message.received');
      expect(res.status).toBe(400);
      expect(res.body.error.details).toMatchObject([{ field: 'event', rule: 'unknown' }]);
    });
  },
);

describe("webhook attempts by event, against a Variant A server's names", () => {
  it('takes the names Variant A sends, and refuses a Variant B one, naming the one meant', async () => {
    const mock = createMockServer({
      clock: 'manual',
      variant: 'A',
      deliveryFetch: async () => new Response(null, { status: 204 }),
    });
    try {
      const { key, workspace_id } = mock.createApiKey({ scopes: 'all' });
      await apiClient(inProcess(mock), key)('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/a', events: ['*'] },
      });
      await apiClient(inProcess(mock), key)('POST', '/v1/contacts', { body: { name: 'Ada' } });
      await mock.settle();
      expect(mock.webhookAttempts({ event: 'contact.created' })).toMatchObject([
        { event: 'contact.created', payload: { event: 'contact.created', data: { name: 'Ada' } } },
      ]);
      expect(mock.webhookAttempts({ event: 'contact.created' })[0]?.payload).not.toHaveProperty(
        'event_id',
      );
      // Variant A's spelling of B's appointment.canceled: none sent yet, and no typo.
      expect(mock.webhookAttempts({ event: 'appointment.cancelled', workspace_id })).toEqual([]);
      expect(() => mock.webhookAttempts({ event: 'appointment.canceled' })).toThrow(
        'event: "appointment.canceled" is not an event of Variant A; did you mean "appointment.cancelled"?',
      );
    } finally {
      mock.dispose();
    }
  });
});

describe('webhook attempts in the order they were made', () => {
  it("puts the retries after the later deliveries' first attempts, and limit keeps the newest of that order", async () => {
    let calls = 0;
    const mock = createMockServer({
      clock: 'manual',
      variant: 'A',
      // Every other delivery's first attempt fails: it is retried a minute later.
      deliveryFetch: async () => new Response(null, { status: calls++ % 2 === 0 ? 500 : 204 }),
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const call = apiClient(inProcess(mock), key);
      await call('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/a', events: ['contact.created'] },
      });
      // Deliveries at the same instant, made in the order of their events.
      const names = Array.from({ length: 6 }, (_, i) => `c${i}`);
      for (const name of names) await call('POST', '/v1/contacts', { body: { name } });
      await mock.settle();
      await mock.clock.advance(60_000);
      const made = (attempts: { number: number; payload: unknown }[]) =>
        attempts.map((a) => `${(a.payload as { data: { name: string } }).data.name}#${a.number}`);
      const retried = names.filter((_, i) => i % 2 === 0).map((name) => `${name}#2`);
      expect(made(mock.webhookAttempts())).toEqual([...names.map((n) => `${n}#1`), ...retried]);
      expect(made(mock.webhookAttempts({ limit: 4 }))).toEqual(['c5#1', ...retried]);
    } finally {
      mock.dispose();
    }
  });
});

describe('webhook attempts filtered', () => {
  it("take a webhook that exists but was sent nothing yet, and list the variant's events for a name near none", async () => {
    const mock = createMockServer({ clock: 'manual', variant: 'B' });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const hook = await apiClient(inProcess(mock), key)('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/a', events: ['*'] },
      });
      expect(mock.webhookAttempts({ webhook_id: hook.body.data.id })).toEqual([]);
      expect(() => mock.webhookAttempts({ event: 'zzz' })).toThrow(
        /^event: "zzz" is not an event of Variant B, whose events are .*"message\.received"/,
      );
    } finally {
      mock.dispose();
    }
  });
});

describe('an attempt payload of a hand-written state', () => {
  it('is the body as text when it is not JSON, rather than a 500 for every read', async () => {
    const mock = createMockServer({
      clock: 'manual',
      deliveryFetch: async () => new Response(null, { status: 204 }),
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const call = apiClient(inProcess(mock), key);
      await call('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/a', events: ['*'] },
      });
      await call('POST', '/v1/contacts', { body: { name: 'Ada' } });
      await mock.settle();
      const state = mock.exportState();
      const [delivery] = state.tables.deliveries as { _body: string }[];
      if (delivery) delivery._body = 'not json {';
      mock.importState(state);
      expect(mock.webhookAttempts().map((a) => a.payload)).toEqual(['not json {']);
    } finally {
      mock.dispose();
    }
  });
});
