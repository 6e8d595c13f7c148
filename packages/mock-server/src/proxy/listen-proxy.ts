import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { isControlPath, isLoopbackName } from '../http/cors.js';
import { normalizePath } from '../http/normalize-path.js';
import { earlyRefusal } from '../transports/early-refusal.js';
import { targetOf } from '../transports/incoming-request.js';
import { type ListenOptions, loadHttp, type RunningServer } from '../transports/node-server.js';
import { type ProxyErrorCode, proxyError } from './proxy-answer.js';

/**
 * Serves a fetch handler (the proxy's) on node:http, streaming bodies both ways. Its control route
 * is guarded as the mock's control API is: without an admin token, on loopback, only for requests
 * addressed to this machine, and never changed by a page of another origin.
 */
export async function listenProxy(
  handle: (request: Request) => Promise<Response>,
  options: ListenOptions,
  adminToken: string | undefined,
): Promise<RunningServer> {
  const { createServer } = await loadHttp();
  const host = options.host ?? '127.0.0.1';
  const rules = {
    host,
    guardHost: adminToken === undefined && isLoopbackName(host),
    controlCorsAnyOrigin: adminToken !== undefined,
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    // The path as the handler will read it (dot segments resolved: `/v1/../__mock/violations` is
    // the control route), so that no spelling of a control path passes the guard unguarded.
    const control = isControlPath(targetOf(req).path) || isControlPath(resolvedPath(req));
    const refusal = earlyRefusal(req, control, rules);
    if (refusal) {
      req.resume();
      return write(
        res,
        proxyError(refusal.status, refusal.code as ProxyErrorCode, refusal.message),
      );
    }
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    let answer: Response;
    try {
      answer = await handle(toRequest(req, aborted.signal));
    } catch (error) {
      if (aborted.signal.aborted) return;
      answer = proxyError(
        502,
        'UPSTREAM_UNREACHABLE',
        `the proxy failed: ${(error as Error).message}`,
      );
    }
    await write(res, answer);
  };
  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  let closed: Promise<void> | undefined;
  return {
    url,
    port,
    close: (closeOptions = {}) =>
      (closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        const graceMs = closeOptions.graceMs ?? 0;
        if (graceMs > 0) setTimeout(() => server.closeAllConnections(), graceMs).unref();
        else server.closeAllConnections();
      })),
  };
}

/** The URL a request is handled at: its origin-form target after this origin, an absolute one as it is. */
function urlOf(req: IncomingMessage): string {
  const target = req.url ?? '/';
  return target.startsWith('/') ? `http://localhost${target}` : target;
}

/** The request's path as the handler reads it (`new URL`, then normalized), or '' when it is no URL. */
function resolvedPath(req: IncomingMessage): string {
  try {
    return normalizePath(new URL(urlOf(req)).pathname);
  } catch {
    return '';
  }
}

/** A node:http request as a fetch Request (its body streamed), aborted with `signal`. */
function toRequest(req: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i + 1 < req.rawHeaders.length; i += 2) {
    const name = req.rawHeaders[i] as string;
    // A pseudo-header or a name fetch refuses is not the API's: left out rather than fail.
    try {
      headers.append(name, req.rawHeaders[i + 1] as string);
    } catch {
      // dropped
    }
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers, signal };
  if (hasBody) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  } else req.resume();
  // Origin form (`/v1/agents`) after this origin; an absolute form (a client set to use a proxy) as it is.
  return new Request(urlOf(req), init);
}

/** Writes a fetch Response, streaming its body; resolves once written or cut. */
async function write(res: ServerResponse, answer: Response): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of answer.headers) if (name !== 'set-cookie') headers[name] = value;
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  res.writeHead(answer.status, answer.statusText || undefined, headers);
  if (answer.body === null) return void res.end();
  const body = Readable.fromWeb(
    answer.body as import('node:stream/web').ReadableStream<Uint8Array>,
  );
  await new Promise<void>((resolve) => {
    body.once('error', () => {
      res.destroy();
      resolve();
    });
    res.once('close', resolve);
    body.pipe(res);
  });
}
