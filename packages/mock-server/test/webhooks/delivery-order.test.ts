import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.js';
import { heldAnswer } from '../support/receiver.js';
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

describe.each(['A', 'B'] as const)('Variant %s, a receiver slow once (a cold start)', (variant) => {
  const h = useWebhooks({ variant });

  it('gets the events that waited behind its one timeout, and the webhook stays healthy', async () => {
    const { id } = await h.webhook(['contacts']);
    h.receiver.answers = ['hang'];
    // Five events in a burst: one failure, however many waited behind it, is one failure, and what
    // waited still arrives in order.
    for (const name of ['c1', 'c2', 'c3', 'c4', 'c5']) {
      await h.call('POST', '/v1/contacts', { body: { name } });
    }
    await until(() => h.receiver.received.length === 1);
    await h.advance(10_000);
    const deliveries = (await h.call('GET', `/v1/webhooks/${id}/deliveries?order=asc`)).body.data;
    expect(deliveries.map((d: { status: string }) => d.status)).toEqual([
      'pending',
      'succeeded',
      'succeeded',
      'succeeded',
      'succeeded',
    ]);
    const hook = (await h.call('GET', `/v1/webhooks/${id}`)).body.data;
    if (variant === 'A') expect(hook.active).toBe(true);
    else expect(hook.health).toBe('healthy');
    expect(h.mock.alerts()).toEqual([]);
    await h.advance(variant === 'A' ? 60_000 : 5_000); // c1's retry
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual([
      'c1',
      'c2',
      'c3',
      'c4',
      'c5',
      'c1',
    ]);
  });
});

/**
 * Waits (polling) until `done()`. No deadline of its own: on a loaded machine deliveries only take
 * longer, and the test's timeout (below) is what ends a wait that never comes true.
 */
async function until(done: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await done())) await new Promise((r) => setTimeout(r, 5));
}

