import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawBody } from '../../src/index.js';
import { readBody } from './node-http-recipe.js';
import { type ReceiverOptions, receive } from './receive.js';

// README:start next-pages
/** Keeps Next.js from parsing the body: the route reads the bytes that were signed itself. */
export const config = { api: { bodyParser: false } };

/**
 * The body's bytes, or undefined past the limit. With bodyParser left on, Next.js has read the
 * stream already (waiting for it would hang) and set req.body: that object is handed over, to be
 * refused invalid_body with a message that says what to do.
 */
export function pagesRawBody(
  req: IncomingMessage & { body?: unknown },
): Promise<RawBody | undefined> {
  if (req.body !== undefined) return Promise.resolve(req.body as RawBody);
  return readBody(req, 16 * 1024 * 1024);
}
// README:end next-pages

/** A Pages Router API route's request: Next.js's NextApiRequest extends it. */
export type PagesRequest = IncomingMessage & { body?: unknown };

/** Recipe: a Next.js Pages Router API route (pages/api/webhook.ts, its default export). */
export function pagesReceiver(
  options: ReceiverOptions,
): (req: PagesRequest, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const rawBody = await pagesRawBody(req);
    const { status, body } =
      rawBody !== undefined
        ? await receive(options, rawBody, req.headers)
        : { status: 413, body: 'too large' };
    res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  };
}
