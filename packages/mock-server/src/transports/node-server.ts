import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { ApiError } from '../errors.js';
import type { ApiResponse } from '../http/api-request.js';
import { CORS_HEADERS, corsHeaders, isControlPath, isLoopbackName } from '../http/cors.js';
import { bodyLimit } from '../http/read-body.js';
import type { RequestHandler } from '../request-handler.js';
import { answeredRequest, type RequestListener, tell } from '../request-log.js';
import { checkTimerMs } from '../timer-limit.js';
import { checkListenOptions } from './check-listen-options.js';
import { clientErrorFor } from './client-error-for.js';
import { earlyRefusal } from './early-refusal.js';
import {
  expectsContinue,
  fromIncoming,
  headerOf,
  isDraining,
  targetOf,
} from './incoming-request.js';
import { afterAnswers, answering, cut, framed, ownAnswer, send } from './write-answer.js';

// node:http is loaded when a server starts, not when the package is imported, so that the package
// bundles for a browser (MSW's worker, a component test) where there is no node:http. The name is
// not a literal, so that bundlers leave the import alone.
const NODE_HTTP = 'node:http';
// The CommonJS module's own `require` is read by a computed name: a bundler takes `require(name)`
// and `module.require(name)` for a dependency it must find, and webpack warns ("Critical
// dependency: the request of a dependency is an expression") in every app that bundles the CJS build.
const REQUIRE = 'require';

/**
 * node:http: from `process.getBuiltinModule` (Node 20.16+), else `import()`, else the CommonJS
 * module's `require` where there is one (a CJS build run by Jest, whose vm gives `import()` no
 * loader). `import()` first: in a CJS build bundled by webpack or esbuild, `module` is the bundler's,
 * which has no `require`; in the ESM build there is no `module`.
 */
export async function loadHttp(): Promise<typeof import('node:http')> {
  const proc = globalThis.process as { getBuiltinModule?: (id: string) => unknown } | undefined;
  const builtin = proc?.getBuiltinModule?.(NODE_HTTP);
  if (builtin) return builtin as typeof import('node:http');
  try {
    return await import(/* webpackIgnore: true */ /* @vite-ignore */ NODE_HTTP);
  } catch (error) {
    // Node's and Jest's `module.require`, called on `module` (Node's reads it as `this`).
    if (typeof module === 'object' && typeof module?.[REQUIRE] === 'function') {
      return module[REQUIRE](NODE_HTTP);
    }
    throw error;
  }
}

// The rest of an oversized body is read and dropped, to the end its Content-Length declares (or
// its last chunk), so that a client that sends the whole body before reading (Python's http.client,
// urllib) reads the 413 instead of a reset, for at most this much real time: a client that sends
// slowly, or never ends, does not hold the connection longer. Real time, whatever the mock's clock:
// it is socket handling, not the API's time.
const DRAIN_BUDGET_MS = 60_000;

/** Where `listen` serves. */
export interface ListenOptions {
  /** The port; 0 (default) picks a free one. */
  port?: number | undefined;
  /** The interface; default `127.0.0.1`. */
  host?: string | undefined;
}

/** Options of `RunningServer.close`. */
export interface CloseOptions {
  /**
   * Milliseconds that requests in flight get to be answered before their connections are cut, and
   * (a mock's server) its webhook attempts in flight, after which the mock is disposed: it sends
   * none, through its other servers neither. Default 0:
   * cut the connections at once, the mock's deliveries left to its dispose() (a test's teardown);
   * the CLI gives 5 000 on SIGINT, SIGTERM and SIGHUP.
   */
  graceMs?: number | undefined;
}

