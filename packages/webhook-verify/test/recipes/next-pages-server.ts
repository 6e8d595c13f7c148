import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { PagesRequest } from './next-pages-recipe.js';

/** An API route module's `config`, the part that matters here. */
export interface PagesConfig {
  api?: { bodyParser?: boolean };
}

/** The whole body as text (Next.js reads it with raw-body, then decodes it). */
function text(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * What the Pages Router does around an API route, without depending on `next`: unless the route's
 * `config.api.bodyParser` is false, it reads the stream and sets `req.body`, JSON parsed for
 * application/json (next/dist/server/api-utils/node/api-resolver), before calling the route; it
 * answers 500 to a route that throws.
 */
export function nextPagesServer(
  route: (req: PagesRequest, res: ServerResponse) => Promise<void>,
  config: PagesConfig,
): Server {
  return createServer(async (req: PagesRequest, res) => {
    try {
      if (config.api?.bodyParser !== false) {
        const body = await text(req);
        const json = (req.headers['content-type'] ?? '').startsWith('application/json');
        req.body = json ? JSON.parse(body) : body;
      }
      await route(req, res);
    } catch {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('Internal Server Error');
    }
  });
}
