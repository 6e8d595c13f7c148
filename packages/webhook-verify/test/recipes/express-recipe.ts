import express from 'express';
import { type ReceiverOptions, receive } from './receive.js';

/** Recipe: Express. `express.raw` keeps the body as a Buffer; mount it before any `express.json()`. */
export function expressReceiver(options: ReceiverOptions): express.Express {
  const app = express();
  app.post('/webhooks', express.raw({ type: 'application/json' }), async (req, res) => {
    // Without a body (wrong content type) express.raw leaves `{}`: receive() answers invalid_body.
    const { status, body } = await receive(options, req.body, req.headers);
    res.status(status).send(body);
  });
  return app;
}