/** How the server guards its control API (not public: the mock's options decide it). */
export interface ServeOptions {
  /**
   * On a loopback address, answer `/__mock` only for a request addressed to this machine by
   * its `Host` (set when the control API has no admin token).
   */
  guardControlHost?: boolean;
  /**
   * Opens the control API's CORS to every origin (it has an admin token, which guards it then).
   * Without it, a request that would change something, sent by a page on another origin, is 403.
   */
  controlCorsAnyOrigin?: boolean;
  /** Where a failure around the request handler is reported (the handler reports its own). */
  onError?: (error: unknown, request: { method: string; path: string }) => void;
  /** The `X-Request-Id` of the server's own answers (the mock's, seeded with its ids). Default random. */
  requestId?: () => string;
  /** Real ms the rest of an oversized body is read and dropped for, before the connection is cut. */
  drainBudgetMs?: number;
  /** The time (ms) the `Date` of the server's own answers gives (the mock's clock). Default Date.now. */
  now?: () => number;
  /** Hears the server's own answers to requests it parsed (the handler tells its own). */
  onRequest?: RequestListener;
  /**
   * Work a close with a grace waits for too (the mock's webhook attempts in flight): it resolves
   * once that work is done, and `deadline` aborts when the grace runs out (the work is cut then).
   */
  drain?: (deadline: AbortSignal) => Promise<void>;
  /**
   * Called once a close with a grace is done, its requests and `drain` included (the mock disposes
   * itself then, as the CLI's process exits: an event of a request answered meanwhile is queued).
   */
  afterGracefulClose?: () => void;
}

/** A running HTTP server. */
export interface RunningServer {
  /** The base URL, e.g. `http://127.0.0.1:4010`. */
  url: string;
  /** The port it listens on: the one picked when `port: 0` was asked for. */
  port: number;
  /**
   * Stops accepting connections, closes idle ones, lets requests in flight (and a mock's webhook
   * attempts in flight) finish within `graceMs`, cuts the rest, and resolves when all is done.
   */
  close(options?: CloseOptions): Promise<void>;
}

/**
 * Serves the core on node:http, reading requests and writing responses directly (no fetch Request or
 * Response objects on this path: they cost more than the rest of the pipeline).
 */
