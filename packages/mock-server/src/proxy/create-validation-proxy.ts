import type { ErrorDetail } from '../errors.js';
import { ADMIN_TOKEN_RULE, isHeaderToken } from '../http/header-token.js';
import { normalizePath } from '../http/normalize-path.js';
import { shownOption } from '../shown-option.js';
import { checkTimerMs } from '../timer-limit.js';
import type { ListenOptions, RunningServer } from '../transports/node-server.js';
import { unknownOption } from '../unknown-option.js';
import { checkRequest, notValidated } from './check-request.js';
import { allowInPreflight, applyExpectation, EXPECT_VIOLATION_HEADER } from './expect-violation.js';
import { exposeHeader } from './expose-header.js';
import { type Forwarded, forwardRequest, passBack } from './forward-request.js';
import { listenProxy } from './listen-proxy.js';
import { markOwn } from './own-answer.js';
import { parseUpstream } from './parse-upstream.js';
import { type ProxyAnswer, proxyError, summary, toResponse } from './proxy-answer.js';
import { rewriteLocations } from './rewrite-locations.js';
import { type UpstreamFailure, upstreamFailure } from './upstream-failure.js';
import { validateResponse } from './validate-response.js';
import { type Violation, ViolationLog } from './violation-log.js';
import { VIOLATIONS_PATH, violationsRoute } from './violations-route.js';

/** Options of `createValidationProxy`. */
export interface ValidationProxyOptions {
  /** The API to forward to: an absolute http(s) URL (text or a URL object); a path in it is kept as a prefix. */
  upstream: string | URL;
  /** How the proxy reaches the upstream; default the global `fetch`, looked up per request. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /**
   * Prism's `--errors`: a request that breaks the spec is answered 400 by the proxy and not
   * forwarded; an answer that breaks it is replaced by a 502 `CONTRACT_VIOLATION`. Default false.
   */
  errors?: boolean | undefined;
  /** Hears each violation as it is recorded; one that throws or rejects is logged, the exchange goes on. */
  onViolation?: ((violation: Violation) => unknown) | undefined;
  /** The API variant whose webhook subscriptions a request may name (default `'A'`). */
  variant?: 'A' | 'B' | undefined;
  /** Requires `x-mock-admin-token` on `/__mock/violations`, as the mock's `adminToken` does. */
  adminToken?: string | undefined;
  /** Violations kept (the last ones; `total` counts all). Default 1000. */
  maxViolations?: number | undefined;
  /** Bodies larger than this pass through unvalidated, with a violation saying so (rule `size`). Default 16 MiB. */
  maxBodyBytes?: number | undefined;
  /**
   * Milliseconds the upstream has to answer, its body read (up to `maxBodyBytes`) included; then
   * the proxy gives up and answers 504 `UPSTREAM_TIMEOUT`. Default 60 000.
   */
  upstreamTimeoutMs?: number | undefined;
}

/** A running contract-validation proxy. */
export interface ValidationProxy {
  /** The upstream URL, as given (a URL object's href). */
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

export type { UpstreamFailure } from './upstream-failure.js';

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
  return watchedValidationProxy(options, undefined);
}

/**
 * createValidationProxy, `onUpstream` hearing each forward's outcome: its failure, or null when the
 * upstream answered. The proxy CLI's (an outage said once on stderr), not the package's API.
 */
