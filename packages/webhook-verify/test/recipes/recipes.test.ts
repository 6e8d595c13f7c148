import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeduper, createMemoryStore } from '../../src/dedupe.js';
import { signWebhook, type WebhookEvent } from '../../src/index.js';
import { bodyOf, vector } from '../support/vectors.js';
import { expressReceiver } from './express-recipe.js';
import { fastifyReceiver } from './fastify-recipe.js';
import { honoReceiver } from './hono-recipe.js';
import type { ReceiverOptions } from './receive.js';
import { requestReceiver } from './request-recipe.js';

type Send = (
  body: Uint8Array<ArrayBuffer>,
  headers: Record<string, string>,
) => Promise<{ status: number; body: string }>;
interface Target {
  name: string;
  start(options: ReceiverOptions): Promise<{ send: Send; stop(): Promise<void> }>;
}

const url = 'http://receiver.test/webhooks';
const viaFetch =
  (handler: (request: Request) => Promise<Response> | Response): Send =>
  async (body, headers) => {
    const response = await handler(new Request(url, { method: 'POST', body, headers }));
    return { status: response.status, body: await response.text() };
  };

// One conformance suite, five targets.
const targets: Target[] = [
  {
    name: 'Express (express.raw)',
    async start(options) {
      const server = expressReceiver(options).listen(0, '127.0.0.1');
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
    },
  },
  {
    name: 'Fastify (buffer parser)',
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
    name: 'Hono',
    async start(options) {
      const app = honoReceiver(options);
      return { send: viaFetch((request) => app.fetch(request)), stop: async () => {} };
    },
  },
  {
    name: 'Next.js route handler (POST)',
    async start(options) {
      const POST = requestReceiver(options); // app/webhooks/route.ts: export const POST = ...
      return { send: viaFetch(POST), stop: async () => {} };
    },
  },
  {
    name: 'plain Request',
    async start(options) {
      const handler = requestReceiver(options);
      return { send: viaFetch(handler), stop: async () => {} };
    },
  },
];

const vB = vector('B: bytes that are not valid UTF-8');
const vA = vector('A: emoji in data');
const headersB = { 'content-type': 'application/json', 'x-service-signature': vB.signature };

describe.each(targets)('recipe: $name', (target) => {
  const handled: WebhookEvent[] = [];
  let failNext = false;
  let app: Awaited<ReturnType<Target['start']>>;

  beforeAll(async () => {
    app = await target.start({
      variant: 'auto',
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

  it('answers 400 with the code for a tampered body, without handling it', async () => {
    const body = bodyOf(vB);
    body[3] = (body[3] ?? 0) ^ 1;
    expect(await app.send(body, headersB)).toEqual({ status: 400, body: 'signature_mismatch' });
    expect(handled).toHaveLength(0);
  });

  it('answers 500 and releases the claim when the handler fails', async () => {
    failNext = true;
    expect(await app.send(bodyOf(vB), headersB)).toEqual({ status: 500, body: 'handler failed' });
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

  it('answers 400 missing_header without a signature', async () => {
    expect(await app.send(bodyOf(vB), { 'content-type': 'application/json' })).toEqual({
      status: 400,
      body: 'missing_header',
    });
  });
});
