import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { corsHeaders, isControlPath, isLoopbackName } from '../http/cors.js';
import { normalizePath } from '../http/normalize-path.js';
import { checkTimerMs } from '../timer-limit.js';
import { checkListenOptions } from '../transports/check-listen-options.js';
import { earlyRefusal } from '../transports/early-refusal.js';
import { headerOf } from '../transports/incoming-request.js';
import { type ListenOptions, loadHttp, type RunningServer } from '../transports/node-server.js';
import { markOwn } from './own-answer.js';
import { type ProxyAnswer, type ProxyErrorCode, proxyError } from './proxy-answer.js';

/**
 * Serves a fetch handler (the proxy's) on node:http, streaming bodies both ways. Its control route
 * is guarded as the mock's control API is: without an admin token, on loopback, only for requests
 * addressed to this machine, and never changed by a page of another origin.
 */
export async function listenProxy(
  handle: (request: Request) => Promise<ProxyAnswer>,
  options: ListenOptions,
  adminToken: string | undefined,
): Promise<RunningServer> {
  checkListenOptions(options);
  const { createServer } = await loadHttp();
  const host = options.host ?? '127.0.0.1';
  const rules = {
    host,
    guardHost: adminToken === undefined && isLoopbackName(host),
    controlCorsAnyOrigin: adminToken !== undefined,
  };
  const serve = async (req: IncomingMessage, res: ServerResponse) => {
    // The guard reads the path the handler routes by (dot segments resolved: `/v1/../__mock/violations`
    // is the control route), so that no spelling of a control path passes it unguarded.
    const control = isControlPath(resolvedPath(req));
    // The route's CORS on the server's own answers too, as the mock's server writes its own: a page
    // reads why it was refused. Each has an id of its own: the upstream's, if any, may be what
    // node:http refused to write. Made only for such an answer, not for every request.
    const own = (status: number, code: ProxyErrorCode, message: string) =>
      markOwn(
        proxyError(status, code, message),
        null,
        corsHeaders({ header: (name) => headerOf(req, name) }, control, rules.controlCorsAnyOrigin),
      );
    const refusal = earlyRefusal(req, control, rules);
    if (refusal) {
      req.resume();
      return write(res, own(refusal.status, refusal.code as ProxyErrorCode, refusal.message));
    }
    const target = targetOf(req);
    if (target === null) {
      req.resume();
      const message = `path: must be a path (/v1/agents) or an absolute http(s) URL, not ${JSON.stringify(req.url)}`;
      return write(res, own(400, 'VALIDATION_ERROR', message));
    }
    const aborted = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) aborted.abort();
    });
    let answer: ProxyAnswer;
    try {
      // The handler reads the path and query alone: no host a client names reaches an answer.
      answer = await handle(toRequest(req, `http://localhost${target}`, aborted.signal));
    } catch (error) {
      if (aborted.signal.aborted) return;
      answer = own(502, 'UPSTREAM_UNREACHABLE', `the proxy failed: ${(error as Error).message}`);
    }
    try {
      await write(res, answer);
    } catch (error) {
      // node:http refuses what fetch's Headers take (a control character in a value, from a custom
      // fetch): an answer naming it, not a client left waiting and a rejection nobody handles.
      if (res.headersSent) return void res.destroy();
      await write(
        res,
        own(502, 'UPSTREAM_UNREACHABLE', `the proxy failed: ${(error as Error).message}`),
      );
    }
  };
  const server = createServer((req, res) => void serve(req, res));
  // Every header line within the size limit, as the mock's server: node:http drops those after the
  // 2000th by default, and the proxy would forward a request without them.
  server.maxHeadersCount = 0;
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
    // As the mock's server closes: a bad grace rejects, and closes nothing.
    close: async (closeOptions = {}) => {
      const graceMs = checkTimerMs('graceMs', closeOptions.graceMs ?? 0, 0);
      closed ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeIdleConnections();
        if (graceMs > 0) setTimeout(() => server.closeAllConnections(), graceMs).unref();
        else server.closeAllConnections();
      });
      return closed;
    },
  };
}

/**
 * The path and query a request is handled at, the authority of an absolute-form target (a client
 * set to use a proxy, `http://user:pw@api.test/v1/agents`) dropped, since only the upstream is ever
 * asked; null for a target that is neither (`*`).
 */
function targetOf(req: IncomingMessage): string | null {
  const target = req.url ?? '/';
  if (target.startsWith('/')) return target;
  try {
    const url = new URL(target);
    return /^https?:$/.test(url.protocol) ? `${url.pathname}${url.search}` : null;
  } catch {
    return null;
  }
}

/** The request's path as the handler reads it (`new URL`, then normalized), or '' when it is no URL. */
function resolvedPath(req: IncomingMessage): string {
  const target = targetOf(req);
  return target === null ? '' : normalizePath(new URL(`http://localhost${target}`).pathname);
}

/** A node:http request as a fetch Request at `url` (its body streamed), aborted with `signal`. */
function toRequest(req: IncomingMessage, url: string, signal: AbortSignal): Request {
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
  return new Request(url, init);
}

/** Writes an answer, a Response's body streamed, bytes whole; resolves once written or cut. */
async function write(res: ServerResponse, answer: ProxyAnswer): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of answer.headers) if (name !== 'set-cookie') headers[name] = value;
  const cookies = answer.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const bytes = answer instanceof Response ? null : answer.body;
  if (bytes) headers['content-length'] = String(bytes.byteLength);
  res.writeHead(answer.status, answer.statusText || undefined, headers);
  if (bytes) return void res.end(bytes);
  if (!(answer instanceof Response) || answer.body === null) return void res.end();
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
