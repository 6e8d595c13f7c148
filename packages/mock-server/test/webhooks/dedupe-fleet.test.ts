import { verifyWebhook, type WebhookVariant } from '@agent-platform/webhook-verify';
import { createDeduper, type DedupeStore } from '@agent-platform/webhook-verify/dedupe';
import { describe, expect, it } from 'vitest';
import { createMockServer, DEMO_API_KEY } from '../../src/index.js';

// The webhook-verify README's advice on a fleet of receivers sharing one dedupe store, checked against
// the mock's real deliveries and retry schedules: each receiver verifies, claims, handles, completes.

/** A Redis stand-in (SET NX EX, compare-and-delete) whose keys expire on the mock's clock. */
function fakeRedis(now: () => number): DedupeStore {
  const data = new Map<string, { value: string; expiresAt: number }>();
  const live = (key: string) => {
    const entry = data.get(key);
    return entry && entry.expiresAt > now() ? entry : undefined;
  };
  return {
    setIfAbsent(key, value, ttl) {
      if (live(key)) return false;
      data.set(key, { value, expiresAt: now() + ttl * 1000 });
      return true;
    },
    set(key, value, ttl) {
      data.set(key, { value, expiresAt: now() + ttl * 1000 });
    },
    get: (key) => live(key)?.value,
    deleteIfValue(key, value) {
      return live(key)?.value === value && data.delete(key);
    },
  };
}

interface FleetOptions {
  variant: WebhookVariant;
  leaseSeconds?: number;
  /** The receivers' secrets, read per delivery (a rotation changes them). */
  secrets?: string[];
  /** Runs first: throwing here is a receiver that is down (no answer). */
  onRequest?: () => void;
  /** Runs after the claim: throwing here is a receiver that dies holding it (no answer, no release). */
  onClaimed?: () => void;
  /** The dedupers' `maxEventAgeSeconds` (their TTL is 24 h); off when left out. */
  maxEventAgeSeconds?: number;
}

