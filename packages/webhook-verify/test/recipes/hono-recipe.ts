import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type ReceiverOptions, receiver } from './receive.js';

/** Recipe: Hono (any runtime). Read the body as bytes; `c.req.raw.headers` is a fetch `Headers`. */
export function honoReceiver(options: ReceiverOptions): Hono {
  const app = new Hono();
  const receive = receiver(options);
  // README:start hono
  app.post('/webhooks', bodyLimit({ maxSize: 16 * 1024 * 1024 }), async (c) => {
    const { status, body } = await receive(await c.req.arrayBuffer(), c.req.raw.headers);
    return c.text(body, status);
  });
  // README:end hono
  return app;
}
