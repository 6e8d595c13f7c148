// A webhook receiver on Express: raw body, Variant A and B verified (node:crypto), deduplicated.
// Run: pnpm -C examples webhook-express
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isWebhookVerificationError, verifyWebhookSync } from '@agent-platform/webhook-verify/node';
import express from 'express';
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

/** An Express app with `POST /webhooks`. */
export function createExpressReceiver(options: ReceiverOptions): express.Express {
  const app = express();
  // express.raw on this route only, and before any express.json(): the signature is over the bytes.
  // Its own limit (100 kB) is below what the platform sends: a larger delivery would be a 413.
  const raw = express.raw({ type: 'application/json', limit: MAX_DELIVERY_BYTES });
  app.post('/webhooks', raw, async (req, res) => {
    // Passed as it is: if a JSON parser ran first, req.body is an object, and verification says
    // so (invalid_body, whose message says to pass the raw body) instead of a bare mismatch.
    const rawBody = req.body as Buffer;
    let event: ReturnType<typeof verifyWebhookSync>;
    try {
      // 'auto': Variant A or B, told apart by the signature header.
      event = verifyWebhookSync({
        variant: 'auto',
        rawBody,
        headers: req.headers,
        secret: options.secret(),
      });
    } catch (error) {
      if (!isWebhookVerificationError(error)) throw error;
      const { status, body } = rejectDelivery(error, options);
      res.status(status).send(body);
      return;
    }
    const { status, body } = await handleVerified(event, options);
    res.status(status).send(body);
  });
  return app;
}

/** Serves the Express receiver on 127.0.0.1, on a free port. */
export async function startExpressReceiver(options: ReceiverOptions): Promise<RunningReceiver> {
  const server = createServer(createExpressReceiver(options));
  const close = gracefulClose(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/webhooks`, close };
}

if (isMain(import.meta.url)) await runExample((env) => webhookDemo(env, startExpressReceiver));
