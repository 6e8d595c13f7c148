import { describe, expect, it, vi } from 'vitest';
import { outcomeBoth } from '../../test/support/outcome.js';
import { bodyOf, deliveryOf, vector } from '../../test/support/vectors.js';
import { verifyWebhook } from '../verify-webhook.js';
import { verifyWebhookSync } from '../verify-webhook-sync.js';
import { createDeduper } from './create-deduper.js';
import { createMemoryStore } from './create-memory-store.js';
import { webhookDedupeKey } from './webhook-dedupe-key.js';

describe('createDeduper', () => {
  it('takes an option given as undefined as left out, as createMemoryStore does', async () => {
    const store = createMemoryStore({ maxEntries: undefined, now: undefined });
    const deduper = createDeduper({
      store,
      ttlSeconds: 60,
      leaseSeconds: undefined,
      prefix: undefined,
      now: undefined,
    });
    expect(await deduper.claim('e1')).toBe('claimed');
    expect(await store.get('webhook-dedupe:e1')).toEqual(expect.any(String));
    expect(await deduper.claim('e1')).toBe('processing');
  });

  it('B: a replay after completion is recognised by the signed event_id', async () => {
    const deduper = createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 });
    const delivery = {
      ...deliveryOf(vector('B: ascii conversation.created')),
      variant: 'B' as const,
    };
    const first = await verifyWebhook(delivery);
    expect(await deduper.claim(first)).toBe('claimed');
    await deduper.complete(first);
    // B signs no timestamp: the very same request verifies again, only dedupe stops it.
    const replay = await verifyWebhook(delivery);
    expect(await deduper.claim(replay)).toBe('completed');
    expect(await deduper.claim(replay.event_id)).toBe('completed');
  });

  it('A: a retry (new timestamp header, same body) has the same key', async () => {
    const v = vector('A: ascii conversation.created');
    const first = await outcomeBoth(deliveryOf(v));
    const body = new TextDecoder().decode(deliveryOf(v).rawBody as Uint8Array);
    const { signWebhook } = await import('../sign-webhook.js');
    const retryTs = Number(v.timestamp) + 60;
    const headers = await signWebhook({
      variant: 'A',
      secret: v.secret,
      rawBody: body,
      timestamp: retryTs,
    });
    const retry = await verifyWebhook({
      variant: 'A',
      rawBody: body,
      headers: { ...headers },
      secret: v.secret,
      now: new Date(retryTs * 1000),
    });
    if (!first.ok) throw new Error('the vector must verify');
    expect(await webhookDedupeKey(retry)).toBe(await webhookDedupeKey(first.event));
    expect(await webhookDedupeKey(first.event)).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('A: the key is the SHA-256 of the signed body (checked against node:crypto)', async () => {
    const { createHash } = await import('node:crypto');
    const delivery = deliveryOf(vector('A: bytes that are not valid UTF-8'));
    const event = await verifyWebhook(delivery);
    const expected = createHash('sha256')
      .update(delivery.rawBody as Uint8Array)
      .digest('hex');
    expect(await webhookDedupeKey(event)).toBe(`sha256:${expected}`);
  });

  it('A: hashes the body once per event, before the caller can reuse its buffer', async () => {
    const delivery = deliveryOf(vector('A: ascii conversation.created'));
    const rawBody = Uint8Array.from(delivery.rawBody as Uint8Array);
    const event = await verifyWebhook({ ...delivery, rawBody });
    const deduper = createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 });
    const digest = vi.spyOn(crypto.subtle, 'digest');
    try {
      expect(await deduper.claim(event)).toBe('claimed');
      rawBody.fill(0x20); // a pooled buffer, handed to the next request
      await deduper.complete(event);
      expect(digest).toHaveBeenCalledTimes(1);
      // The sender's retry of the same body is recognised as done.
      const retry = await verifyWebhook(delivery);
      expect(await deduper.claim(retry)).toBe('completed');
    } finally {
      digest.mockRestore();
    }
  });

  it('A: keys the bytes verified, though the buffer changes or is transferred before the claim', async () => {
    const delivery = deliveryOf(vector('A: ascii conversation.created'));
    const expected = await webhookDedupeKey(await verifyWebhook(delivery));
    for (const change of [
      (bytes: Uint8Array) => bytes.fill(0x20),
      (bytes: Uint8Array) => structuredClone(bytes.buffer, { transfer: [bytes.buffer] }),
    ]) {
      for (const verify of [verifyWebhook, async (o: typeof delivery) => verifyWebhookSync(o)]) {
        const rawBody = Uint8Array.from(delivery.rawBody as Uint8Array);
        const event = await verify({ ...delivery, rawBody });
        change(rawBody); // before the claim: a pooled buffer reused, or handed to a worker
        expect(await webhookDedupeKey(event)).toBe(expected);
      }
    }
  });

  it('refuses an event it did not verify', async () => {
    const forged = { variant: 'A', event: 'webhook.test' } as never;
    await expect(webhookDedupeKey(forged)).rejects.toThrow(TypeError);
  });

  it.each([
    ['no event_id', { variant: 'B', event: 'webhook.test' }],
    ['an empty event_id', { variant: 'B', event_id: '' }],
    ['a number for event_id', { variant: 'B', event_id: 5 }],
  ])('refuses a Variant B object with %s, rather than key it as undefined', async (_n, event) => {
    const message = 'webhook-verify: webhookDedupeKey needs an event returned by verifyWebhook';
    await expect(webhookDedupeKey(event as never)).rejects.toThrow(new TypeError(message));
    const store = createMemoryStore();
    const deduper = createDeduper({ store, ttlSeconds: 60 });
    await expect(deduper.claim(event as never)).rejects.toThrow(new TypeError(message));
    expect(await store.get('webhook-dedupe:undefined')).toBeUndefined();
  });

  it.each([
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
    // Keyed as the bare prefix, it would be one claim shared by every caller's empty key.
    ['an empty key', ''],
  ])('refuses %s for an event or key, saying what it takes', async (_name, id) => {
    const message = /needs an event returned by verifyWebhook, or its key \(a non-empty string\)/;
    await expect(webhookDedupeKey(id as never)).rejects.toThrow(
      new RegExp(/webhookDedupeKey /.source + /needs an event returned by verifyWebhook/.source),
    );
    // With maxEventAgeSeconds, the age was read first: a number was refused for its timestamp.
    for (const maxEventAgeSeconds of [undefined, 60]) {
      const deduper = createDeduper({
        store: createMemoryStore(),
        ttlSeconds: 60,
        maxEventAgeSeconds,
      });
      for (const method of ['claim', 'complete', 'release'] as const) {
        await expect(deduper[method](id as never)).rejects.toThrow(
          expect.objectContaining({ name: 'TypeError', message: expect.stringMatching(message) }),
        );
      }
    }
  });

  it('claim, release, claim again; complete; lease lapse', async () => {
    const clock = { now: 0 };
    const deduper = createDeduper({
      store: createMemoryStore({ now: () => clock.now }),
      ttlSeconds: 3600,
      leaseSeconds: 30,
    });
    expect(await deduper.claim('e1')).toBe('claimed');
    expect(await deduper.claim('e1')).toBe('processing');
    await deduper.release('e1');
    expect(await deduper.claim('e1')).toBe('claimed');
    clock.now += 31_000; // the claimant crashed: its lease lapses
    expect(await deduper.claim('e1')).toBe('claimed');
    await deduper.complete('e1');
    clock.now += 3_599_000;
    expect(await deduper.claim('e1')).toBe('completed');
    clock.now += 2_000; // past ttlSeconds: forgotten
    expect(await deduper.claim('e1')).toBe('claimed');
  });

  it('counts the claims it holds, and forgets those never settled once their lease lapses', async () => {
    const clock = { now: 0 };
    const now = () => clock.now;
    const deduper = createDeduper({
      store: createMemoryStore({ now, maxEntries: 100_000 }),
      ttlSeconds: 3600,
      leaseSeconds: 30,
      now,
    });
    expect(deduper.holding).toBe(0);
    for (const id of ['a', 'b', 'c']) await deduper.claim(id);
    expect(await deduper.claim('a')).toBe('processing');
    expect(deduper.holding).toBe(3);
    await deduper.complete('a');
    await deduper.release('b');
    expect(deduper.holding).toBe(1);
    // A receiver whose handler keeps dying without release: 20 000 claims over ten minutes.
    for (let i = 0; i < 20_000; i++) {
      clock.now += 30;
      await deduper.claim(`lost-${i}`);
    }
    // Only the claims of the last lease (30 s / 30 ms = 1000) are still held.
    expect(deduper.holding).toBe(1000);
    clock.now += 30_000;
    expect(deduper.holding).toBe(0);
    // A release soon after the lease still reaches the store, whatever was claimed in between.
    const slowStore = createMemoryStore({ now, maxEntries: 100_000 });
    const slow = createDeduper({ store: slowStore, ttlSeconds: 3600, leaseSeconds: 30, now });
    // A store whose TTL outlasts the lease (Redis with a minimum TTL, a lagging clock).
    const setIfAbsent = slowStore.setIfAbsent.bind(slowStore);
    slowStore.setIfAbsent = (key, value) => setIfAbsent(key, value, 60);
    expect(await slow.claim('late')).toBe('claimed');
    clock.now += 31_000;
    expect(await slow.claim('other')).toBe('claimed');
    expect(slow.holding).toBe(1);
    await slow.release('late');
    expect(await slow.claim('late')).toBe('claimed');
    // A lapsed claim taken again is held again, once.
    expect(await deduper.claim('c')).toBe('claimed');
    expect(await deduper.claim('c')).toBe('processing');
    expect(deduper.holding).toBe(1);
  });

  it('claims an event whose mark expired between the failed take and the look at it', async () => {
    // Another receiver's claim lapses in the store right after this one's SET NX failed.
    const memory = createMemoryStore();
    let takes = 0;
    const store = {
      ...memory,
      setIfAbsent: async (key: string, value: string, ttl: number) =>
        ++takes > 1 && memory.setIfAbsent(key, value, ttl),
      get: async () => undefined,
    };
    const deduper = createDeduper({ store, ttlSeconds: 60 });
    expect(await deduper.claim('e1')).toBe('claimed');
    expect(takes).toBe(2);
    // Taken, so held: its release removes it.
    await deduper.release('e1');
    expect(await memory.get('e1')).toBeUndefined();
  });

  it("forgets a lapsed claim's token one lease after its lapse: a release then reaches no store", async () => {
    const clock = { now: 0 };
    const now = () => clock.now;
    const store = createMemoryStore({ now });
    const deleteIfValue = vi.spyOn(store, 'deleteIfValue');
    const deduper = createDeduper({ store, ttlSeconds: 3600, leaseSeconds: 30, now });
    await deduper.claim('a');
    await deduper.claim('b');
    clock.now = 59_999; // a lease and a lease less 1 ms: still kept
    expect(deduper.holding).toBe(0);
    await deduper.release('a');
    expect(deleteIfValue).toHaveBeenCalledTimes(1);
    clock.now = 60_000; // two leases after the claim: forgotten
    expect(deduper.holding).toBe(0);
    await deduper.release('b');
    expect(deleteIfValue).toHaveBeenCalledTimes(1);
  });

  it('counts only live claims when the clock was set back between two claims', async () => {
    const clock = { now: 100_000 };
    const now = () => clock.now;
    const deduper = createDeduper({
      store: createMemoryStore({ now }),
      ttlSeconds: 60,
      leaseSeconds: 30,
      now,
    });
    await deduper.claim('before'); // lapses at 130 s
    clock.now = 0;
    await deduper.claim('after'); // lapses at 30 s
    clock.now = 45_000;
    expect(deduper.holding).toBe(1);
  });

  // On a real Redis with node-redis and ioredis: test/recipes/redis-stores.test.ts.
  it('a late release removes neither a later claim nor the completed mark', async () => {
    const clock = { now: 0 };
    const shared = createMemoryStore({ now: () => clock.now });
    const slow = createDeduper({ store: shared, ttlSeconds: 86_400, leaseSeconds: 60 });
    const retry = createDeduper({ store: shared, ttlSeconds: 86_400, leaseSeconds: 60 });
    const third = createDeduper({ store: shared, ttlSeconds: 86_400, leaseSeconds: 60 });
    expect(await slow.claim('e')).toBe('claimed');
    clock.now += 61_000; // the slow receiver outlives its lease; the sender's retry arrives
    expect(await retry.claim('e')).toBe('claimed');
    await slow.release('e'); // the slow one fails: it must not free the retry's claim
    expect(await third.claim('e')).toBe('processing');
    await slow.complete('e');
    await retry.release('e'); // the retry fails after the slow one completed
    expect(await third.claim('e')).toBe('completed');
    await third.release('e'); // it never held a claim: nothing happens
    expect(await third.claim('e')).toBe('completed');
  });

  describe('maxEventAgeSeconds', () => {
    // The vectors' events happened at 2026-01-01T00:00:00.000Z (the body's signed `timestamp`).
    const happened = Date.parse('2026-01-01T00:00:00.000Z');
    const events = async () => ({
      A: await verifyWebhook(deliveryOf(vector('A: ascii conversation.created'))),
      B: await verifyWebhook(deliveryOf(vector('B: ascii conversation.created'))),
    });
    const deduperAt = (ageMs: number, store = createMemoryStore()) =>
      createDeduper({
        store,
        ttlSeconds: 86_400,
        maxEventAgeSeconds: 3600,
        now: () => happened + ageMs,
      });

    it.each(['A', 'B'] as const)(
      '%s: claims an event 1 ms short of the limit, and refuses one that old as too old, untouched',
      async (variant) => {
        const event = (await events())[variant];
        expect(await deduperAt(3_599_999).claim(event)).toBe('claimed');
        const store = createMemoryStore();
        const writes = vi.spyOn(store, 'setIfAbsent');
        const reads = vi.spyOn(store, 'get');
        const late = deduperAt(3_600_000, store);
        expect(await late.claim(event)).toBe('too_old');
        expect(writes).not.toHaveBeenCalled();
        expect(reads).not.toHaveBeenCalled();
        expect(late.holding).toBe(0);
      },
    );

    it('B: with a TTL as long, a replay is never claimed again: a duplicate, then too old', async () => {
      const delivery = deliveryOf(vector('B: ascii conversation.created'));
      const clock = { now: happened + 10_000 }; // delivered and completed 10 s after the event
      const store = createMemoryStore({ now: () => clock.now });
      const deduper = createDeduper({
        store,
        ttlSeconds: 86_400,
        maxEventAgeSeconds: 86_400,
        now: () => clock.now,
      });
      const first = await verifyWebhook(delivery);
      expect(await deduper.claim(first)).toBe('claimed');
      await deduper.complete(first);
      const replays: [number, string][] = [];
      // The event's age at each replay; the completed mark lapses at 86 410 s.
      for (const age of [3_600_000, 86_399_999, 86_400_000, 86_410_000, 365 * 86_400_000]) {
        clock.now = happened + age;
        replays.push([age, await deduper.claim(await verifyWebhook(delivery))]);
      }
      expect(replays).toEqual([
        [3_600_000, 'completed'],
        [86_399_999, 'completed'],
        [86_400_000, 'too_old'], // the limit itself is too old; checked first: the mark is not read
        [86_410_000, 'too_old'],
        [365 * 86_400_000, 'too_old'],
      ]);
    });

    it('B: handled the moment it happened, with a TTL as long, a replay at the limit is not claimed again', async () => {
      // The completed mark lapses at exactly the event's time + TTL: were the limit itself not too
      // old, a replay at that instant would be neither a duplicate nor too old.
      const event = (await events()).B;
      const clock = { now: happened };
      const store = createMemoryStore({ now: () => clock.now });
      const deduper = createDeduper({
        store,
        ttlSeconds: 3600,
        maxEventAgeSeconds: 3600,
        now: () => clock.now,
      });
      expect(await deduper.claim(event)).toBe('claimed');
      await deduper.complete(event);
      clock.now = happened + 3_600_000;
      // The mark is gone (a store's TTL ends there): only the age refuses the replay.
      expect(await store.get(`webhook-dedupe:${await webhookDedupeKey(event)}`)).toBeUndefined();
      expect(await deduper.claim(event)).toBe('too_old');
    });

    it('without it, an event of any age is claimed (the default)', async () => {
      const event = (await events()).B;
      const deduper = createDeduper({
        store: createMemoryStore(),
        ttlSeconds: 60,
        maxEventAgeSeconds: undefined,
        now: () => happened + 365 * 86_400_000,
      });
      expect(await deduper.claim(event)).toBe('claimed');
    });

    it('does not check a string key, which has no time', async () => {
      const deduper = deduperAt(365 * 86_400_000);
      const { B } = await events();
      expect(await deduper.claim(B.variant === 'B' ? B.event_id : '')).toBe('claimed');
    });

    it("rejects with a TypeError naming body.timestamp when the sender's timestamp is no date", async () => {
      const { signWebhookSync } = await import('../sign-webhook-sync.js');
      const v = vector('B: ascii conversation.created');
      const rawBody = new TextDecoder()
        .decode(bodyOf(v))
        .replace('"2026-01-01T00:00:00.000Z"', '"yesterday"');
      const headers = signWebhookSync({ variant: 'B', secret: v.secret, rawBody });
      const event = await verifyWebhook({ variant: 'B', rawBody, headers, secret: v.secret });
      const store = createMemoryStore();
      const writes = vi.spyOn(store, 'setIfAbsent');
      const error = await deduperAt(0, store)
        .claim(event)
        .catch((e: unknown) => e);
      expect(error).toEqual(
        new TypeError(
          "webhook-verify: the event's body.timestamp is not a date, so maxEventAgeSeconds cannot tell its age",
        ),
      );
      expect(writes).not.toHaveBeenCalled();
      // Without the option the event is claimed, as before.
      expect(await createDeduper({ store, ttlSeconds: 60 }).claim(event)).toBe('claimed');
    });

    it.each([0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '3600'])(
      'rejects maxEventAgeSeconds %s at once',
      (maxEventAgeSeconds) => {
        expect(() =>
          createDeduper({
            store: createMemoryStore(),
            ttlSeconds: 86_400,
            maxEventAgeSeconds: maxEventAgeSeconds as number,
          }),
        ).toThrow(
          new TypeError(
            'webhook-verify: maxEventAgeSeconds must be a whole number of seconds >= 1',
          ),
        );
      },
    );

    it('rejects a maxEventAgeSeconds over ttlSeconds at once, saying why; equal is fine', () => {
      const store = createMemoryStore();
      expect(() => createDeduper({ store, ttlSeconds: 3600, maxEventAgeSeconds: 3601 })).toThrow(
        new TypeError(
          'webhook-verify: maxEventAgeSeconds (3601) must be <= ttlSeconds (3600), or a replay after the TTL is claimed again',
        ),
      );
      expect(() =>
        createDeduper({ store, ttlSeconds: 3600, maxEventAgeSeconds: 3600 }),
      ).not.toThrow();
    });
  });

  it.each([undefined, null, 'x', 5])(
    'refuses options that are no object (%s) with the TypeError verifyWebhook throws',
    (options) => {
      const message = new TypeError('webhook-verify: options must be an object');
      expect(() => createDeduper(options as never)).toThrow(message);
      // createMemoryStore() takes no options at all; anything else but an object is refused.
      if (options !== undefined) expect(() => createMemoryStore(options as never)).toThrow(message);
    },
  );

  it.each([
    ['no store', {}],
    ['store undefined', { store: undefined }],
    ['store null', { store: null }],
    ['store 5', { store: 5 }],
    ['store a string', { store: 'redis://localhost' }],
  ])('refuses %s, saying what store takes', (_name, options) => {
    expect(() => createDeduper({ ttlSeconds: 60, ...options } as never)).toThrow(
      new TypeError('webhook-verify: store must be a DedupeStore'),
    );
  });

  it.each([5, null, {}])(
    'refuses a prefix that is no string (%s), rather than key by it',
    (prefix) => {
      expect(() =>
        createDeduper({ store: createMemoryStore(), ttlSeconds: 60, prefix: prefix as never }),
      ).toThrow(new TypeError('webhook-verify: prefix must be a string'));
    },
  );

  it.each([
    ['missing', undefined],
    ['-1', -1],
    ['NaN', Number.NaN],
    ["'60'", '60'],
  ])('refuses ttlSeconds %s, saying the rule', (_name, ttlSeconds) => {
    expect(() =>
      createDeduper({ store: createMemoryStore(), ttlSeconds: ttlSeconds as never }),
    ).toThrow(new TypeError('webhook-verify: ttlSeconds must be a whole number of seconds >= 1'));
  });

  it('refuses a store without deleteIfValue at once', () => {
    const { deleteIfValue: _, ...old } = createMemoryStore();
    expect(() => createDeduper({ store: old as never, ttlSeconds: 60 })).toThrow(
      'webhook-verify: store.deleteIfValue() is missing (see DedupeStore)',
    );
  });

  it("refuses a store whose setIfAbsent returns nothing, rather than answer 'processing' to every claim", async () => {
    // A hand-written store that forgot its `return`: every delivery was acknowledged, none handled.
    const memory = createMemoryStore();
    const store = {
      ...memory,
      setIfAbsent: async (key: string, value: string, ttl: number) => {
        await memory.setIfAbsent(key, value, ttl);
      },
    };
    const deduper = createDeduper({ store: store as never, ttlSeconds: 60 });
    await expect(deduper.claim('e1')).rejects.toThrow(
      new TypeError('webhook-verify: store.setIfAbsent() returned undefined (see DedupeStore)'),
    );
    // Redis clients answer 'OK' or null to SET NX: truthy and falsy, still taken as they are.
    const redisLike = {
      ...memory,
      setIfAbsent: async (key: string, value: string, ttl: number) =>
        (await memory.setIfAbsent(key, value, ttl)) ? 'OK' : null,
    };
    const fleet = createDeduper({ store: redisLike as never, ttlSeconds: 60 });
    expect(await fleet.claim('e2')).toBe('claimed');
    expect(await fleet.claim('e2')).toBe('processing');
  });

  it.each([
    { ttlSeconds: 0 },
    { ttlSeconds: 1.5 },
    { ttlSeconds: Number.NaN },
    { ttlSeconds: 60, leaseSeconds: 0 },
  ])('rejects bad durations at once: %o', (durations) => {
    expect(() => createDeduper({ store: createMemoryStore(), ...durations })).toThrow(TypeError);
  });

  it.each([new Date(), 1_767_225_600_000])(
    'rejects a clock that is not a function (%s) at once, before any claim is written',
    (now) => {
      const store = createMemoryStore();
      const clock = 'webhook-verify: now must be a function returning milliseconds, like Date.now';
      expect(() => createDeduper({ store, ttlSeconds: 60, now: now as never })).toThrow(clock);
      expect(() => createMemoryStore({ now: now as never })).toThrow(clock);
    },
  );

  it.each([0, -1, 1.5, Number.NaN])(
    'rejects a memory store of maxEntries %s at once',
    (maxEntries) => {
      expect(() => createMemoryStore({ maxEntries })).toThrow(
        'webhook-verify: maxEntries must be a whole number >= 1, or Infinity',
      );
    },
  );

  it('takes maxEntries: Infinity as no bound', async () => {
    const store = createMemoryStore({ maxEntries: Infinity });
    expect(await store.setIfAbsent('k', 'v', 60)).toBe(true);
    expect(await store.setIfAbsent('k', 'w', 60)).toBe(false);
  });
});
