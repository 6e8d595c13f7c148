import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from 'vitest';
import { createDeduper, createMemoryStore, type DedupeStore } from '../../src/dedupe.js';
import { signWebhook, type WebhookEvent } from '../../src/index.js';
import { bodyOf, vector, vectorWebhookId } from '../support/vectors.js';
import { expressJsonReceiver, expressReceiver } from './express-recipe.js';
import { fastifyReceiver } from './fastify-recipe.js';
import { honoReceiver } from './hono-recipe.js';
import { koaReceiver } from './koa-recipe.js';
import { albEvent, httpApiEvent, restApiEvent, type SentRequest } from './lambda-events.js';
import { type LambdaHttpEvent, lambdaReceiver } from './lambda-recipe.js';
import { config, pagesReceiver } from './next-pages-recipe.js';
import { nextPagesServer } from './next-pages-server.js';
import { nodeHttpReceiver } from './node-http-recipe.js';
import { MAX_DELIVERY_BYTES, type ReceiverOptions, receiver } from './receive.js';
import { requestReceiver } from './request-recipe.js';

type Send = (
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;
interface Target {
  name: string;
  /** Whether the recipe sets a body limit (a plain Request leaves it to the runtime). */
  limited: boolean;
  start(options: ReceiverOptions): Promise<{ send: Send; stop(): Promise<void> }>;
}

const url = 'http://receiver.test/webhooks';
const viaFetch =
  (handler: (request: Request) => Promise<Response> | Response): Send =>
  async (body, headers) => {
    // As Next.js, Deno.serve and Bun.serve do, a handler that throws is answered 500.
    const response = await Promise.resolve(
      handler(new Request(url, { method: 'POST', body, headers })),
    ).catch(() => new Response('Internal Server Error', { status: 500 }));
    return { status: response.status, body: await response.text() };
  };

/** A Lambda handler, sent to as an integration turns a request into an event (the body base64-encoded). */
const viaLambda =
  (
    handler: (event: LambdaHttpEvent) => Promise<{ statusCode: number; body: string }>,
    toEvent: (sent: SentRequest) => LambdaHttpEvent,
  ): Send =>
  async (body, headers) => {
    const { statusCode, body: text } = await handler(
      toEvent({ body, headers: Object.entries(headers) }),
    );
    return { status: statusCode, body: text };
  };

/** A receiver served on a loopback port, sent to with fetch. */
async function overHttp(app: {
  listen(port: number, host: string): Server;
}): Promise<{ send: Send; stop(): Promise<void> }> {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    send: async (body, headers) => {
      const response = await fetch(`http://127.0.0.1:${port}/webhooks`, {
        method: 'POST',
        body,
        headers,
      });
      return { status: response.status, body: await response.text() };
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// One conformance suite, twelve targets.
const targets: Target[] = [
  {
    name: 'Express (express.raw)',
    limited: true,
    start: (options) => overHttp(expressReceiver(options)),
  },
  {
    name: 'Express (an app-wide express.json() keeping the bytes)',
    limited: true,
    start: (options) => overHttp(expressJsonReceiver(options)),
  },
  {
    name: 'node:http',
    limited: true,
    start: (options) => overHttp(nodeHttpReceiver(options)),
  },
  {
    name: 'Fastify (buffer parser)',
    limited: true,
    async start(options) {
      const app = fastifyReceiver(options);
      await app.ready();
      return {
        send: async (body, headers) => {
          const response = await app.inject({
            method: 'POST',
            url: '/webhooks',
            payload: Buffer.from(body),
            headers,
          });
          return { status: response.statusCode, body: response.body };
        },
        stop: () => app.close(),
      };
    },
  },
  {
    name: 'Koa (body read from ctx.req)',
    limited: true,
    start: (options) => overHttp(koaReceiver(options)),
  },
  {
    name: 'Hono',
    limited: true,
    async start(options) {
      const app = honoReceiver(options);
      return { send: viaFetch((request) => app.fetch(request)), stop: async () => {} };
    },
  },
  {
    name: 'Next.js route handler (POST)',
    limited: false,
    async start(options) {
      const POST = requestReceiver(options); // app/webhooks/route.ts's POST
      return { send: viaFetch(POST), stop: async () => {} };
    },
  },
  // API Gateway's and ALB's own limits (below the largest delivery: see the README) apply. The
  // bodies come base64-encoded, as a REST API with a binary media type hands them over: an HTTP API,
  // a Function URL and an ALB hand application/json over as text, which this suite's delivery that
  // is not UTF-8 cannot survive (lambda-recipe.test.ts tests them with text, and the README says so).
  {
    name: 'AWS Lambda, API Gateway REST API (a binary media type)',
    limited: false,
    async start(options) {
      const toEvent = (sent: SentRequest) => restApiEvent(sent, { base64: true });
      return { send: viaLambda(lambdaReceiver(options), toEvent), stop: async () => {} };
    },
  },
  {
    name: 'AWS Lambda, HTTP API or Function URL (base64)',
    limited: false,
    async start(options) {
      const toEvent = (sent: SentRequest) => httpApiEvent(sent, { base64: true });
      return { send: viaLambda(lambdaReceiver(options), toEvent), stop: async () => {} };
    },
  },
  {
    name: 'AWS Lambda, ALB target with multi-value headers (base64)',
    limited: false,
    async start(options) {
      const toEvent = (sent: SentRequest) =>
        albEvent(sent, { base64: true, multiValueHeaders: true });
      return { send: viaLambda(lambdaReceiver(options), toEvent), stop: async () => {} };
    },
  },
  {
    name: 'Next.js Pages Router API route (bodyParser: false)',
    limited: true,
    start: (options) => overHttp(nextPagesServer(pagesReceiver(options), config)),
  },
  {
    name: 'plain Request',
    limited: false,
    async start(options) {
      const handler = requestReceiver(options);
      return { send: viaFetch(handler), stop: async () => {} };
    },
  },
];

describe('recipe: Express in an app that parses JSON everywhere (app.use(express.json()))', () => {
  const v = vector('B: ascii conversation.created');
  const headers = { 'content-type': 'application/json', 'x-service-signature': v.signature };
  const options = (handled: WebhookEvent[]): ReceiverOptions => ({
    secret: v.secret,
    deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
    onEvent: async (event) => {
      handled.push(event);
    },
  });
  const serve = async (app: express.Express, contentType = 'application/json') => {
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/webhooks`, {
      method: 'POST',
      body: bodyOf(v),
      headers: { ...headers, 'content-type': contentType },
    });
    await new Promise((resolve) => server.close(resolve));
    return { status: response.status, body: await response.text() };
  };

  it('logs why it refused the parsed body, and what to do', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const app = express();
      app.use(express.json()); // before the recipe's express.raw, which then finds the body read
      app.use(expressReceiver(options([])));
      expect(await serve(app)).toEqual({ status: 400, body: 'invalid_body' });
      expect(warn.mock.calls).toEqual([
        [
          'webhook rejected: invalid_body (rawBody is a parsed object (not the bytes that were signed): pass the raw body (string, Uint8Array or ArrayBuffer) as received, before any JSON parser)',
        ],
      ]);
    } finally {
      warn.mockRestore();
    }
  });

  it('refuses as invalid_body a delivery express.json() let be (not application/json), as its comment says', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      const handled: WebhookEvent[] = [];
      expect(await serve(expressJsonReceiver(options(handled)), 'text/plain')).toEqual({
        status: 400,
        body: 'invalid_body',
      });
      expect(handled).toEqual([]);
    } finally {
      warn.mockRestore();
    }
  });
});

describe('recipe core: a deduper with maxEventAgeSeconds', () => {
  const v = vector('B: ascii conversation.created'); // its event happened at 2026-01-01T00:00:00Z
  const headers = { 'content-type': 'application/json', 'x-service-signature': v.signature };
  const at = (ageMs: number, handled: WebhookEvent[]): ReceiverOptions => ({
    secret: v.secret,
    deduper: createDeduper({
      store: createMemoryStore(),
      ttlSeconds: 86_400,
      maxEventAgeSeconds: 3600,
      now: () => Date.parse('2026-01-01T00:00:00.000Z') + ageMs,
    }),
    onEvent: async (event) => {
      handled.push(event);
    },
  });

  it('answers 200 to an event that old, without handling it (a 4xx would be retried in vain)', async () => {
    const handled: WebhookEvent[] = [];
    expect(await receiver(at(3_600_000, handled))(bodyOf(v), headers)).toEqual({
      status: 200,
      body: 'too old',
    });
    expect(handled).toEqual([]);
  });

  it('handles one 1 ms younger', async () => {
    const handled: WebhookEvent[] = [];
    expect(await receiver(at(3_599_999, handled))(bodyOf(v), headers)).toEqual({
      status: 200,
      body: 'ok',
    });
    expect(handled).toHaveLength(1);
  });
});

const vB = vector('B: bytes that are not valid UTF-8');
const vA = vector('A: emoji in data');
const headersB = { 'content-type': 'application/json', 'x-service-signature': vB.signature };

describe.each(targets)('recipe: $name', (target) => {
  const handled: WebhookEvent[] = [];
  let failNext = false;
  let app: Awaited<ReturnType<Target['start']>>;

  beforeAll(async () => {
    app = await target.start({
      secret: [vB.secret, 'whsec_other'],
      deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
      async onEvent(event) {
        if (failNext) {
          failNext = false;
          throw new Error('boom');
        }
        handled.push(event);
      },
    });
  });
  afterAll(() => app.stop());
  // What the recipe logs: a rejection's code, a handler's error.
  let warn: MockInstance<typeof console.warn>;
  let error: MockInstance<typeof console.error>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    error = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    warn.mockRestore();
    error.mockRestore();
  });

  it('answers 401 with the code for a tampered body, without handling it', async () => {
    const body = bodyOf(vB);
    body[3] = (body[3] ?? 0) ^ 1;
    expect(await app.send(body, headersB)).toEqual({ status: 401, body: 'signature_mismatch' });
    expect(handled).toHaveLength(0);
    expect(warn.mock.calls).toEqual([
      [
        "webhook rejected: signature_mismatch (no match with 2 secret(s): is rawBody the exact body received, and the secret this webhook's?)",
      ],
    ]);
  });

  it('answers 401 timestamp_too_old to a Variant A delivery signed an hour ago', async () => {
    const body = bodyOf(vA);
    const timestamp = Math.floor(Date.now() / 1000) - 3600;
    const headers = await signWebhook({
      variant: 'A',
      secret: vB.secret,
      rawBody: body,
      timestamp,
    });
    expect(await app.send(body, { ...headers })).toEqual({
      status: 401,
      body: 'timestamp_too_old',
    });
  });

  it('answers 500, logs the error and releases the claim when the handler fails', async () => {
    failNext = true;
    expect(await app.send(bodyOf(vB), headersB)).toEqual({ status: 500, body: 'handler failed' });
    expect(error.mock.calls).toEqual([['webhook message.received failed', new Error('boom')]]);
  });

  it('handles the retry of a valid delivery (raw bytes, not UTF-8) once, and a replay not again', async () => {
    expect(await app.send(bodyOf(vB), headersB)).toEqual({ status: 200, body: 'ok' });
    expect(await app.send(bodyOf(vB), headersB)).toEqual({ status: 200, body: 'duplicate' });
    expect(handled.map((e) => e.event)).toEqual(['message.received']);
  });

  it('handles a Variant A delivery signed now', async () => {
    const body = bodyOf(vA);
    const headers = await signWebhook({ variant: 'A', secret: vB.secret, rawBody: body });
    expect(await app.send(body, { ...headers })).toEqual({ status: 200, body: 'ok' });
    expect(handled.at(-1)).toMatchObject({ variant: 'A', event: 'message.received' });
  });

  it('handles a delivery of 2 MiB (over express.raw and Fastify defaults: 100 kB, 1 MiB)', async () => {
    const rawBody = JSON.stringify({
      event_id: 'e0a1b2c3-d4e5-4f60-8a71-92b3c4d5e6f7',
      event: 'contact.updated',
      timestamp: '2026-01-01T00:00:00.000Z',
      webhook_id: '0b6f8e3c-3b8e-4d0a-9c55-6a1f2e7d9b01',
      data: { notes: 'x'.repeat(2 * 1024 * 1024) },
    });
    const body = new TextEncoder().encode(rawBody);
    const headers = await signWebhook({ variant: 'B', secret: vB.secret, rawBody: body });
    expect(await app.send(body, { ...headers })).toEqual({ status: 200, body: 'ok' });
    expect(handled.at(-1)).toMatchObject({ event: 'contact.updated' });
  });

  // Only where the recipe sets a limit: the plain Request, Next.js and Lambda recipes leave the body's size
  // to the runtime, the proxy or AWS in front (the README says so), so there is nothing of theirs to test.
  if (target.limited) {
    it('answers 413 to a body over MAX_DELIVERY_BYTES, not handled', async () => {
      const body = new Uint8Array(MAX_DELIVERY_BYTES + 1).fill(0x20);
      const answer = await app.send(body, headersB);
      expect(answer.status).toBe(413);
      expect(warn).not.toHaveBeenCalled();
    });
  }

  describe('when the dedupe store fails (a Redis outage)', () => {
    const store = createMemoryStore();
    let down: 'setIfAbsent' | 'set' | 'deleteIfValue' | undefined;
    const outage = new Error('connect ECONNREFUSED 127.0.0.1:6379');
    const failing: DedupeStore = {
      ...store,
      setIfAbsent: (...args) =>
        down === 'setIfAbsent' ? Promise.reject(outage) : store.setIfAbsent(...args),
      set: (...args) => (down === 'set' ? Promise.reject(outage) : store.set(...args)),
      deleteIfValue: (...args) =>
        down === 'deleteIfValue' ? Promise.reject(outage) : store.deleteIfValue(...args),
    };
    const seen: WebhookEvent[] = [];
    let handlerError: Error | undefined;
    let flaky: Awaited<ReturnType<Target['start']>>;
    beforeAll(async () => {
      flaky = await target.start({
        secret: vB.secret,
        deduper: createDeduper({ store: failing, ttlSeconds: 86_400, leaseSeconds: 60 }),
        async onEvent(event) {
          seen.push(event);
          if (handlerError) throw handlerError;
        },
      });
    });
    afterAll(() => flaky.stop());
    afterEach(() => {
      down = undefined;
      handlerError = undefined;
    });

    it('answers 500 to an event it could not claim, handling nothing (fail closed)', async () => {
      const { rawBody, headers } = await deliveryB('a6c2b0d1-9e3f-4a4b-8c5d-6e7f8a9b0c1d');
      down = 'setIfAbsent';
      expect((await flaky.send(rawBody, headers)).status).toBe(500);
      expect(seen).toHaveLength(0);
    });

    it('answers 200 to an event it handled though it could not be marked completed, and logs why', async () => {
      const { rawBody, headers } = await deliveryB('b7d3c1e2-0f4a-4b5c-9d6e-7f8a9b0c1d2e');
      down = 'set';
      // A 5xx here would make the sender retry an event already handled: handled twice.
      expect(await flaky.send(rawBody, headers)).toEqual({ status: 200, body: 'ok' });
      expect(seen).toHaveLength(1);
      expect(error.mock.calls).toEqual([
        ['webhook contact.created: handled, but not marked completed', outage],
      ]);
    });

    it("logs the handler's error, not only the store's, when the release fails too", async () => {
      const { rawBody, headers } = await deliveryB('c8e4d2f3-1a5b-4c6d-8e7f-9a0b1c2d3e4f');
      down = 'deleteIfValue';
      handlerError = new Error('database down');
      expect(await flaky.send(rawBody, headers)).toEqual({
        status: 500,
        body: 'handler failed',
      });
      expect(error.mock.calls).toEqual([
        ['webhook contact.created failed', handlerError],
        ['webhook contact.created: its claim not released (retried after the lease)', outage],
      ]);
    });
  });

  it('answers 400 missing_header without a signature', async () => {
    expect(await app.send(bodyOf(vB), { 'content-type': 'application/json' })).toEqual({
      status: 400,
      body: 'missing_header',
    });
  });
});

/** A Variant B contact.created delivery of the event `eventId`, signed with the suite's secret. */
async function deliveryB(eventId: string) {
  const rawBody = new TextEncoder().encode(
    JSON.stringify({
      event_id: eventId,
      event: 'contact.created',
      timestamp: '2026-01-01T00:00:00.000Z',
      webhook_id: vectorWebhookId,
      data: {},
    }),
  );
  const headers = await signWebhook({ variant: 'B', secret: vB.secret, rawBody });
  return { rawBody, headers: { ...headers } };
}