export function watchedValidationProxy(
  options: ValidationProxyOptions,
  onUpstream: ((failure: UpstreamFailure | null) => void) | undefined,
): ValidationProxy {
  checkShape(options);
  const upstream = parseUpstream(options.upstream);
  checkOptions(options);
  const errors = options.errors === true;
  const variant = options.variant ?? 'A';
  const cap = options.maxBodyBytes ?? 16 * MIB;
  const timeoutMs = options.upstreamTimeoutMs ?? 60_000;
  const log = new ViolationLog(options.maxViolations ?? 1000);
  const custom = options.fetch;
  // The global one takes the URL and init as they are: a Request made only to be read again costs.
  const send = custom
    ? (url: string, init: RequestInit) => custom(new Request(url, init))
    : (url: string, init: RequestInit) => fetch(url, init);

  // This proxy's entry in the Via header of each request it forwards (RFC 9110 §7.6.3): a request
  // that arrives with it has come back through the upstream, and is answered 508 at once.
  const hop = `1.1 agent-platform-mock-${crypto.randomUUID().slice(0, 8)}`;

  const report = (violation: Violation) => {
    const kept = log.add(violation);
    if (!options.onViolation) return;
    // A listener's failure is not the exchange's: the answer goes back all the same.
    const complain = (error: unknown) =>
      console.error('[agent-platform-mock proxy] onViolation threw:', error);
    try {
      const returned: unknown = options.onViolation(kept);
      // An async listener that rejects is heard too, not left to end the process.
      if (typeof (returned as PromiseLike<unknown> | undefined)?.then === 'function')
        (returned as PromiseLike<unknown>).then(undefined, complain);
    } catch (error) {
      complain(error);
    }
  };

  const handle = async (request: Request): Promise<ProxyAnswer> => {
    const url = new URL(request.url);
    const path = normalizePath(url.pathname);
    if (path === VIOLATIONS_PATH) return violationsRoute(request, log, options.adminToken);
    const { method } = request;
    if (request.headers.get('via')?.includes(hop)) {
      // Its Via says to the hop that forwarded it (this proxy) that the answer is its own loop's.
      const loop = `${method} ${url.pathname} came back to this proxy, its Via says: its upstream ${upstream.shown} forwards to it (a loop)`;
      return markOwn(proxyError(508, 'PROXY_LOOP', loop, undefined, { via: hop }), null);
    }
    const checked = await checkRequest(request, path, url.search, cap, variant);
    const refused = applyExpectation(checked, request.headers.get(EXPECT_VIOLATION_HEADER));
    const { op } = checked;
    let forwarded: Forwarded | null = null;
    let answerIssues: ErrorDetail[] = [];
    let answer: ProxyAnswer;
    // The proxy's own answers are marked as the mock's are (markOwn); the upstream's pass back as sent.
    if ((errors || refused) && checked.refusal) answer = markOwn(checked.refusal, null);
    else {
      forwarded = await forwardRequest(
        request,
        url,
        checked.body,
        upstream,
        send,
        cap,
        timeoutMs,
        hop,
      );
      const looped = forwarded.answer?.status === 508 && isOwnLoop(forwarded.answer, hop);
      if (forwarded.failure !== undefined || looped) {
        // The loop's own 508 body is not passed back: let its stream go.
        forwarded.body?.stream?.cancel().catch(() => undefined);
        const call = `${method} ${url.pathname}`;
        const failure = upstreamFailure(forwarded, `upstream ${upstream.shown}`, call, timeoutMs);
        onUpstream?.(failure);
        answer = markOwn(proxyError(failure.status, failure.code, failure.message), null);
      } else {
        onUpstream?.(null);
        const { status, headers } = forwarded.answer;
        // An answer too large to read whole is checked by its status and headers only.
        const bytes = method === 'HEAD' ? null : (forwarded.body.bytes ?? null);
        if (op) answerIssues = validateResponse(op, status, headers, bytes);
        if (errors && answerIssues.length > 0) {
          forwarded.body.stream?.cancel().catch(() => undefined);
          answer = markOwn(
            proxyError(
              502,
              'CONTRACT_VIOLATION',
              `the upstream's ${status} answer to ${method} ${url.pathname} breaks the spec: ${summary(answerIssues)}`,
              answerIssues,
            ),
            headers.get('x-request-id'),
          );
        } else {
          answer = passBack(forwarded, method === 'HEAD');
          rewriteLocations(answer.headers, upstream);
          if (method === 'OPTIONS') allowInPreflight(request.headers, answer.headers);
        }
      }
    }
    // Passed through whole even under `errors`: not known to break the spec, only not checked.
    if (op && forwarded?.body?.stream) answerIssues.push(notValidated(cap));
    // Most exchanges break nothing: the record's fields are read only for those that do.
    if (checked.issues.length + answerIssues.length > 0) {
      const upstreamAnswer = forwarded?.answer;
      // The id the client was given (the upstream's, or the proxy's own), to find what its answer broke.
      const requestId = answer.headers.get('x-request-id') ?? undefined;
      const common = {
        at: new Date().toISOString(),
        ...(requestId === undefined ? {} : { request_id: requestId }),
        method,
        path: url.pathname,
        operation_id: op?.operationId ?? null,
        status: upstreamAnswer?.status ?? null,
      };
      for (const d of checked.issues) report({ ...common, in: 'request', ...d });
      for (const d of answerIssues) report({ ...common, in: 'response', ...d });
    }
    answer.headers.set(VIOLATIONS_HEADER, String(checked.issues.length + answerIssues.length));
    exposeHeader(answer.headers, VIOLATIONS_HEADER);
    return answer;
  };

  return {
    upstream: upstream.text,
    fetch: async (input, init) => toResponse(await handle(toRequest(input, init))),
    violations: () => log.list(),
    violationCount: () => log.total,
    clearViolations: () => log.clear(),
    listen: (listenOptions = {}) => listenProxy(handle, listenOptions, options.adminToken),
  };
}

