import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A file the page's origin serves. */
export interface PageFile {
  type: string;
  body: string;
}

/** The HTTP server of the page's origin, on 127.0.0.1 (a secure context, as service workers need). */
export interface PageServer {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves `files` by path, an empty page at `/`, and at `/redirect/...` a 302 to `redirectTo` (a
 * baseUrl that redirects, as a wrong one may); 404 for anything else.
 */
export async function startPageServer(
  files: ReadonlyMap<string, PageFile>,
  redirectTo: string,
): Promise<PageServer> {
  const server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://page').pathname;
    if (path === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>browser tests</title>');
      return;
    }
    if (path.startsWith('/redirect/')) {
      res.writeHead(302, { location: redirectTo + path.slice('/redirect'.length) });
      res.end();
      return;
    }
    const file = files.get(path);
    res.writeHead(file ? 200 : 404, {
      'content-type': file?.type ?? 'text/plain',
      'cache-control': 'no-store',
    });
    res.end(file?.body ?? `no such file: ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
