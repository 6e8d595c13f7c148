import Fastify, { type FastifyInstance } from 'fastify';
import { type ReceiverOptions, receiver } from './receive.js';

/** Recipe: Fastify. Parse application/json as a Buffer in this plugin scope, so the body stays raw. */
export function fastifyReceiver(options: ReceiverOptions): FastifyInstance {
  const app = Fastify();
  const receive = receiver(options);
  // README:start fastify
  app.register((scope, _options, done) => {
    const parser = { parseAs: 'buffer', bodyLimit: 16 * 1024 * 1024 } as const;
    scope.addContentTypeParser('application/json', parser, (_req, body, done) => done(null, body));
    scope.post('/webhooks', async (request, reply) => {
      const { status, body } = await receive(request.body as Buffer, request.headers);
      return reply.code(status).send(body);
    });
    done();
  });
  // README:end fastify
  return app;
}