const everyOption: Record<keyof ValidationProxyOptions, true> = {
  upstream: true,
  fetch: true,
  errors: true,
  onViolation: true,
  variant: true,
  adminToken: true,
  maxViolations: true,
  maxBodyBytes: true,
  upstreamTimeoutMs: true,
};

/**
 * From JavaScript, as createMockServer: options that are no object (the upstream URL alone), and
 * an option it does not have (a typo would leave the default in place, unsaid), are TypeErrors.
 */
function checkShape(options: ValidationProxyOptions): void {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    const shown = Array.isArray(options) ? 'an array' : shownOption(options);
    const hint = typeof options === 'string' ? ` (pass { upstream: ${shown} })` : '';
    throw new TypeError(`options: must be an object, not ${shown}${hint}`);
  }
  const slip = unknownOption(options, everyOption);
  if (slip)
    throw new TypeError(`${slip.name}: is not an option of createValidationProxy${slip.hint}`);
}

/** Throws a TypeError naming the first option that is not what it must be. */
function checkOptions(options: ValidationProxyOptions): void {
  const refuse = (name: string, rule: string, value: unknown) => {
    throw new TypeError(`${name}: must be ${rule}, not ${String(value)}`);
  };
  const { fetch: send, onViolation, variant, adminToken, maxViolations, maxBodyBytes } = options;
  const { upstreamTimeoutMs } = options;
  if (options.errors !== undefined && typeof options.errors !== 'boolean')
    refuse('errors', 'true or false', shownOption(options.errors));
  if (send !== undefined && typeof send !== 'function') refuse('fetch', 'a function', send);
  if (onViolation !== undefined && typeof onViolation !== 'function')
    refuse('onViolation', 'a function', onViolation);
  if (variant !== undefined && variant !== 'A' && variant !== 'B')
    refuse('variant', "'A' or 'B'", JSON.stringify(variant));
  if (adminToken !== undefined && !isHeaderToken(adminToken))
    throw new TypeError(`adminToken: ${ADMIN_TOKEN_RULE}`);
  for (const [name, value] of [
    ['maxViolations', maxViolations],
    ['maxBodyBytes', maxBodyBytes],
  ] as const) {
    if (value !== undefined && !(Number.isSafeInteger(value) && value >= 1))
      refuse(name, 'a whole number >= 1', value);
  }
  if (upstreamTimeoutMs !== undefined) checkTimerMs('upstreamTimeoutMs', upstreamTimeoutMs, 1);
}

/** Whether an answer is this proxy's own 508 to a request that came back to it (`hop`, its Via entry). */
function isOwnLoop(answer: Response, hop: string): boolean {
  return answer.headers.get('via')?.includes(hop) === true;
}

function toRequest(input: string | URL | Request, init: RequestInit | undefined): Request {
  if (input instanceof Request) return init ? new Request(input, init) : input;
  return new Request(new URL(String(input), 'http://localhost/'), init);
}
