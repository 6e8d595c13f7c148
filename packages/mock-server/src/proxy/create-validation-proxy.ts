import type { ErrorDetail } from '../errors.js';
import type { OperationInfo } from '../generated/operations.js';
import { isControlPath } from '../http/cors.js';
import { normalizePath } from '../http/normalize-path.js';
import type { ListenOptions, RunningServer } from '../transports/node-server.js';
import { findOperation } from './find-operation.js';
import { forwardHeaders } from './forward-headers.js';
import { listenProxy } from './listen-proxy.js';
import { proxyError, summary } from './proxy-answer.js';
import { type CappedBody, readCapped } from './read-capped.js';
import { validateProxiedRequest } from './validate-proxied-request.js';
import { validateResponse } from './validate-response.js';
import { type Violation, ViolationLog } from './violation-log.js';
import { violationsRoute } from './violations-route.js';

/** Options of `createValidationProxy`. */
export interface ValidationProxyOptions {
  /** The API to forward to: an absolute http(s) URL; a path in it is kept as a prefix. */
  upstream: string;
  /** How the proxy reaches the upstream; default the global `fetch`, looked up per request. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /**
   * Prism's `--errors`: a request that breaks the spec is answered 400 by the proxy and not
   * forwarded; an answer that breaks it is replaced by a 502 `CONTRACT_VIOLATION`. Default false.
   */
  errors?: boolean | undefined;
  /** Hears each violation as it is recorded. */
  onViolation?: ((violation: Violation) => void) | undefined;
  /** The API variant whose webhook subscriptions a request may name (default `'A'`). */
  variant?: 'A' | 'B' | undefined;
  /** Requires `x-mock-admin-token` on `/__mock/violations`, as the mock's `adminToken` does. */
  adminToken?: string | undefined;
  /** Violations kept (the last ones; `total` counts all). Default 1000. */
  maxViolations?: number | undefined;
  /** Bodies larger than this pass through unvalidated, with one violation saying so. Default 16 MiB. */
  maxBodyBytes?: number | undefined;
}

/** A running contract-validation proxy. */
export interface ValidationProxy {
  /** The upstream URL, as given. */
  readonly upstream: string;
  /** Sends a request through the proxy (a relative URL resolves against `http://localhost/`). */
  fetch(input: string | URL | Request, init?: RequestInit): Promise<Response>;
  /** The violations kept, oldest first. */
  violations(): Violation[];
  /** How many violations were seen since the last clear, kept or not. */
  violationCount(): number;
  /** Forgets every violation. */
  clearViolations(): void;
  /** Serves the proxy over HTTP (default 127.0.0.1, a free port). */
  listen(options?: ListenOptions): Promise<RunningServer>;
}

/** The header each proxied answer carries: how many violations its exchange had. */
export const VIOLATIONS_HEADER = 'x-contract-violations';

const MIB = 1024 * 1024;

/**
 * A proxy that forwards every request to `upstream` and reports where requests and answers
 * break the spec, each violation naming its field and rule.
 * @example
 * const proxy = createValidationProxy({ upstream: 'https://staging.example.test' });
 * const server = await proxy.listen({ port: 4011 }); // point the SDK or the suite at server.url
 */
