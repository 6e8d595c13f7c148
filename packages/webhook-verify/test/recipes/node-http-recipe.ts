// README:start node-http
// README: import { createServer, type IncomingMessage } from 'node:http';
import { createServer, type IncomingMessage, type Server } from 'node:http';
// README:end node-http
import { type ReceiverOptions, receiver } from './receive.js';

// README:start node-http

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
// README:end node-http

/** Recipe: node:http, no framework. Reads the body as bytes; an error (a store outage) answers 500. */
export function nodeHttpReceiver(options: ReceiverOptions): Server {
  const receive = receiver(options);
  // README:start node-http

  // README: createServer(async (request, response) => {
  return createServer(async (request, response) => {
    try {
      const rawBody = await readBody(request, 16 * 1024 * 1024);
      const { status, body } = rawBody
        ? await receive(rawBody, request.headers)
        : { status: 413, body: 'too large' };
      response.writeHead(status, { 'content-type': 'text/plain' }).end(body);
    } catch (error) {
      console.error('webhook receiver failed', error); // e.g. the dedupe store is down
      response.writeHead(500, { 'content-type': 'text/plain' }).end('receiver failed');
    }
    // README: }).listen(3000);
  });
  // README:end node-http
}
