import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_DELIVERY_BYTES, type ReceiverOptions, receive } from './receive.js';

/** Recipe: Fastify. Parse application/json as a Buffer in this plugin scope, so the body stays raw. */
export function fastifyReceiver(options: ReceiverOptions): FastifyInstance {
  const app = Fastify();
  app.register((scope, _options, done) => {
    // Its limit above the largest delivery: the default, 1 MiB, would answer real ones 413.
    const parser = { parseAs: 'buffer', bodyLimit: MAX_DELIVERY_BYTES } as const;
    scope.addContentTypeParser('application/json', parser, (_req, body, done) => done(null, body));
    scope.post('/webhooks', async (request, reply) => {
      const { status, body } = await receive(options, request.body as Buffer, request.headers);
      return reply.code(status).send(body);
    });
    done();
  });
  return app;
}
