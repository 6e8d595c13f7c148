import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { ApiRequest } from '../http/api-request.js';
import { MAX_BODY_BYTES, tooLarge } from '../http/read-body.js';
import type { RequestHandler } from '../request-handler.js';

/** Where `listen` serves. */
export interface ListenOptions {
  /** The port; 0 (default) picks a free one. */
  port?: number;
  /** The interface; default `127.0.0.1`. */
  host?: string;
}

/** A running HTTP server. */
export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  port: number;
  /** Stops accepting connections, closes open ones, and resolves when the server is down. */
  close(): Promise<void>;
}

/**
 * Serves the core on node:http, reading requests and writing responses directly (no fetch Request or
 * Response objects on this path: they cost more than the rest of the pipeline).
 */
export async function listen(
  handle: RequestHandler,
  options: ListenOptions = {},
): Promise<RunningServer> {
  const host = options.host ?? '127.0.0.1';
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const request = fromIncoming(req);
    handle(request).then(
      (response) => {
        if (response.status === 413) response.headers.Connection = 'close';
        // The body with its length: writeHead fixes the headers, so without Content-Length it
        // would go out chunked (more framing, more writes). Text is encoded by the socket write.
        const { body } = response;
        if (body !== null) {
          const length = typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength;
          response.headers['Content-Length'] = String(length);
        }
        res.writeHead(response.status, response.headers);
        res.end(body ?? undefined);
      },
      (error: unknown) => {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
        res.end(
          JSON.stringify({
            error: { code: 'INTERNAL_ERROR', message: String(error), status: 500 },
          }),
        );
      },
    );
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
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
        for (const socket of sockets) socket.destroy();
      }),
  };
}

function fromIncoming(req: IncomingMessage): ApiRequest {
  const raw = req.url ?? '/';
  const q = raw.indexOf('?');
  return {
    method: req.method ?? 'GET',
    path: q < 0 ? raw : raw.slice(0, q),
    search: q < 0 ? '' : raw.slice(q),
    header(name) {
      const value = req.headers[name];
      return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
    },
    readBody: () => readIncoming(req),
  };
}

/** Reads a request body up to 1 MiB; beyond, 413 (the connection is closed after the answer). */
function readIncoming(req: IncomingMessage): Promise<Uint8Array> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) return Promise.reject(tooLarge());
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > MAX_BODY_BYTES) {
        req.removeAllListeners('data');
        req.resume();
        reject(tooLarge());
      } else chunks.push(chunk);
    });
    req.on('end', () =>
      resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks)),
    );
    req.on('error', reject);
  });
}
