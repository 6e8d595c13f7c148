// README:start koa
import type { RawBody } from '@agent-platform/webhook-verify';
// README:end koa
import Koa from 'koa';
import { readBody } from './node-http-recipe.js';
import { type ReceiverOptions, receiver } from './receive.js';

/** Recipe: Koa. It parses no body itself: the middleware mounted on `app` reads the bytes from `ctx.req`. */
export function koaWebhook(app: Koa, options: ReceiverOptions): Koa {
  const receive = receiver(options);
  // README:start koa

  app.use(async (ctx, next) => {
    if (ctx.method !== 'POST' || ctx.path !== '/webhooks') return next();
    // A body parser mounted before has read the stream (waiting for it would hang): its object
    // is handed over, to be refused invalid_body with a message that says what to do.
    const parsed = (ctx.request as { body?: unknown }).body;
    const rawBody =
      parsed !== undefined ? (parsed as RawBody) : await readBody(ctx.req, 16 * 1024 * 1024);
    const { status, body } =
      rawBody !== undefined
        ? await receive(rawBody, ctx.req.headers)
        : { status: 413, body: 'too large' };
    ctx.status = status;
    ctx.type = 'text/plain';
    ctx.body = body;
  });
  // README:end koa
  return app;
}

/** Recipe: a Koa app with the webhook route alone. */
export function koaReceiver(options: ReceiverOptions): Koa {
  return koaWebhook(new Koa(), options);
}
