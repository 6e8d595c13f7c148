import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EndedWebhookAttempt } from '../../src/index.js';
import { createMockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { useWebhooks } from '../support/webhook-harness.js';

const heard: EndedWebhookAttempt[] = [];
const reported: unknown[] = [];
let throwing = false;

describe('onWebhookAttempt', () => {
  const h = useWebhooks({
    variant: 'A',
    onWebhookAttempt: (attempt) => {
      heard.push(attempt);
      if (throwing) throw new Error('listener bug');
    },
    onError: (error) => reported.push(error),
  });

  it('hears each attempt once recorded, with where it left the delivery and the webhook', async () => {
    heard.length = 0;
    const url = h.receiver.url.replace('http://', 'http://ada:s3cret@');
    const { id } = await h.webhook(['contacts'], url);
    h.receiver.answers = [500];
    await h.trigger();
    await h.advance(60_000);
    const [first, second] = heard;
    expect(heard).toHaveLength(2);
    expect(first).toMatchObject({
      webhook_id: id,
      event: 'contact.created',
      test: false,
      url: h.receiver.url.replace('http://', 'http://ada:***@'),
      number: 1,
      attempted_at: '2026-11-20T10:00:00.000Z',
      http_status: 500,
      error: 'HTTP 500',
      succeeded: false,
      delivery_status: 'pending',
      next_attempt_at: '2026-11-20T10:01:00.000Z',
      delivery_error: null,
      webhook_active: true,
    });
    expect(second).toMatchObject({
      delivery_id: first?.delivery_id,
      number: 2,
      http_status: 200,
      error: null,
      succeeded: true,
      delivery_status: 'succeeded',
      next_attempt_at: null,
    });
    // What it hears is what webhookAttempts() lists.
    const listed = h.mock.webhookAttempts({ webhook_id: id });
    expect(listed.map((a) => [a.delivery_id, a.number, a.http_status])).toEqual(
      heard.map((a) => [a.delivery_id, a.number, a.http_status]),
    );
    expect(JSON.stringify(heard)).not.toContain('s3cret');
  });

  it('hears the attempt that deactivates a webhook as the delivery failing, the webhook inactive', async () => {
    heard.length = 0;
    await h.webhook(['contacts']);
    h.receiver.fallback = 500;
    await h.trigger();
    for (const ms of [60_000, 300_000, 900_000, 3_600_000]) await h.advance(ms);
    expect(heard.map((a) => [a.number, a.delivery_status, a.webhook_active])).toEqual([
      [1, 'pending', true],
      [2, 'pending', true],
      [3, 'pending', true],
      [4, 'pending', true],
      [5, 'failed', false],
    ]);
  });

  it("reports a listener's throw to onError, and the deliveries go on", async () => {
    heard.length = 0;
    reported.length = 0;
    throwing = true;
    try {
      const { id } = await h.webhook(['contacts']);
      await h.trigger();
      expect(reported).toEqual([new Error('listener bug')]);
      expect(h.mock.webhookAttempts({ webhook_id: id }).map((a) => a.succeeded)).toEqual([true]);
    } finally {
      throwing = false;
    }
  });
});

describe('onWebhookAttempt with an onError that throws', () => {
  afterEach(() => vi.restoreAllMocks());

  it("says onError's throw on console.error, and the deliveries after it go out", async () => {
    // Thrown within the webhook's lane, it stopped the lane for good: every later delivery waited.
    const said = vi.spyOn(console, 'error').mockImplementation(() => {});
    const answered: string[] = [];
    const mock = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      onWebhookAttempt: () => {
        throw new Error('listener bug');
      },
      onError: (error) => {
        throw error;
      },
      deliveryFetch: async (_url, init) => {
        answered.push(JSON.parse(String(init?.body)).data.name);
        return new Response(null, { status: 204 });
      },
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const call = apiClient(
        { fetch: mock.fetch as typeof fetch, baseUrl: mock.baseUrl, close: async () => {} },
        key,
      );
      await call('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/in', events: ['contacts'] },
      });
      for (const name of ['a', 'b', 'c']) {
        await call('POST', '/v1/contacts', { body: { name } });
        await mock.settle();
      }
      expect(answered).toEqual(['a', 'b', 'c']);
      expect(mock.webhookAttempts().map((a) => a.succeeded)).toEqual([true, true, true]);
      // onError's own throw, once per attempt, with the error it was reporting.
      expect(said.mock.calls).toHaveLength(3);
      expect(said.mock.calls[0]).toEqual([
        '[agent-platform-mock] onError threw while reporting an error of a webhook delivery:',
        new Error('listener bug'),
        new Error('listener bug'),
      ]);
    } finally {
      mock.dispose();
    }
  });
});
