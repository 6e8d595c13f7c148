// The Next.js Pages Router recipe (pages/api/webhook.ts), run as the Pages Router runs it: a real
// node:http server that, like Next.js, parses the body into req.body unless the route's config
// says bodyParser: false (next-pages-server.ts). No `next` dependency: the route only needs
// node:http's types, which NextApiRequest and NextApiResponse extend.
import type { AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createDeduper, createMemoryStore } from '../../src/dedupe.js';
import type { WebhookEvent } from '../../src/index.js';
import { bodyOf, vector } from '../support/vectors.js';
import { config, pagesReceiver } from './next-pages-recipe.js';
import { nextPagesServer, type PagesConfig } from './next-pages-server.js';

const v = vector('B: bytes that are not valid UTF-8');
const headers = { 'content-type': 'application/json', 'x-service-signature': v.signature };

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

/** Serves the recipe's route with `routeConfig`, sends the vector's delivery once, and stops. */
async function deliver(routeConfig: PagesConfig) {
  const handled: WebhookEvent[] = [];
  const route = pagesReceiver({
    secret: v.secret,
    deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
    onEvent: async (event) => {
      handled.push(event);
    },
  });
  const server = nextPagesServer(route, routeConfig).listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const response = await fetch(`http://127.0.0.1:${port}/api/webhook`, {
      method: 'POST',
      body: bodyOf(v),
      headers,
    });
    return { status: response.status, body: await response.text(), handled };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('recipe: Next.js Pages Router API route', () => {
  it("exports the config that turns Next.js's body parser off", () => {
    expect(config).toEqual({ api: { bodyParser: false } });
  });

  it('verifies the raw bytes (not valid UTF-8) with bodyParser: false', async () => {
    const { status, body, handled } = await deliver(config);
    expect({ status, body }).toEqual({ status: 200, body: 'ok' });
    expect(handled.map((e) => e.event)).toEqual(['message.received']);
  });

  // Forgotten config: Next.js has read the stream and set req.body to the parsed object. The route
  // hands that over rather than wait for a stream that has ended, and the library says why.
  it('answers 400 invalid_body, logging what to do, when bodyParser is left on', async () => {
    const { status, body, handled } = await deliver({});
    expect({ status, body }).toEqual({ status: 400, body: 'invalid_body' });
    expect(handled).toHaveLength(0);
    expect(warn.mock.calls).toEqual([
      [
        'webhook rejected: invalid_body (rawBody is a parsed object (not the bytes that were signed): pass the raw body (string, Uint8Array or ArrayBuffer) as received, before any JSON parser)',
      ],
    ]);
  });
});
