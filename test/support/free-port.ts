import { createServer } from 'node:net';

/**
 * A port free on 127.0.0.1 a moment ago (bound, then released), for a program that must be told
 * its port before it starts (redis-server, WebKitWebDriver). Another process may take it meanwhile:
 * where a server can listen on port 0 and say its port (the mock's and the proxy's CLI print it in
 * their banner), do that instead; for an address nothing listens on, use `holdPort`.
 */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