export async function listen(
  handle: RequestHandler,
  options: ListenOptions = {},
  serveOptions: ServeOptions = {},
): Promise<RunningServer> {
  checkListenOptions(options);
  const { createServer, maxHeaderSize, ServerResponse, STATUS_CODES } = await loadHttp();
  const host = options.host ?? '127.0.0.1';
  const nextId = serveOptions.requestId ?? (() => crypto.randomUUID());
  const drainBudgetMs = serveOptions.drainBudgetMs ?? DRAIN_BUDGET_MS;
  const now = serveOptions.now ?? Date.now;
  const { onRequest } = serveOptions;
  /** Tells `onRequest` of an answer the server wrote itself to a request it read (`started`: when). */
  const own = (req: IncomingMessage, answer: ApiResponse, started: number): ApiResponse => {
    if (onRequest === undefined) return answer;
    const { path, search } = targetOf(req);
    const method = req.method ?? 'GET';
    const record = {
      request_id: answer.headers['X-Request-Id'] as string,
      at_ms: now(),
      method,
      path,
      query: search,
      headers: req.rawHeaders,
      status: answer.status,
      key_id: null,
      operation_id: null,
    };
    const answered = answeredRequest(record, performance.now() - started, answer.error);
    tell(onRequest, answered, (error) => serveOptions.onError?.(error, { method, path }));
    return answer;
  };
  // A server on loopback is for this machine: a control request addressed to another name came
  // through a DNS name rebound to 127.0.0.1 by a web page (which may then read the state's keys
  // and secrets). Bound elsewhere (0.0.0.0 in a container, called as http://mock:4010), any name
  // is legitimate: the admin token is the guard there.
  const guardHost = serveOptions.guardControlHost === true && isLoopbackName(host);
  const refusalRules = {
    host,
    guardHost,
    controlCorsAnyOrigin: serveOptions.controlCorsAnyOrigin === true,
  };
  let closing = false;
  // The one close, however often it is asked for.
  let closed: Promise<void> | undefined;
  // Requests pipelined on one connection (sent before the first is answered) are handled one after
  // another, as RFC 9112 §9.3.2 has a server do for any but safe methods: a GET sent after a POST
  // sees what the POST made. Node emits them at once (and already sends their answers in order).
  const turns = new WeakMap<object, Promise<void>>();
  const inTurn = (socket: object, run: () => Promise<void>): void => {
    const before = turns.get(socket);
    const done = (before === undefined ? run() : before.then(run)).catch(() => {});
    turns.set(socket, done);
    void done.then(() => {
      if (turns.get(socket) === done) turns.delete(socket);
    });
  };
  // Each connection's signal, aborted once it has closed (the client went away, or `close` cut it):
  // a request's waits (a fault's delay) end then, as an in-process caller's signal ends them, rather
  // than hold the process open for as long as nobody is left to read the answer.
  const connectionSignals = new WeakMap<object, AbortSignal>();
  const closedSignal = (socket: Duplex): AbortSignal => {
    let signal = connectionSignals.get(socket);
    if (signal === undefined) {
      const controller = new AbortController();
      if (socket.destroyed) controller.abort();
      else socket.once('close', () => controller.abort());
      signal = controller.signal;
      connectionSignals.set(socket, signal);
    }
    return signal;
  };
  // Connections an answer has closed (Connection: close). A request pipelined after that answer is
  // not handled, as RFC 9112 §9.6 says: Node would send it no answer, so a POST would make what its
  // client never hears of (and may send again).
  const ended = new WeakSet<object>();
  // Requests with `Expect: 100-continue` not yet sent their 100 (see `sendContinue`).
  const owedContinue = new WeakSet<IncomingMessage>();
  // Each connection's last request, for `clientError`: when it was read whole, a parse error is in
  // what came after it.
  const lastRequest = new WeakMap<object, IncomingMessage>();
  const serve = (req: IncomingMessage, res: ServerResponse, close = false) => {
    lastRequest.set(req.socket, req);
    inTurn(req.socket, async () => {
      // Its body is read and dropped: unread, it would stall the connection a cut is closing.
      if (ended.has(req.socket)) return void req.resume();
      const started = onRequest === undefined ? 0 : performance.now();
      // The 100 a client waits for before its body, once: when the handler reads the body, or with
      // the answer. Not before a `drop: "request"` cut: the request was lost before the API saw it,
      // so nothing asked for its body (a 100 sent at once said the API had seen it).
      const sendContinue = () => {
        if (owedContinue.delete(req)) res.writeContinue();
      };
      const answer = (response: ApiResponse, last: boolean, endAfter?: IncomingMessage) => {
        if (response.drop !== 'request') sendContinue();
        // A fault's cut ends the connection too: a request pipelined after it is not handled.
        if (last || response.drop !== undefined) ended.add(req.socket);
        if (response.drop !== undefined) cut(res, response, req, drainBudgetMs);
        else send(res, response, last, endAfter);
      };
      const target = targetOf(req);
      const control = isControlPath(target.path);
      // The control API's CORS rule on the answers written here too.
      const cors = control
        ? corsHeaders(
            { header: (name) => headerOf(req, name) },
            true,
            serveOptions.controlCorsAnyOrigin === true,
          )
        : CORS_HEADERS;
      const refusal = earlyRefusal(req, control, refusalRules);
      if (refusal) {
        req.resume();
        return answer(own(req, ownAnswer(refusal, nextId(), now(), cors), started), true);
      }
      let response: ApiResponse;
      try {
        response = await handle(
          fromIncoming(req, target, drainBudgetMs, closedSignal(req.socket), sendContinue),
        );
      } catch (error) {
        // The handler answers (and reports) its own failures; this is a failure around it.
        serveOptions.onError?.(error, { method: req.method ?? 'GET', path: req.url ?? '/' });
        const failure = new ApiError(
          500,
          'INTERNAL_ERROR',
          'internal error in the mock server; see its log',
        );
        return answer(own(req, ownAnswer(failure, nextId(), now(), cors), started), true);
      }
      // An oversized body being drained is answered at once (a client that reads while it sends,
      // as curl does, stops sending), but the answer ends only once the rest of the body has been
      // read and dropped: Node closes a connection (the client's `Connection: close`, as urllib
      // sends it) as soon as its answer ends, and a client still sending would get a reset, not
      // the 413. A client that waits for a 100 first sends no body: answered as any other.
      const drained = isDraining(req) && !req.complete && !expectsContinue(req);
      answer(response, closing || close, drained ? req : undefined);
    });
  };
  // A missing Host is answered in `serve`, in the API's envelope.
  const server = createServer({ requireHostHeader: false }, serve);
  // Every header line within maxHeaderSize (16 KiB, 431 past it): node:http drops those after the
  // 2000th by default, unsaid, and a key sent after them was answered 401 "missing API key".
  server.maxHeadersCount = 0;
  // CONNECT: Node hands the socket over (a tunnel) and, with no listener, closes it unanswered.
  // Answered as any method the API does not serve (404 for its authority-form target, 405 with
  // Allow on a known path), then closed: the connection is not a tunnel, and not HTTP any more.
  const tunnels = new Set<Duplex>();
  server.on('connect', (req: IncomingMessage, socket: Duplex) => {
    socket.on('error', () => {});
    if (closing) return void socket.destroy();
    tunnels.add(socket);
    socket.once('close', () => tunnels.delete(socket));
    const res = new ServerResponse(req);
    res.assignSocket(socket as Socket);
    res.once('finish', () => {
      res.detachSocket(socket as Socket);
      socket.end(() => socket.destroy());
    });
    serve(req, res, true);
  });
  // An oversized body announced with `Expect: 100-continue` is refused before it is sent.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    if (
      Number(req.headers['content-length']) > bodyLimit(req.method ?? 'GET', targetOf(req).path)
    ) {
      // No 100: the handler answers 413 from the declared length (journaled), and the body never comes.
      serve(req, res, true);
    } else {
      owedContinue.add(req);
      serve(req, res);
    }
  });
  // Node answers these itself, bare; here they get the API's envelope and a request id.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    const started = onRequest === undefined ? 0 : performance.now();
    const error = new ApiError(417, 'VALIDATION_ERROR', 'Expect: only 100-continue is supported');
    send(res, own(req, ownAnswer(error, nextId(), now()), started), true);
  });
  // Connections whose parser failed: Node reports the failure again on each later read.
  const refused = new WeakSet<object>();
  server.on(
    'clientError',
    (error: Error & { code?: string; rawPacket?: Buffer; reason?: string }, socket: Duplex) => {
      if (refused.has(socket)) return;
      refused.add(socket);
      const refuse = () => {
        const answer = ownAnswer(clientErrorFor(error, maxHeaderSize), nextId(), now());
        const head = Object.entries(framed(answer, true)).map(
          ([name, value]) => `${name}: ${value}\r\n`,
        );
        const status = `${answer.status} ${STATUS_CODES[answer.status]}`;
        // Closed once written: an http socket allows half-open connections, so end() alone may linger.
        socket.end(`HTTP/1.1 ${status}\r\n${head.join('')}\r\n${answer.body}`, () =>
          socket.destroy(),
        );
      };
      const started = answering(socket);
      if (started && lastRequest.get(socket)?.complete) {
        // The failure is in what came after requests read whole and not yet answered (data after
        // `Connection: close`, a malformed request pipelined after them): their answers go first,
        // or their clients would read this refusal as the answer to a request that was carried out.
        // After an answer that closed the connection, nothing more is sent (RFC 9112 §9.6).
        return void afterAnswers(socket, () => {
          if (socket.writable) refuse();
        });
      }
      if (!socket.writable || started?.headersSent) return void socket.destroy();
      refuse();
    },
  );
  // Accepted just as the server closes: it would hold the close open.
  server.on('connection', (socket: Socket) => {
    if (closing) socket.destroy();
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
    // Async: a bad grace rejects (checked first, so a later close with a good one still closes).
    close: async (closeOptions = {}) => {
      const graceMs = checkTimerMs('graceMs', closeOptions.graceMs ?? 0, 0);
      closed ??= new Promise<void>((resolve, reject) => {
        closing = true;
        // Node closes idle keep-alive connections here; busy ones close once answered, since every
        // answer sent while closing says Connection: close; the rest are cut at the deadline.
        const down = new Promise<void>((done, fail) =>
          server.close((error) => (error ? fail(error) : done())),
        );
        const deadline = new AbortController();
        // Only a close with a grace: without one (a test's teardown) the mock is left as it is.
        const drained =
          graceMs > 0 && serveOptions.drain
            ? serveOptions.drain(deadline.signal).catch((error: unknown) => {
                serveOptions.onError?.(error, { method: 'CLOSE', path: '(drain)' });
              })
            : undefined;
        const cut = () => {
          server.closeAllConnections();
          // Node no longer counts a CONNECT's socket among its connections.
          for (const socket of tunnels) socket.destroy();
          deadline.abort();
        };
        const timer = graceMs > 0 ? setTimeout(cut, graceMs).unref() : undefined;
        if (timer === undefined) cut();
        Promise.all([down, drained])
          .then(() => {
            if (graceMs > 0) serveOptions.afterGracefulClose?.();
          })
          .then(() => {
            clearTimeout(timer);
            resolve();
          }, reject);
      });
      return closed;
    },
  };
}
