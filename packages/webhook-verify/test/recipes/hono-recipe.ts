import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { MAX_DELIVERY_BYTES, type ReceiverOptions, receive } from './receive.js';

/** Recipe: Hono (any runtime). Read the body as bytes; `c.req.raw.headers` is a fetch `Headers`. */
export function honoReceiver(options: ReceiverOptions): Hono {
  const app = new Hono();
  app.post('/webhooks', bodyLimit({ maxSize: MAX_DELIVERY_BYTES }), async (c) => {
    const { status, body } = await receive(options, await c.req.arrayBuffer(), c.req.raw.headers);
    return c.text(body, status);
  });
  return app;
}
