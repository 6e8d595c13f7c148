import Koa from 'koa';
import type { RawBody } from '../../src/index.js';
import { readBody } from './node-http-recipe.js';
import { MAX_DELIVERY_BYTES, type ReceiverOptions, receive } from './receive.js';

/** Recipe: Koa's middleware. Koa parses no body itself: the bytes are read from `ctx.req`. */
export function koaWebhook(options: ReceiverOptions): Koa.Middleware {
  return async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== '/webhooks') return next();
    // A body parser mounted before has read the stream (waiting for it would hang): its object
    // is handed over, to be refused invalid_body with a message that says what to do.
    const parsed = (ctx.request as { body?: unknown }).body;
    const rawBody =
      parsed !== undefined ? (parsed as RawBody) : await readBody(ctx.req, MAX_DELIVERY_BYTES);
    const { status, body } =
      rawBody !== undefined
        ? await receive(options, rawBody, ctx.req.headers)
        : { status: 413, body: 'too large' };
    ctx.status = status;
    ctx.type = 'text/plain';
    ctx.body = body;
  };
}

/** Recipe: a Koa app with the webhook route alone. */
export function koaReceiver(options: ReceiverOptions): Koa {
  return new Koa().use(koaWebhook(options));
}
