import express from 'express';
import { type ReceiverOptions, receiver } from './receive.js';

/** Recipe: Express. `express.raw` keeps the body as a Buffer; mount it before any `express.json()`. */
export function expressReceiver(options: ReceiverOptions): express.Express {
  const app = express();
  const receive = receiver(options);
  // README:start express
  app.post(
    '/webhooks',
    express.raw({ type: 'application/json', limit: '16mb' }),
    async (req, res) => {
      const { status, body } = await receive(req.body, req.headers); // req.body is a Buffer
      res.status(status).send(body);
    },
  );
  // README:end express
  return app;
}

/**
 * Recipe: Express behind an app-wide `express.json()`, which keeps the bytes it parsed for the
 * webhook route (its `verify` option sees them).
 */
export function expressJsonReceiver(options: ReceiverOptions): express.Express {
  const app = express();
  const receive = receiver(options);
  // README:start express-json
  // The bytes express.json() parsed, by request: the webhook route verifies those.
  const rawBodies = new WeakMap<object, Buffer>();
  app.use(
    express.json({
      limit: '16mb',
      verify: (req, _res, buf) => {
        rawBodies.set(req, buf);
      },
    }),
  );
  app.post('/webhooks', async (req, res) => {
    // None if express.json() let the body be (not application/json): refused as invalid_body.
    const { status, body } = await receive(rawBodies.get(req) ?? req.body, req.headers);
    res.status(status).send(body);
  });
  // README:end express-json
  return app;
}
