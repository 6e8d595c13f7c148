// README:start next-pages
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RawBody } from '@agent-platform/webhook-verify';
// README:end next-pages
import { readBody } from './node-http-recipe.js';
import { type ReceiverOptions, receiver } from './receive.js';

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
  const receive = receiver(options);
  // README:start next-pages

  // NextApiRequest and NextApiResponse extend these node:http types.
  // README: export default async function handler(
  async function handler(
    req: IncomingMessage & { body?: unknown },
    res: ServerResponse,
  ): Promise<void> {
    const rawBody = await pagesRawBody(req);
    const { status, body } =
      rawBody !== undefined
        ? await receive(rawBody, req.headers)
        : { status: 413, body: 'too large' };
    res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
  }
  // README:end next-pages
  return handler;
}
