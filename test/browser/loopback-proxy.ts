import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { foreignSite } from './foreign-site.js';

/** An HTTP proxy on 127.0.0.1 for a browser that has no host-resolver rules of its own. */
export interface LoopbackProxy {
  /** `127.0.0.1:<port>`, as a WebDriver proxy capability names it. */
  address: string;
  close(): Promise<void>;
}

/**
 * Forwards plain-HTTP requests for `foreignSite` (and loopback) to 127.0.0.1 on the same port, a
 * cut answer cut in turn; any other host gets a 502, and a CONNECT (https) a closed socket.
 */
export async function startLoopbackProxy(): Promise<LoopbackProxy> {
  const server = createServer((req, res) => {
    const target = new URL(req.url ?? '/', 'http://invalid');
    if (![foreignSite, '127.0.0.1', 'localhost'].includes(target.hostname)) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`no such host here: ${target.hostname}`);
      return;
    }
    const upstream = request(
      {
        host: '127.0.0.1',
        port: target.port || 80,
        method: req.method,
        path: target.pathname + target.search,
        headers: req.headers,
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
        answer.pipe(res);
        answer.on('aborted', () => res.destroy());
        answer.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  });
  server.on('connect', (_req, socket) => socket.destroy());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
