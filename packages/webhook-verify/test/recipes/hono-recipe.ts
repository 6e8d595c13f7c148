import { Hono } from 'hono';
import { type ReceiverOptions, receive } from './receive.js';

/** Recipe: Hono (any runtime). Read the body as bytes; `c.req.raw.headers` is a fetch `Headers`. */
export function honoReceiver(options: ReceiverOptions): Hono {
  const app = new Hono();
  app.post('/webhooks', async (c) => {
    const { status, body } = await receive(options, await c.req.arrayBuffer(), c.req.raw.headers);
    return c.text(body, status);
  });
  return app;
}
