import express from 'express';
import { MAX_DELIVERY_BYTES, type ReceiverOptions, receive } from './receive.js';

/** Recipe: Express. `express.raw` keeps the body as a Buffer; mount it before any `express.json()`. */
export function expressReceiver(options: ReceiverOptions): express.Express {
  const app = express();
  // Its limit above the largest delivery: the default, 100 kB, would answer real ones 413.
  const raw = express.raw({ type: 'application/json', limit: MAX_DELIVERY_BYTES });
  app.post('/webhooks', raw, async (req, res) => {
    // Not JSON (another content type): express.raw leaves req.body undefined, answered invalid_body.
    const { status, body } = await receive(options, req.body, req.headers);
    res.status(status).send(body);
  });
  return app;
}