/** The mock, delivering in turn to three receivers behind a load balancer, one Redis between them. */
async function fleet({
  variant,
  leaseSeconds,
  secrets = [],
  onRequest,
  onClaimed,
  maxEventAgeSeconds,
}: FleetOptions) {
  const handledAt: number[] = [];
  const sent: { body: Uint8Array; headers: Headers }[] = [];
  const rejected: string[] = [];
  let now = () => 0;
  const store = fakeRedis(() => now());
  const dedupers = [1, 2, 3].map(() =>
    createDeduper({
      store,
      ttlSeconds: 86_400,
      leaseSeconds,
      maxEventAgeSeconds,
      now: () => now(),
    }),
  );
  let turn = 0;
  const mock = createMockServer({
    variant,
    seed: 'demo',
    clock: 'manual',
    async deliveryFetch(input, init) {
      onRequest?.();
      const request = new Request(input, init);
      const body = new Uint8Array(await request.arrayBuffer());
      sent.push({ body, headers: request.headers });
      return receive(body, request.headers);
    },
  });
  /** One of the receivers, in turn: verifies, claims, handles, completes. */
  async function receive(rawBody: Uint8Array, headers: Headers): Promise<Response> {
    const deduper = dedupers[turn++ % dedupers.length];
    if (!deduper) throw new Error('no receiver');
    const event = await verifyWebhook({
      variant,
      rawBody,
      headers,
      secret: secrets,
      now: new Date(mock.clock.now()),
    }).catch((error: { code: string }) => error);
    if ('code' in event) {
      rejected.push(event.code);
      return new Response(event.code, { status: 401 });
    }
    const claim = await deduper.claim(event);
    if (claim === 'processing') return new Response('in progress', { status: 409 });
    // 2xx, as the README says: a duplicate, or too old to be handled (a 4xx would only be retried).
    if (claim !== 'claimed') return new Response(claim === 'completed' ? 'duplicate' : 'too old');
    onClaimed?.();
    handledAt.push(mock.clock.now());
    await deduper.complete(event);
    return new Response('ok');
  }
  now = () => mock.clock.now();
  const start = mock.clock.now();
  const call = (method: string, path: string, body?: unknown) =>
    mock
      .fetch(path, {
        method,
        headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
      .then((r) => r.json() as Promise<{ data: Record<string, unknown> }>);
  const hook = (
    await call('POST', '/v1/webhooks', { url: 'http://fleet.test/webhooks', events: ['*'] })
  ).data;
  secrets.push(hook.secret as string);
  return {
    mock,
    call,
    hookId: hook.id as string,
    secrets,
    rejected,
    /** When each event was handled, in seconds after the webhook was made. */
    handled: () => handledAt.map((t) => (t - start) / 1000),
    /** Each attempt: seconds after the webhook was made, and its status (null: no answer). */
    attempts: () =>
      mock
        .webhookAttempts()
        .map((a) => [(Date.parse(a.attempted_at) - start) / 1000, a.http_status]),
    /** A new event (a contact created). */
    trigger: async (name = 'Fleet') => {
      await call('POST', '/v1/contacts', { name });
      await mock.settle();
    },
    /** An attacker sends the first delivery the mock made again, now: what the receiver answered. */
    replay: async () => {
      const [first] = sent;
      if (!first) throw new Error('the mock sent nothing');
      return (await receive(first.body, first.headers)).text();
    },
    /** Moves the clock on by `seconds`, one second at a time, delivering what falls due. */
    wait: async (seconds: number) => {
      for (let i = 0; i < seconds; i++) await mock.clock.advance(1000);
      await mock.settle();
    },
  };
}

/** A receiver that dies once (at the first call). */
function diesOnce(): () => void {
  let died = false;
  return () => {
    if (died) return;
    died = true;
    throw new TypeError('socket hang up');
  };
}

describe('a receiver that dies holding its claim', () => {
  it('A: the first retry (+1 min) finds the default 60 s lease lapsed, and the event is handled once', async () => {
    const f = await fleet({ variant: 'A', onClaimed: diesOnce() });
    await f.trigger();
    await f.wait(7200);
    expect(f.attempts()).toEqual([
      [0, null],
      [60, 200],
    ]);
    expect(f.handled()).toEqual([60]);
    f.mock.dispose();
  });

  it('B: answered 409 while its lease runs; the fourth attempt (80 s) is handled', async () => {
    const f = await fleet({ variant: 'B', onClaimed: diesOnce() });
    await f.trigger();
    await f.wait(3600);
    expect(f.attempts()).toEqual([
      [0, null],
      [5, 409],
      [20, 409],
      [80, 200],
    ]);
    expect(f.handled()).toEqual([80]);
    f.mock.dispose();
  });

  it('B: with a lease past the last retry (6 min 20 s), the event is never handled', async () => {
    const f = await fleet({ variant: 'B', leaseSeconds: 400, onClaimed: diesOnce() });
    await f.trigger();
    await f.wait(3600);
    expect(f.attempts()).toEqual([
      [0, null],
      [5, 409],
      [20, 409],
      [80, 409],
      [380, 409],
    ]);
    expect(f.handled()).toEqual([]);
    f.mock.dispose();
  });
});

describe('a secret rotated with a grace period, as the README says', () => {
  it.each(['A', 'B'] as const)(
    '%s: no delivery fails, a retry queued before the rotation included',
    async (variant) => {
      const f = await fleet({ variant, onRequest: diesOnce() });
      await f.trigger('Before'); // the receivers are down: its retry waits, to be signed after the rotation
      const next = (
        await f.call('POST', `/v1/webhooks/${f.hookId}/rotate-secret`, { grace_seconds: 3600 })
      ).data.secret as string;
      await f.trigger('During'); // signed with the previous secret: the receivers have only that one
      await f.wait(60); // the retry (A: +1 min, B: +5 s), likewise
      f.secrets.unshift(next); // 2. the receivers get the new one, and keep the previous one
      await f.wait(3600); // 3. past the grace period: the new secret signs
      f.secrets.pop(); // then the previous one is dropped
      await f.trigger('After');
      expect(f.rejected).toEqual([]);
      expect(f.handled()).toHaveLength(3);
      expect(f.attempts().map(([, status]) => status)).toEqual([null, 200, 200, 200]);
      f.mock.dispose();
    },
  );
});

it('without a grace period, a retry queued before the rotation is signed with the new secret and refused', async () => {
  const f = await fleet({ variant: 'A', onRequest: diesOnce() });
  await f.trigger('Before');
  await f.call('POST', `/v1/webhooks/${f.hookId}/rotate-secret`);
  await f.wait(60);
  expect(f.rejected).toEqual(['signature_mismatch']);
  expect(f.attempts()).toEqual([
    [0, null],
    [60, 401],
  ]);
  f.mock.dispose();
});

describe('maxEventAgeSeconds with a dedupe TTL as long, as the README says (Variant B)', () => {
  it('a replay is a duplicate while the store remembers the event, then too old', async () => {
    const f = await fleet({ variant: 'B', maxEventAgeSeconds: 86_400 });
    await f.trigger();
    expect(f.handled()).toEqual([0]);
    await f.wait(3600);
    expect(await f.replay()).toBe('duplicate');
    await f.mock.clock.advance((86_400 - 3600 - 1) * 1000);
    expect(await f.replay()).toBe('duplicate'); // the store's 24 h are not over yet
    await f.mock.clock.advance(2000);
    expect(await f.replay()).toBe('too old'); // the store has forgotten it
    expect(f.handled()).toEqual([0]);
    f.mock.dispose();
  });

  it('without it, a replay after the dedupe TTL is handled again', async () => {
    const f = await fleet({ variant: 'B' });
    await f.trigger();
    await f.mock.clock.advance((86_400 + 1) * 1000);
    expect(await f.replay()).toBe('ok');
    expect(f.handled()).toEqual([0, 86_401]);
    f.mock.dispose();
  });

  it.each([
    [1200, []], // too old at 1280 s: acknowledged, and lost
    [86_400, [1680]],
  ])(
    'an event that happens while the webhook is failing is last tried 1280 s later: maxEventAgeSeconds %i',
    async (maxEventAgeSeconds, handled) => {
      let down = true;
      const f = await fleet({
        variant: 'B',
        maxEventAgeSeconds,
        onRequest: () => {
          if (down) throw new TypeError('socket hang up');
        },
      });
      await f.trigger('First'); // five failed attempts, 0 to 380 s: the webhook is marked failing
      await f.wait(400);
      await f.trigger('Second'); // its first attempt waits 15 min, then the usual retries
      await f.wait(1279);
      down = false; // the receivers are back for its last attempt
      await f.wait(100);
      expect(f.attempts().slice(5)).toEqual([
        [1300, null],
        [1305, null],
        [1320, null],
        [1380, null],
        [1680, 200], // answered 2xx either way: not retried in vain
      ]);
      expect(f.handled()).toEqual(handled);
      expect(f.rejected).toEqual([]);
      f.mock.dispose();
    },
  );
});