describe('delivery lanes: slow receivers, a receiver that never answers, reset and dispose', {
  timeout: 60_000,
}, () => {
  // A short grace: a request held open holds each clock step for that long. An answer may take
  // longer than that on a loaded machine, so a check after one waits for its outcome (`statuses`).
  const h = useWebhooks({ variant: 'B', ids: { seed: 11 }, deliveryGraceMs: 100 });
  const contact = (call: typeof h.call, name: string) =>
    call('POST', '/v1/contacts', { body: { name } });
  const attemptsOf = async (id: string) =>
    (await h.call('GET', `/v1/webhooks/${id}/deliveries?order=asc`)).body.data.map(
      (d: { status: string; attempts: { error: string | null; attempted_at: string }[] }) => ({
        status: d.status,
        attempts: d.attempts.map((a) => ({ error: a.error, at: a.attempted_at })),
      }),
    );
  /** Waits until the webhook's deliveries have these statuses, oldest first. */
  const statuses = (id: string, expected: string[]) =>
    until(async () => {
      const rows = (await attemptsOf(id)) as { status: string }[];
      return JSON.stringify(rows.map((r) => r.status)) === JSON.stringify(expected);
    });

  it('gives each attempt its full 10 s once sent: a receiver that answers in 6 s gets every event', async () => {
    const { id } = await h.webhook(['contacts']);
    const answers = [heldAnswer(), heldAnswer(), heldAnswer()];
    h.receiver.answers = answers.map((a) => a.answer);
    for (const name of ['c1', 'c2', 'c3']) await contact(h.call, name);
    for (const [i, { release }] of answers.entries()) {
      await until(() => h.receiver.received.length === i + 1);
      await h.advance(6_000); // the receiver takes 6 s of the mock's clock, within the contract's 10
      release();
    }
    await statuses(id, ['succeeded', 'succeeded', 'succeeded']);
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(['c1', 'c2', 'c3']);
  });

  it('sends what waits behind two timeouts in a row together, each attempt with its full 10 s', async () => {
    const { id } = await h.webhook(['contacts']);
    h.receiver.fallback = 'hang';
    for (const name of ['c1', 'c2', 'c3', 'c4']) await contact(h.call, name);
    await until(() => h.receiver.received.length === 1);
    await h.advance(10_000); // c1 times out: c2 goes out alone, in order (the receiver may be slow once)
    await until(() => h.receiver.received.length === 2);
    await h.advance(10_000); // c2 times out too: c3, c4 and c1's retry (due at 15 s) go out together
    await until(() => h.receiver.received.length === 5);
    const names = h.receiver.received.map((r) => r.json.data.name);
    expect(names.slice(0, 2)).toEqual(['c1', 'c2']);
    expect(names.slice(2).sort()).toEqual(['c1', 'c3', 'c4']); // together: in no set order
    await h.advance(10_000);
    const sent = (s: number) => `2026-11-20T10:00:${String(s).padStart(2, '0')}.000Z`;
    // Timed out at 30 s on the clock; recorded once their requests are torn down.
    await until(async () => (await attemptsOf(id))[3].attempts.length === 1);
    expect(await attemptsOf(id)).toEqual([
      {
        status: 'pending',
        attempts: [
          { error: 'timeout', at: sent(0) },
          { error: 'timeout', at: sent(20) },
        ],
      },
      { status: 'pending', attempts: [{ error: 'timeout', at: sent(10) }] },
      { status: 'pending', attempts: [{ error: 'timeout', at: sent(20) }] },
      { status: 'pending', attempts: [{ error: 'timeout', at: sent(20) }] },
    ]);
  });

  it('keeps a delivery stopped while its attempt was in flight stopped, or succeeded once the receiver acknowledged it', async () => {
    const { id } = await h.webhook(['contacts']);
    const failing = heldAnswer(500);
    const acknowledged = heldAnswer(200);
    h.receiver.answers = [failing.answer, acknowledged.answer];
    const setActive = (active: boolean) =>
      h.call('PUT', `/v1/webhooks/${id}`, { body: { active } });
    await contact(h.call, 'c1');
    await until(() => h.receiver.received.length === 1);
    await setActive(false); // c1 stops while its attempt is in flight...
    await setActive(true); // ...and stays stopped when the webhook is on again
    failing.release();
    await until(async () => (await attemptsOf(id))[0].attempts.length === 1);
    await contact(h.call, 'c2');
    await until(() => h.receiver.received.length === 2);
    await setActive(false);
    acknowledged.release(); // c2 arrived after all
    await statuses(id, ['failed', 'succeeded']); // before the clock passes c2's 10 s
    await h.advance(3_600_000);
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(['c1', 'c2']);
    const deliveries = (await h.call('GET', `/v1/webhooks/${id}/deliveries?order=asc`)).body.data;
    expect(deliveries).toMatchObject([
      { status: 'failed', error: 'webhook_deactivated', next_attempt_at: null },
      { status: 'succeeded', error: null, next_attempt_at: null },
    ]);
    expect(deliveries.map((d: { attempts: unknown[] }) => d.attempts.length)).toEqual([1, 1]);
    expect(h.mock.clock.pending()).toBe(0);
  });

  it('gives a delivery waiting behind the attempt in flight the time it fell due, a first attempt as a retry', async () => {
    const { id } = await h.webhook(['contacts']);
    const slow = heldAnswer(200);
    h.receiver.answers = [500, slow.answer];
    await contact(h.call, 'c1'); // fails: its retry is due at +5 s
    await h.mock.settle();
    await contact(h.call, 'c2'); // held by the receiver
    await until(() => h.receiver.received.length === 2);
    await contact(h.call, 'c3'); // its first attempt waits behind c2's
    await h.advance(5_000); // c1's retry falls due, and waits behind c2's too
    const waiting = (await h.call('GET', `/v1/webhooks/${id}/deliveries?order=asc`)).body.data;
    expect(
      waiting.map((d: { status: string; next_attempt_at: string | null }) => [
        d.status,
        d.next_attempt_at,
      ]),
    ).toEqual([
      ['pending', '2026-11-20T10:00:05.000Z'],
      ['pending', null], // in flight
      ['pending', '2026-11-20T10:00:00.000Z'],
    ]);
    slow.release();
    await statuses(id, ['succeeded', 'succeeded', 'succeeded']);
    const done = (await h.call('GET', `/v1/webhooks/${id}/deliveries?order=asc`)).body.data;
    expect(done.every((d: { next_attempt_at: string | null }) => d.next_attempt_at === null)).toBe(
      true,
    );
  });

  /** A key, a client and a webhook to the receiver: with seeded ids, the same ids after a reset. */
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

  it('does not hold a new state behind the old one after a reset (same seeded webhook id)', async () => {
    h.mock.reset(); // so that both set-ups draw the same seeded ids
    const before = await setUp();
    h.receiver.answers = ['hang'];
    await contact(before.call, 'old-1');
    await contact(before.call, 'old-2'); // queued behind the hanging request
    // old-1 is out (its signing over): an attempt still being signed at a reset is not sent.
    await until(() => h.receiver.received.length === 1);
    h.mock.reset();
    const after = await setUp();
    expect(after.id).toBe(before.id);
    await contact(after.call, 'new-1');
    await contact(after.call, 'new-2');
    await until(() => h.receiver.received.length >= 3);
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(['old-1', 'new-1', 'new-2']);
  });

  it('records nothing from an attempt that ends after a reset', async () => {
    h.mock.reset();
    const before = await setUp();
    const first = heldAnswer(500);
    h.receiver.answers = [first.answer, 500, 500, 500, 500];
    await contact(before.call, 'old-1');
    await until(() => h.receiver.received.length === 1);
    h.mock.reset();
    const after = await setUp(); // the same seeded webhook id
    for (const name of ['new-1', 'new-2', 'new-3', 'new-4']) await contact(after.call, name);
    await until(() => h.receiver.received.length === 5);
    await h.mock.settle();
    first.release(); // old-1 fails now: counted, it would be the new webhook's 5th failure in a row
    await h.mock.settle();
    const hook = await after.call('GET', `/v1/webhooks/${after.id}`);
    expect(hook.body.data.health).toBe('healthy');
    expect(await attemptsOf(after.id)).toHaveLength(4);
  });

  it('sends nothing queued, and retries nothing, once disposed', async () => {
    await h.webhook(['contacts']);
    const first = heldAnswer(500);
    h.receiver.answers = [first.answer];
    await contact(h.call, 'c1');
    await contact(h.call, 'c2'); // queued behind c1
    await until(() => h.receiver.received.length === 1);
    h.mock.dispose();
    first.release(); // c1 fails only now: neither c2 nor a retry of c1 may follow it
    await h.mock.settle();
    await h.mock.clock.advance(60_000);
    await h.mock.settle();
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(['c1']);
  });
});
