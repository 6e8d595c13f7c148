import { once } from 'node:events';
import { connect } from 'node:net';
import type { MockServer } from '@agent-platform/mock-server';
import { AgentPlatform } from '@agent-platform/sdk';
import type { WebhookEvent } from '@agent-platform/webhook-verify';
import { createDeduper, createMemoryStore } from '@agent-platform/webhook-verify/dedupe';
import { signWebhookSync } from '@agent-platform/webhook-verify/node';
import { describe, expect, it, vi } from 'vitest';
import { webhookDemo } from '../webhook-demo.js';
import type { ReceiverOptions, RunningReceiver } from '../webhook-receiver.js';
import { MAX_DELIVERY_BYTES } from '../webhook-receiver.js';
import { captureDeliveries } from './capture-deliveries.js';
import { mockEnv } from './mock-env.js';
import { type ExampleEnv, ExampleStopped } from './run-example.js';

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

    it('answers a replayed delivery "duplicate" and a tampered one 401, handling the event once', async () => {
      // The mock's deliveries go through this fetch: it records each request, then sends it.
      const { captured, deliveryFetch } = captureDeliveries();
      const { mock, env } = mockEnv({ variant, deliveryFetch });
      const secrets: string[] = [];
      const { receiver, handled, rejected } = await startWith(start, { secret: () => secrets });
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
        expect([tampered.status, await tampered.text()]).toEqual([401, 'signature_mismatch']);
        expect(handled).toHaveLength(1);
        expect(rejected).toEqual(['signature_mismatch']);
      } finally {
        await receiver.close();
      }
    });
  });

  it('answers each rejection with its code: 401 when not signed by our secret for now, else 400', async () => {
    const { receiver, rejected } = await startWith(start);
    try {
      const headersA = (timestamp: number) =>
        signWebhookSync({ variant: 'A', secret: SECRET, rawBody: BODY, timestamp });
      const answers = [
        await post(receiver.url, BODY, { 'content-type': 'application/json' }),
        await post(receiver.url, BODY, {
          'content-type': 'application/json',
          'x-service-signature': 'sha256=0',
        }),
        await post(receiver.url, BODY, signed(BODY, 'whsec_another_webhooks')),
        await post(receiver.url, BODY, headersA(Math.floor(Date.now() / 1000) - 3600)),
        await post(receiver.url, BODY, headersA(Math.floor(Date.now() / 1000) + 3600)),
        await post(receiver.url, 'not json', signed('not json')),
      ];
      expect(answers).toEqual([
        [400, 'missing_header'],
        [400, 'malformed_signature'],
        [401, 'signature_mismatch'],
        [401, 'timestamp_too_old'],
        [401, 'timestamp_too_new'],
        [400, 'invalid_json'],
      ]);
      expect(rejected).toEqual(answers.map(([, code]) => code));
    } finally {
      await receiver.close();
    }
  });

  it('answers 500 when the handler fails, reports the error, and processes the retry', async () => {
    const failure = new Error('database down');
    let failNext = true;
    const failed: unknown[] = [];
    const { receiver, handled } = await startWith(start, {
      onEvent: (event) => {
        if (failNext) {
          failNext = false;
          throw failure;
        }
        handled.push(event);
      },
      onFailed: (error, event) => failed.push(error, event.event),
    });
    try {
      expect(await post(receiver.url, BODY, signed(BODY))).toEqual([500, 'handler failed']);
      expect(failed).toEqual([failure, 'contact.created']);
      // The claim was released: the sender's retry is processed, and only once.
      expect(await post(receiver.url, BODY, signed(BODY))).toEqual([200, 'ok']);
      expect(await post(receiver.url, BODY, signed(BODY))).toEqual([200, 'duplicate']);
      expect(handled).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });

  it('answers 200 to an event it handled though the store could not mark it completed; a failed release keeps the 500', async () => {
    const memory = createMemoryStore();
    const outage = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    let failHandler = false;
    const failed: unknown[] = [];
    const { receiver, handled } = await startWith(start, {
      deduper: createDeduper({
        store: {
          ...memory,
          set: () => Promise.reject(outage),
          deleteIfValue: () => Promise.reject(outage),
        },
        ttlSeconds: 86_400,
      }),
      onEvent: (event) => {
        handled.push(event);
        if (failHandler) throw new Error('database down');
      },
      onFailed: (error, event) => failed.push(error, event.event),
    });
    try {
      // A 500 would have the sender retry an event already handled: handled twice.
      expect(await post(receiver.url, BODY, signed(BODY))).toEqual([200, 'ok']);
      expect(failed).toEqual([outage, 'contact.created']);
      failHandler = true;
      const other = BODY.replace('5f0c2a9e', '6f0c2a9e');
      expect(await post(receiver.url, other, signed(other))).toEqual([500, 'handler failed']);
      expect(failed.slice(2)).toEqual([
        new Error('database down'),
        'contact.created',
        outage,
        'contact.created',
      ]);
      expect(handled).toHaveLength(2);
    } finally {
      await receiver.close();
    }
  });

  it("takes a delivery larger than express.raw's default limit (100 kB): a contact with long custom fields", async () => {
    const { mock, env } = mockEnv({ rateLimit: false });
    const { receiver, handled } = await startWith(start, { secret: () => secrets });
    const secrets: string[] = [];
    try {
      const client = new AgentPlatform({
        apiKey: env.apiKey,
        baseUrl: env.baseUrl,
        fetch: env.fetch,
      });
      secrets.push(
        (await client.webhooks.create({ url: receiver.url, events: ['contact.created'] })).secret,
      );
      const custom_fields: Record<string, string> = {};
      for (let i = 0; i < 60; i++) {
        await client.customFields.create({ name: `notes_${i}`, type: 'text' });
        custom_fields[`notes_${i}`] = 'x'.repeat(2000);
      }
      await client.contacts.create({ name: 'Many Notes', custom_fields }); // a 120 kB request
      await mock.settle();
      expect(mock.webhookAttempts().map((a) => a.http_status)).toEqual([200]);
      expect(handled.map((e) => e.event)).toEqual(['contact.created']);
    } finally {
      await receiver.close();
    }
  });

  it('refuses a body over MAX_DELIVERY_BYTES with 413, without buffering it', async () => {
    const { receiver, rejected } = await startWith(start);
    try {
      const body = new Uint8Array(MAX_DELIVERY_BYTES + 1).fill(0x20);
      const response = await fetch(receiver.url, { method: 'POST', body, headers: signed(BODY) });
      await response.arrayBuffer();
      expect(response.status).toBe(413);
      expect(rejected).toEqual([]);
    } finally {
      await receiver.close();
    }
  });

  it('answers the deliveries in flight when closed, then stops', async () => {
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    let started!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { receiver, handled } = await startWith(start, {
      onEvent: async (event) => {
        started();
        await finished;
        handled.push(event);
      },
    });
    const answer = post(receiver.url, BODY, signed(BODY));
    await inHandler;
    const closed = receiver.close();
    finish();
    expect(await answer).toEqual([200, 'ok']);
    await closed;
    expect(handled).toHaveLength(1);
    await expect(post(receiver.url, BODY, signed(BODY))).rejects.toThrow('fetch failed');
  });

  it("cuts what is still open when closed, after the sender's 10 s: a silent connection, a handler that hangs", async () => {
    let started!: () => void;
    const inHandler = new Promise<void>((resolve) => {
      started = resolve;
    });
    const { receiver } = await startWith(start, {
      onEvent: () => {
        started();
        return new Promise<void>(() => {}); // never settles: a database call that hangs
      },
    });
    // Connected, and silent: nothing of a request has come, so no server timeout applies to it.
    const { port } = new URL(receiver.url);
    const silent = connect(Number(port), '127.0.0.1');
    await once(silent, 'connect');
    const answer = post(receiver.url, BODY, signed(BODY)).catch((error: unknown) => error);
    await inHandler;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let closed = false;
      const closing = receiver.close().then(() => {
        closed = true;
      });
      await vi.advanceTimersByTimeAsync(9_999);
      for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
      // The hanging delivery holds close() to the 10 s. The silent connection may be gone already:
      // since Node 26.4, server.close() cuts a connection that has sent nothing as idle
      // (nodejs/node#63470); before, it waits for the cut at 10 s. The receiver stops at 10 s either way.
      expect(closed).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      await closing;
      await expect(answer).resolves.toBeInstanceOf(TypeError); // fetch failed: cut, unanswered
      if (!silent.closed) await once(silent, 'close');
    } finally {
      vi.useRealTimers();
      silent.destroy();
    }
  });

  it('cuts what is still open at once with graceMs: 0', async () => {
    const { receiver } = await startWith(start);
    const { port } = new URL(receiver.url);
    const silent = connect(Number(port), '127.0.0.1');
    await once(silent, 'connect');
    try {
      await receiver.close({ graceMs: 0 });
      if (!silent.closed) await once(silent, 'close');
    } finally {
      silent.destroy();
    }
  });

  it("stops on a rejected delivery, saying why, when the mock's clock is far from real time (Variant A)", async () => {
    // As `--clock manual --start-time 2024-01-01T00:00:00Z`: every signing time is years old.
    const { mock, env, lines } = mockEnv({ variant: 'A', startTime: '2024-01-01T00:00:00Z' });
    const stopped = await webhookDemo(env, start).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ExampleStopped);
    const message = (stopped as Error).message;
    expect(message).toMatch(
      /^a delivery came but was rejected: timestamp_too_old \(signed \d+ s ago, over the 300 s tolerated .*\) — the mock's clock reads 2024-01-01T00:00:00\.000Z \(manual clock\), this machine's \d{4}-.*start the mock with the real clock, or with --clock manual and no --start-time \(it starts at the real time\), keeping it less than 5 min behind this machine's clock and 60 s ahead of it/,
    );
    expect(message).not.toContain('\n');
    expect(lines).toContainEqual(
      expect.stringMatching(/^rejected a delivery: timestamp_too_old \(signed \d+ s ago, /),
    );
    await expectWebhookGone(mock, env);
  });

  it('stops on timestamp_too_new when a manual clock runs over 60 s ahead of real time, and says how far it may', async () => {
    // As `--clock manual` (started at the real time) then advanced by 2 minutes: under 5 minutes,
    // but the receiver takes a signing time at most 60 s ahead of its own clock.
    const { mock, env } = mockEnv({ variant: 'A', startTime: Date.now() + 120_000 });
    const stopped = await webhookDemo(env, start).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ExampleStopped);
    const message = (stopped as Error).message;
    expect(message).toMatch(
      /^a delivery came but was rejected: timestamp_too_new \(dated \d+ s ahead/,
    );
    expect(message).toContain("less than 5 min behind this machine's clock and 60 s ahead of it");
    await expectWebhookGone(mock, env);
  });

  it("says the server's clock is far when the mock will not tell its clock (an admin token it lacks)", async () => {
    const { mock, env } = mockEnv({
      variant: 'A',
      startTime: '2024-01-01T00:00:00Z',
      adminToken: 'example-admin-token',
    });
    const stopped = await webhookDemo(env, start).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ExampleStopped);
    expect((stopped as Error).message).toMatch(
      /^a delivery came but was rejected: timestamp_too_old \(.*\) — the server's clock is far from this machine's \(\d{4}-.*\) \(to see it: .*set AGENT_PLATFORM_MOCK_ADMIN_TOKEN to it\); the receiver checks/,
    );
    await expectWebhookGone(mock, env);
  });

  it('deletes its webhook when a step after creating it fails', async () => {
    const { mock, env } = mockEnv();
    mock.faults.add({ method: 'POST', path: '/v1/contacts', status: 403 });
    await expect(webhookDemo(env, start)).rejects.toMatchObject({ status: 403 });
    expect(mock.webhookAttempts()).toEqual([]);
    const client = new AgentPlatform({
      apiKey: env.apiKey,
      baseUrl: env.baseUrl,
      fetch: env.fetch,
    });
    expect((await client.webhooks.list()).data).toEqual([]);
  });

  it("stops on a far clock in Variant B too, saying why: its deduper ages events by real time (maxEventAgeSeconds), Variant B's replay window", async () => {
    const { mock, env, lines } = mockEnv({ variant: 'B', startTime: '2024-01-01T00:00:00Z' });
    const stopped = await webhookDemo(env, start).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ExampleStopped);
    expect((stopped as Error).message).toMatch(
      /^a delivery came, signed, but its event happened at 2024-01-01T00:00:00\.000Z, over a day before this machine's clock \(\d{4}-.*\), so the deduper skipped it \(maxEventAgeSeconds, Variant B's replay window\): start the mock with the real clock, or with --clock manual and no --start-time/,
    );
    expect(lines).toContain(
      'skipped a verified contact.created: its event is over a day old (2024-01-01T00:00:00.000Z)',
    );
    // Answered 200 ("too old"): not retried.
    await mock.settle();
    expect(mock.webhookAttempts().map((a) => a.http_status)).toEqual([200]);
    await expectWebhookGone(mock, env);
  });

  it('answers 200 "too old" to an event older than the deduper\'s maxEventAgeSeconds, reports it, and does not handle it', async () => {
    const tooOld: string[] = [];
    // BODY's event happened on 2026-01-01: a day later it is too old.
    const { receiver, handled } = await startWith(start, {
      deduper: createDeduper({
        store: createMemoryStore(),
        ttlSeconds: 86_400,
        maxEventAgeSeconds: 86_400,
        now: () => Date.parse('2026-01-02T00:00:00.000Z'),
      }),
      onTooOld: (event) => tooOld.push(event.timestamp),
    });
    try {
      expect(await post(receiver.url, BODY, signed(BODY))).toEqual([200, 'too old']);
      expect(await post(receiver.url, BODY, signed(BODY))).toEqual([200, 'too old']);
      expect(tooOld).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z']);
      expect(handled).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
}

/** No webhook left registered, and its one attempt not retried: an hour on the mock's clock brings none. */
async function expectWebhookGone(mock: MockServer, env: ExampleEnv): Promise<void> {
  const client = new AgentPlatform({ apiKey: env.apiKey, baseUrl: env.baseUrl, fetch: env.fetch });
  expect((await client.webhooks.list()).data).toEqual([]);
  await mock.settle(); // the attempt the demo stopped at, if still in flight
  expect(mock.webhookAttempts()).toHaveLength(1);
  await mock.clock.advance(3_600_000);
  await mock.settle();
  expect(mock.webhookAttempts()).toHaveLength(1);
}

const SECRET = 'whsec_receiver_suite';
const BODY = JSON.stringify({
  event_id: '5f0c2a9e-8d3b-4c71-a6e4-2b9d7f1c3e58',
  event: 'contact.created',
  timestamp: '2026-01-01T00:00:00.000Z',
  webhook_id: '0b6f8e3c-3b8e-4d0a-9c55-6a1f2e7d9b01',
  data: {},
});

/** Variant B headers for `body` (no signing time: the same on any clock). */
const signed = (body: string, secret = SECRET) => ({
  ...signWebhookSync({ variant: 'B', secret, rawBody: body }),
});

/** POSTs `body` to the receiver, and answers its status and text. */
async function post(url: string, body: string, headers: Record<string, string>) {
  const response = await fetch(url, { method: 'POST', body, headers });
  return [response.status, await response.text()] as const;
}

/** A receiver on SECRET that records what it handled and rejected; `options` replace any part. */
async function startWith(
  start: (options: ReceiverOptions) => Promise<RunningReceiver>,
  options: Partial<ReceiverOptions> = {},
) {
  const handled: WebhookEvent[] = [];
  const rejected: string[] = [];
  const receiver = await start({
    secret: () => [SECRET],
    deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
    onEvent: (event) => {
      handled.push(event);
    },
    onRejected: (error) => {
      rejected.push(error.code);
    },
    onFailed: (error) => {
      throw error;
    },
    ...options,
  });
  return { receiver, handled, rejected };
}
