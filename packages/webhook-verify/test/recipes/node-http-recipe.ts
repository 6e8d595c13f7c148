import { createServer, type IncomingMessage, type Server } from 'node:http';
import { MAX_DELIVERY_BYTES, type ReceiverOptions, receive } from './receive.js';

/** The body's bytes, or undefined past `limit` (the rest is read and dropped, so a 413 can be sent). */
export function readBody(request: IncomingMessage, limit: number): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
    });
    request.on('end', () => resolve(size <= limit ? Buffer.concat(chunks) : undefined));
    request.on('error', reject);
  });
}

/** Recipe: node:http, no framework. Reads the body as bytes; an error (a store outage) answers 500. */
export function nodeHttpReceiver(options: ReceiverOptions): Server {
  return createServer(async (request, response) => {
    try {
      const rawBody = await readBody(request, MAX_DELIVERY_BYTES);
      const { status, body } = rawBody
        ? await receive(options, rawBody, request.headers)
        : { status: 413, body: 'too large' };
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    } catch (error) {
      // Rejected out of this callback, it would be an unhandled rejection: Node would exit.
      console.error('webhook receiver failed', error);
      response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver failed');
    }
  });
}