export function createValidationProxy(options: ValidationProxyOptions): ValidationProxy {
  const upstream = parseUpstream(options.upstream);
  const errors = options.errors === true;
  const variant = options.variant ?? 'A';
  const cap = options.maxBodyBytes ?? 16 * MIB;
  const log = new ViolationLog(options.maxViolations ?? 1000);
  const send = options.fetch ?? ((request: Request) => fetch(request));

  const handle = async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    const path = normalizePath(url.pathname);
    if (path === '/__mock/violations') return violationsRoute(request, log, options.adminToken);
    const method = request.method;
    const exchange: Exchange = {
      method,
      path: url.pathname,
      op: null,
      status: null,
      requestId: undefined,
    };
    const found: Found[] = [];
    const record: Note = (side, details) => {
      for (const d of details) found.push({ ...d, in: side });
    };
    // CORS preflights and the upstream mock's control API are not the API's operations.
    const checked = method !== 'OPTIONS' && !isControlPath(path);
    let params: Record<string, string> = {};
    let refusal: Response | null = null;
    if (checked) {
      const match = findOperation(method, path);
      if (match.kind === 'found') {
        exchange.op = match.target;
        params = match.params;
      } else {
        const allowed = match.kind === 'method' ? ` (it has ${match.allowed.join(', ')})` : '';
        const message = `path: ${method} ${path} matches no operation of the spec${allowed}`;
        record('request', [{ field: 'path', rule: 'route', message }]);
        refusal =
          match.kind === 'method'
            ? proxyError(405, 'METHOD_NOT_ALLOWED', message)
            : proxyError(404, 'NOT_FOUND', message);
      }
    }
    const bodyless = method === 'GET' || method === 'HEAD';
    const body: CappedBody = bodyless
      ? { bytes: new Uint8Array(0) }
      : await readCapped(request.body, cap);
    if (body.stream) record('request', [tooLarge(cap)]);
    else if (exchange.op) {
      const issues = validateProxiedRequest(
        exchange.op,
        params,
        url.search,
        body.bytes,
        request.headers,
        variant,
      );
      record('request', issues);
      if (issues.length > 0) refusal = proxyError(400, 'VALIDATION_ERROR', summary(issues), issues);
    }
    let answer: Response;
    if (errors && refusal) answer = refusal;
    else {
      answer = await forward(request, url, body, exchange, record);
    }
    for (const d of found) {
      const violation: Violation = {
        at: new Date().toISOString(),
        ...(exchange.requestId === undefined ? {} : { request_id: exchange.requestId }),
        method,
        path: exchange.path,
        operation_id: exchange.op?.operationId ?? null,
        status: exchange.status,
        in: d.in,
        field: d.field,
        rule: d.rule,
        message: d.message,
      };
      log.add(violation);
      if (options.onViolation) {
        try {
          options.onViolation(violation);
        } catch (error) {
          console.error('[agent-platform-mock proxy] onViolation threw:', error);
        }
      }
    }
    answer.headers.set(VIOLATIONS_HEADER, String(found.length));
    return answer;
  };

  async function forward(
    request: Request,
    url: URL,
    body: CappedBody,
    exchange: Exchange,
    record: Note,
  ): Promise<Response> {
    const target = `${upstream.origin}${upstream.prefix}${url.pathname}${url.search}`;
    const headers = forwardHeaders(request.headers, ['accept-encoding']);
    // The answer is validated as sent: uncompressed (fetch would decode it, keeping the header).
    headers.set('accept-encoding', 'identity');
    const bodyless = request.method === 'GET' || request.method === 'HEAD';
    const init: RequestInit & { duplex?: 'half' } = {
      method: request.method,
      headers,
      redirect: 'manual',
      signal: request.signal,
    };
    if (!bodyless && (body.stream || (body.bytes?.byteLength ?? 0) > 0)) {
      init.body = body.stream ?? (body.bytes as Uint8Array<ArrayBuffer>);
      if (body.stream) init.duplex = 'half';
    }
    let upstreamAnswer: Response;
    let answerBody: CappedBody;
    try {
      upstreamAnswer = await send(new Request(target, init));
      answerBody =
        request.method === 'HEAD'
          ? { bytes: new Uint8Array(0) }
          : await readCapped(upstreamAnswer.body, cap);
    } catch (error) {
      if (request.signal.aborted) throw error;
      return proxyError(
        502,
        'UPSTREAM_UNREACHABLE',
        `upstream ${upstream.shown}: no answer to ${request.method} ${url.pathname} (${causeOf(error)})`,
      );
    }
    const { status } = upstreamAnswer;
    exchange.status = status;
    exchange.requestId = upstreamAnswer.headers.get('x-request-id') ?? undefined;
    const outHeaders = forwardHeaders(upstreamAnswer.headers, ['content-encoding']);
    let issues: ErrorDetail[] = [];
    if (exchange.op) {
      if (answerBody.stream) {
        issues = validateResponse(exchange.op, status, upstreamAnswer.headers, null);
        issues.push(tooLarge(cap));
      } else {
        const bytes = request.method === 'HEAD' ? null : answerBody.bytes;
        issues = validateResponse(exchange.op, status, upstreamAnswer.headers, bytes);
      }
      record('response', issues);
    }
    if (errors && issues.length > 0) {
      answerBody.stream?.cancel().catch(() => undefined);
      return proxyError(
        502,
        'CONTRACT_VIOLATION',
        `the upstream's ${status} answer to ${request.method} ${url.pathname} breaks the spec: ${summary(issues)}`,
        issues,
      );
    }
    const nullBody = request.method === 'HEAD' || [101, 204, 205, 304].includes(status);
    const passed = nullBody
      ? null
      : (answerBody.stream ?? (answerBody.bytes as Uint8Array<ArrayBuffer>));
    return new Response(passed, {
      status,
      statusText: upstreamAnswer.statusText,
      headers: outHeaders,
    });
  }

  return {
    upstream: options.upstream,
    fetch: (input, init) => handle(toRequest(input, init)),
    violations: () => log.list(),
    violationCount: () => log.total,
    clearViolations: () => log.clear(),
    listen: (listenOptions = {}) => listenProxy(handle, listenOptions, options.adminToken),
  };
}

/** A violated rule, and whether the request or the answer broke it. */
type Found = ErrorDetail & { in: Violation['in'] };
/** Notes what a side of the exchange broke. */
type Note = (side: Violation['in'], details: ErrorDetail[]) => void;

/** What the proxy learns of one request on its way. */
interface Exchange {
  method: string;
  path: string;
  op: OperationInfo | null;
  status: number | null;
  requestId: string | undefined;
}

function tooLarge(cap: number): ErrorDetail {
  return {
    field: 'body',
    rule: 'size',
    message: `body: not validated: larger than ${cap} bytes (passed through as it is)`,
  };
}

/** The upstream option checked: its origin, its path prefix, and how messages show it (no credentials). */
function parseUpstream(option: unknown): { origin: string; prefix: string; shown: string } {
  let url: URL | undefined;
  try {
    url = new URL(String(option));
  } catch {
    // reported below
  }
  if (
    typeof option !== 'string' ||
    !url ||
    !/^https?:$/.test(url.protocol) ||
    /[?#]/.test(option)
  ) {
    throw new TypeError(
      `upstream: must be an absolute http(s) URL without query or #, e.g. https://staging.example.test/platform, not ${JSON.stringify(option)}`,
    );
  }
  const prefix = url.pathname.replace(/\/+$/, '');
  return { origin: url.origin, prefix, shown: `${url.origin}${prefix}` };
}

function causeOf(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (error as Error).message ?? String(error);
}

function toRequest(input: string | URL | Request, init: RequestInit | undefined): Request {
  if (input instanceof Request) return init ? new Request(input, init) : input;
  return new Request(new URL(String(input), 'http://localhost/'), init);
}
