import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import { describe, expect, it, vi } from 'vitest';
import { createDeduper, createMemoryStore } from '../../src/dedupe.js';
import { bodyOf, vector } from '../support/vectors.js';
import { koaWebhook } from './koa-recipe.js';
import { readBody } from './node-http-recipe.js';

describe('recipe: Koa behind a body parser mounted before it', () => {
  // What @koa/bodyparser does, without depending on it: reads ctx.req, sets ctx.request.body.
  const jsonParser: Koa.Middleware = async (ctx, next) => {
    const bytes = await readBody(ctx.req, 1024 * 1024);
    (ctx.request as { body?: unknown }).body = JSON.parse(bytes?.toString('utf8') ?? 'null');
    return next();
  };

  it('answers 400 invalid_body, logging what to do (rather than wait on a stream already read)', async () => {
    const v = vector('B: ascii conversation.created');
    const app = koaWebhook(new Koa().use(jsonParser), {
      secret: v.secret,
      deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
      onEvent: async () => {},
    });
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const server = app.listen(0, '127.0.0.1');
    try {
      await new Promise((resolve) => server.once('listening', resolve));
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}/webhooks`, {
        method: 'POST',
        body: bodyOf(v),
        headers: { 'content-type': 'application/json', 'x-service-signature': v.signature },
      });
      expect({ status: response.status, body: await response.text() }).toEqual({
        status: 400,
        body: 'invalid_body',
      });
      expect(warn.mock.calls).toEqual([
        [
          'webhook rejected: invalid_body (rawBody is a parsed object (not the bytes that were signed): pass the raw body (string, Uint8Array or ArrayBuffer) as received, before any JSON parser)',
        ],
      ]);
    } finally {
      warn.mockRestore();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
