import type { AddressInfo } from 'node:net';
import { createAdaptorServer } from '@hono/node-server';

/** Where `listen` serves. */
export interface ListenOptions {
  /** The port; 0 (default) picks a free one. */
  port?: number;
  /** The interface; default `127.0.0.1`. */
  host?: string;
  /**
   * Let @hono/node-server replace the global Request/Response with its faster ones (default false:
   * a library must not change globals; the CLI turns it on).
   */
  overrideGlobalObjects?: boolean;
}

/** A running HTTP server. */
export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** Stops accepting connections, closes open ones, and resolves when the server is down. */
  close(): Promise<void>;
}

/** Serves a fetch handler on a real node:http server. */
export async function listen(
  handle: (request: Request) => Promise<Response>,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const server = createAdaptorServer({
    fetch: handle,
    overrideGlobalObjects: options.overrideGlobalObjects ?? false,
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url,
    port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        if ('closeAllConnections' in server) server.closeAllConnections();
      }),
  };
}
