import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.js';
import { useWebhooks } from '../support/webhook-harness.js';

describe.each(['A', 'B'] as const)('Variant %s delivery order', (variant) => {
  const h = useWebhooks({ variant });

  it('sends a webhook one request at a time, in the order the events happened', async () => {
    await h.webhook(['contacts']);
    // The first answer waits until a second request arrives, or 200 ms: sent in order, none can
    // arrive meanwhile. The wait only bounds how long the test takes, never its outcome.
    let arrivedBeforeFirstAnswer = 0;
    const secondOrTimeout = new Promise<void>((resolve) => {
      const started = Date.now();
      const poll = () => {
        if (h.receiver.received.length >= 2 || Date.now() - started > 200) resolve();
        else setTimeout(poll, 5);
      };
      poll();
    });
    h.receiver.answers = [
      {
        status: 200,
        after: secondOrTimeout,
        closed: () => {
          arrivedBeforeFirstAnswer = h.receiver.received.length;
        },
      },
    ];
    const names = ['C1', 'C2', 'C3', 'C4'];
    for (const name of names) await h.call('POST', '/v1/contacts', { body: { name } });
    await h.mock.settle();
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(names);
    expect(arrivedBeforeFirstAnswer).toBe(1);
  });

  it('still sends to another webhook while one webhook waits on its receiver', async () => {
    await h.webhook(['contacts']);
    await h.webhook(['contacts'], `${h.receiver.url}?other`);
    h.receiver.answers = ['hang'];
    await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    // The hanging receiver holds only its own webhook's lane: the other's request arrives.
    const started = Date.now();
    while (h.receiver.received.length < 2 && Date.now() - started < 5000) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(h.receiver.received.map((r) => r.path).sort()).toEqual(['/hooks', '/hooks?other']);
  });
});

describe('delivery lanes across a reset, dispose and a receiver that never answers', () => {
  // A short grace: a hanging request holds each clock step for that long.
  const h = useWebhooks({ variant: 'B', ids: { seed: 11 }, deliveryGraceMs: 100 });
  const contact = (call: typeof h.call, name: string) =>
    call('POST', '/v1/contacts', { body: { name } });

  it('times out every queued attempt at its own 10 s, not one after another', async () => {
    const { id } = await h.webhook(['contacts']);
    h.receiver.fallback = 'hang';
    for (const name of ['c1', 'c2', 'c3']) await contact(h.call, name);
    await h.advance(10_000);
    const deliveries = await h.call('GET', `/v1/webhooks/${id}/deliveries?order=asc`);
    const attempts = deliveries.body.data.map(
      (d: { attempts: { error: string; attempted_at: string }[] }) => d.attempts,
    );
    // Each failed at the time it would have without the queue, so its retry is not late either.
    expect(attempts).toEqual(
      ['c1', 'c2', 'c3'].map(() => [
        expect.objectContaining({ error: 'timeout', attempted_at: '2026-11-20T10:00:00.000Z' }),
      ]),
    );
    expect(h.receiver.received).toHaveLength(1);
  });

  it('does not hold a new state behind the old one after a reset (same seeded webhook id)', async () => {
    const setUp = async () => {
      const { key } = h.mock.createApiKey({ scopes: 'all' });
      const call = apiClient(
        { fetch: h.mock.fetch as typeof fetch, baseUrl: h.mock.baseUrl, close: async () => {} },
        key,
      );
      const hook = await call('POST', '/v1/webhooks', {
        body: { url: h.receiver.url, events: ['contacts'] },
      });
      return { call, id: hook.body.data.id as string };
    };
    h.mock.reset(); // so that both set-ups draw the same seeded ids
    const before = await setUp();
    h.receiver.answers = ['hang'];
    await contact(before.call, 'old-1');
    await contact(before.call, 'old-2'); // queued behind the hanging request
    h.mock.reset();
    const after = await setUp();
    expect(after.id).toBe(before.id);
    await contact(after.call, 'new-1');
    await contact(after.call, 'new-2');
    await h.mock.settle();
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(['old-1', 'new-1', 'new-2']);
  });

  it('sends nothing that was queued once disposed', async () => {
    await h.webhook(['contacts']);
    let answerFirst = () => {};
    const first = new Promise<void>((resolve) => {
      answerFirst = resolve;
    });
    h.receiver.answers = [{ status: 200, after: first }];
    await contact(h.call, 'c1');
    await contact(h.call, 'c2'); // queued behind c1
    while (h.receiver.received.length === 0) await new Promise((r) => setTimeout(r, 5));
    h.mock.dispose();
    answerFirst(); // c1 is answered only now: c2 must not follow it
    await h.mock.settle();
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(['c1']);
  });
});
