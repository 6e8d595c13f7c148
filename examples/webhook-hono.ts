// The same receiver on Hono: a fetch handler for any runtime (Node, Deno, Bun, Workers), WebCrypto.
// Run: pnpm -C examples webhook-hono
import type { Server } from 'node:http';
import {
  isWebhookVerificationError,
  verifyWebhook,
  type WebhookEvent,
} from '@agent-platform/webhook-verify';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { isMain, runExample } from './support/run-example.js';
import { webhookDemo } from './webhook-demo.js';
import {
  gracefulClose,
  handleVerified,
  MAX_DELIVERY_BYTES,
  type ReceiverOptions,
  type RunningReceiver,
  rejectDelivery,
} from './webhook-receiver.js';

/** A Hono app with `POST /webhooks`; `app.fetch` is a plain `(Request) => Response`. */
export function createHonoReceiver(options: ReceiverOptions): Hono {
  const app = new Hono();
  // Refused before it is read whole: a body larger than any delivery (413).
  app.post('/webhooks', bodyLimit({ maxSize: MAX_DELIVERY_BYTES }), async (c) => {
    let event: WebhookEvent;
    try {
      event = await verifyWebhook({
        variant: 'auto',
        rawBody: new Uint8Array(await c.req.arrayBuffer()), // the bytes, never c.req.json()
        headers: c.req.raw.headers,
        secret: options.secret(),
      });
    } catch (error) {
      if (!isWebhookVerificationError(error)) throw error;
      const { status, body } = rejectDelivery(error, options);
      return c.text(body, status);
    }
    const { status, body } = await handleVerified(event, options);
    return c.text(body, status);
  });
  return app;
}

/** Serves the Hono receiver with @hono/node-server on 127.0.0.1, on a free port. */
export async function startHonoReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const app = createHonoReceiver(options);
  let close!: () => Promise<void>;
  const port = await new Promise<number>((resolve) => {
    const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) =>
      resolve(info.port),
    );
    close = gracefulClose(server as Server); // an http.Server, as no createServer option is given
  });
  return { url: `http://127.0.0.1:${port}/webhooks`, close };
}

if (isMain(import.meta.url)) await runExample((env) => webhookDemo(env, startHonoReceiver));
