import Fastify, { type FastifyInstance } from 'fastify';
import { type ReceiverOptions, receive } from './receive.js';

/** Recipe: Fastify. Parse application/json as a Buffer in this plugin scope, so the body stays raw. */
export function fastifyReceiver(options: ReceiverOptions): FastifyInstance {
  const app = Fastify();
  app.register((scope, _options, done) => {
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/webhooks', async (request, reply) => {
      const { status, body } = await receive(options, request.body as Buffer, request.headers);
      return reply.code(status).send(body);
    });
    done();
  });
  return app;
}
