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
