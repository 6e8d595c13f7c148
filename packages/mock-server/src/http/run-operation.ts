import type { DomainContext, Handler } from '../domain/context.js';
import { Reply } from '../domain/context.js';
import { ApiError } from '../errors.js';
import {
  type ActiveFault,
  type DelayFaultSpec,
  type DropFaultSpec,
  type Faults,
  faultError,
  faultRetryAfter,
  type StatusFaultSpec,
} from '../faults.js';
import type { OperationInfo } from '../generated/operations.js';
import type { ApiKeyRecord } from '../store/records.js';
import type { ApiRequest, ApiResponse } from './api-request.js';
import { authenticate, authenticatedKeyId } from './authenticate.js';
import { authorize } from './authorize.js';
import { jsonBodyText, jsonTextIssues, parseJsonText } from './json-body.js';
import type { RateLimiter } from './rate-limiter.js';
import { errorResponse, jsonResponse } from './respond.js';
import { validateRequest } from './validate-request.js';

const EMPTY = new Uint8Array(0);

/** What the pipeline needs from the server around it. */
export interface Pipeline {
  ctx: DomainContext;
  rateLimiter: RateLimiter;
  faults: Faults;
  /** Waits real time (fault delays), ending early when `signal` aborts. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

/**
 * What the pipeline learns about a request for the journal (its operation and its key), and the key's
 * rate-limit headers for the 500 that an unexpected failure becomes around the pipeline.
 */
export interface RequestScope {
  operationId: string | null;
  keyId: string | null;
  rateHeaders?: Record<string, string>;
  /** The fault that drops the request's connection, once taken: the transport cuts instead of answering. */
  drop?: DropFault;
  /** The request's body, once read and not empty: the journal keeps it. */
  body?: Uint8Array;
}

/** An active fault that answers with a status. */
type StatusFault = ActiveFault & StatusFaultSpec;
/** An active fault that drops its connection. */
export type DropFault = ActiveFault & DropFaultSpec;
/** An active fault that holds its request back, then lets it through: a slow success. */
type DelayFault = ActiveFault & DelayFaultSpec;

/**
 * Runs one operation through the checks of api-decisions section 2, in order: maintenance (503),
 * authentication (401), rate limit (429), injected faults, scope (403), validation of path, query and
 * body (400, 413), then the domain (404, 409). Faults come after the rate limit so that their answers
 * carry the key's rate-limit headers, as real errors do; an injected 401 comes before it, as a real
 * one, and an injected 429 is not counted, as the limiter's own are not. A fault that drops the
 * connection is taken first: `request` ends the run before any check (the API never saw it);
 * `response` and `body` mark whatever the run answers to be cut (`scope.drop`). A slow success
 * (`delay_ms` alone) fires where an answering fault would, then holds the request back before the
 * API reads past its body: it is carried out after the delay, as it would be then, and whatever it
 * answers, a refusal too, is answered that late. A request that a fault on bodies (`body_includes`)
 * may take by its method and path has its body read first, to be matched; what reading it met is
 * answered where the body is read otherwise.
 */
export async function runOperation(
  pipeline: Pipeline,
  op: OperationInfo,
  handler: Handler,
  request: ApiRequest,
  params: Record<string, string>,
  scope: RequestScope,
): Promise<ApiResponse> {
  const { ctx } = pipeline;
  scope.operationId = op.operationId;
  // Looked up once. A fault that answers is counted only once the request is past authentication
  // and the rate limit; one that drops the connection at once, as it cuts whatever the answer is.
  // A fault scoped to a key sees the key the request presents, looked up without being counted,
  // so that it fires only on that key's requests even where it comes before authentication. An
  // operation that needs no key has none to match; nor does a request while no fault waits (the
  // hot path).
  const { faults } = pipeline;
  // A fault on the body (`body_includes`) is matched against it: the body is read first, before the
  // key is looked up (nothing may be awaited between that lookup and authentication), and once.
  const early =
    op.body !== null && faults.waiting && faults.wantsBody(op.method, request.path)
      ? await readEarly(request)
      : undefined;
  const keyId =
    op.scopes && faults.waiting ? authenticatedKeyId(ctx.state, request.header('x-api-key')) : null;
  const { passed, fault: matched } = faults.match(op.method, request.path, keyId, early?.json);
  // A fault with `after` counts a request it lets through where it would have fired on it (a
  // request refused before then was never its to let through), as `times` counts.
  const passAt = (stage: FaultStage) => {
    if (passed.length > 0) faults.pass(passed.filter((f) => firesAt(f) === stage));
  };
  passAt('arrival');
  let fault: StatusFault | DelayFault | null = null;
  if (matched?.drop === undefined) fault = matched;
  else {
    faults.use(matched);
    scope.drop = matched;
    if (matched.drop === 'request') {
      // The network lost it: the API never saw the request (no key, no rate limit, no change). The
      // journal names the key a scoped fault matched, so that its worker finds the request it cut.
      if (matched.key_id !== undefined) scope.keyId = matched.key_id;
      return { status: 0, headers: {}, body: null };
    }
  }
  let rateHeaders: Record<string, string> = {};
  if (ctx.state.health === 'maintenance' && op.operationId !== 'healthRetrieve') {
    return errorResponse(maintenance(), rateHeaders);
  }
  // Authentication will pass (it is the same lookup, with nothing awaited between).
  if (!op.scopes || keyId !== null) passAt('authenticated');
  let key: ApiKeyRecord | null = null;
  // A slow success's delay, not yet waited (0 once waited, or without one).
  let holdMs = 0;
  try {
    if (op.scopes) {
      // An injected 401 stands for an authentication that failed: as a real one, it comes before the
      // rate limit, counts against no key and carries no rate-limit headers. An injected 429 is
      // counted no more than the limiter's own.
      const status = fault?.status;
      const count = status === 401 ? 'none' : status === 429 ? 'check' : 'count';
      ({ key, rateHeaders } = admit(pipeline, request, scope, undefined, count));
    }
    passAt('admitted');
    if (fault) {
      faults.use(fault);
      if (fault.status !== undefined) {
        if (op.method !== 'GET') await keepBody(request, scope, early);
        const health = op.operationId === 'healthRetrieve';
        return await answerFault(pipeline, fault, rateHeaders, request.signal, health);
      }
      holdMs = fault.delay_ms;
    }
    if (key) authorize(key, op, ctx.variant);
    // A GET's body has no meaning (RFC 9110): not touching it spares the stream machinery on the
    // hot path. A DELETE's is read and must be empty or {}, as a bodiless POST action's.
    const body = op.method === 'GET' ? EMPTY : await bodyOf(request, early);
    if (body.byteLength > 0) scope.body = body;
    // Held back with its body read, so that what a client that gave up during the delay had sent
    // is carried out all the same, on every transport, as a status fault's answer is made anyway.
    if (holdMs > 0) await pipeline.sleep(holdMs, request.signal);
    holdMs = 0;
    // A body or a delay may take its time: after a reset, an import or a revocation meanwhile, the
    // request is answered as if it had come after it (a row written for a workspace that is gone
    // would be an orphan that no export imports again).
    if (key && (ctx.state.apiKeys.get(key.id) !== key || key.revoked_at !== null)) {
      // A 401 carries no rate-limit headers; another key than before is counted as its own.
      const counted = { id: key.id, rateHeaders };
      rateHeaders = {};
      ({ key, rateHeaders } = admit(pipeline, request, scope, counted));
      authorize(key, op, ctx.variant);
    }
    const valid = validateRequest(op, params, request.search, body, request, ctx.variant);
    const result = await handler(ctx, { ws: key?.workspace_id ?? '', key, ...valid });
    if (result instanceof Reply) {
      const response = jsonResponse(result.status, result.body, rateHeaders);
      if (result.error) response.error = result.error;
      return response;
    }
    return jsonResponse(op.successStatus, result, rateHeaders);
  } catch (error) {
    // A refusal before a slow success's delay (403, a body that fails) is held back too.
    if (holdMs > 0) await pipeline.sleep(holdMs, request.signal);
    if (error instanceof ApiError) return errorResponse(error, rateHeaders);
    // A failure of the mock itself (or of a `responder`) is still an answer to this key's request.
    scope.rateHeaders = rateHeaders;
    throw error;
  }
}

/**
 * Reads the body of a request an injected fault answers, for the journal (a retry's body compared
 * with the first attempt's): one that cannot be read (over 1 MiB, or given up on by its client) is
 * left out, and the fault answers all the same.
 */
async function keepBody(
  request: ApiRequest,
  scope: RequestScope,
  early: EarlyBody | undefined,
): Promise<void> {
  try {
    const body = await bodyOf(request, early);
    if (body.byteLength > 0) scope.body = body;
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

/**
 * A body read before the faults were matched: its bytes and, when the API reads it as JSON, its
 * value (undefined when it is empty or the API refuses it: not sent as JSON, not UTF-8, not JSON,
 * a key twice; its own check says why, later); or the refusal its reading met (413, a body given
 * up on), which the request meets where it reads its body, after authentication and the rate
 * limit, as without a fault on bodies.
 */
type EarlyBody = { bytes: Uint8Array; json: unknown } | { refusal: ApiError; json?: undefined };

async function readEarly(request: ApiRequest): Promise<EarlyBody> {
  let bytes: Uint8Array;
  try {
    bytes = await request.readBody();
  } catch (error) {
    if (error instanceof ApiError) return { refusal: error };
    throw error;
  }
  let json: unknown;
  try {
    if (bytes.byteLength > 0) {
      const text = jsonBodyText(bytes, request);
      const value = parseJsonText(text);
      // A key twice, or half a surrogate pair, which JSON.parse lets through and the API refuses.
      if (jsonTextIssues(text, value).length === 0) json = value;
    }
  } catch (error) {
    // A body the API refuses (400 body): no fault on bodies matches it.
    if (!(error instanceof ApiError)) throw error;
  }
  return { bytes, json };
}

/** The request's body: the one read early, or the refusal its reading met, or read now. */
async function bodyOf(request: ApiRequest, early: EarlyBody | undefined): Promise<Uint8Array> {
  if (early === undefined) return request.readBody();
  if ('refusal' in early) throw early.refusal;
  return early.bytes;
}

/**
 * A request under /v1 that matches no operation (404) or not with its method (405) goes through the
 * same first checks as an operation (maintenance, authentication, rate limit) before `miss` is
 * answered: a gateway checks the key before it routes, and every authenticated answer carries the
 * key's rate-limit headers. `GET /v1/health`'s path needs no key, so its 405 does not either.
 */
export function runUnrouted(
  pipeline: Pipeline,
  request: ApiRequest,
  miss: ApiError,
  scope: RequestScope,
): ApiResponse {
  if (request.path === '/v1/health') return errorResponse(miss);
  if (pipeline.ctx.state.health === 'maintenance') return errorResponse(maintenance());
  try {
    return errorResponse(miss, admit(pipeline, request, scope).rateHeaders);
  } catch (error) {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  }
}

/**
 * Authentication (401), then the key's rate limit (429, its headers in the error): the key and its
 * rate-limit headers. `counted`: the key the request was counted for already (authenticated again
 * after its body), which is not counted twice. `count`: `none` for a request an injected 401 answers
 * (no rate limit, no headers, no key in the journal), `check` for one an injected 429 answers (the limit and its headers,
 * not counted).
 */
function admit(
  pipeline: Pipeline,
  request: ApiRequest,
  scope: RequestScope,
  counted?: { id: string; rateHeaders: Record<string, string> },
  count: 'count' | 'check' | 'none' = 'count',
): { key: ApiKeyRecord; rateHeaders: Record<string, string> } {
  const key = authenticate(pipeline.ctx.state, request.header('x-api-key'));
  // An injected 401 stands for an authentication that failed: the journal names no key for it.
  if (count === 'none') return { key, rateHeaders: {} };
  scope.keyId = key.id;
  const { rateLimiter, ctx } = pipeline;
  let rateHeaders: Record<string, string>;
  if (key.id === counted?.id) rateHeaders = counted.rateHeaders;
  else if (count === 'check') rateHeaders = rateLimiter.check(key.id, ctx.nowMs());
  else rateHeaders = rateLimiter.take(key.id, ctx.nowMs());
  return { key, rateHeaders };
}

/** Where a fault fires on a request in the pipeline. */
type FaultStage = 'arrival' | 'authenticated' | 'admitted';

/**
 * Where `fault` fires: a drop on arrival, before anything; an injected 401 once the key is known
 * good, before the rate limit (as a real one); another answer past the rate limit too.
 */
function firesAt(fault: ActiveFault): FaultStage {
  if (fault.drop !== undefined) return 'arrival';
  return fault.status === 401 ? 'authenticated' : 'admitted';
}

function maintenance(): ApiError {
  return new ApiError(
    503,
    'SERVICE_UNAVAILABLE',
    'the service is in maintenance; try again later',
    {
      headers: { 'Retry-After': '60' },
    },
  );
}

async function answerFault(
  pipeline: Pipeline,
  fault: StatusFaultSpec,
  rateHeaders: Record<string, string>,
  signal: AbortSignal | undefined,
  health: boolean,
): Promise<ApiResponse> {
  // A caller that gave up during the delay has its rejection already: nobody waits for the answer.
  if (fault.delay_ms) await pipeline.sleep(fault.delay_ms, signal);
  const headers = { ...rateHeaders };
  if (fault.status === 429 && headers['X-RateLimit-Limit'] !== undefined) {
    // An injected 429 looks like a used-up window: nothing left, reset when Retry-After says.
    headers['X-RateLimit-Remaining'] = '0';
    // A 429 always has one.
    const wait = faultRetryAfter(fault) as number;
    headers['X-RateLimit-Reset'] = String(Math.ceil(pipeline.ctx.nowMs() / 1000) + wait);
  }
  // GET /v1/health's 503 is a health result too (HealthUnavailable): a client reads `status`.
  const result =
    health && fault.status === 503
      ? { status: 'degraded', timestamp: pipeline.ctx.now() }
      : undefined;
  return errorResponse(faultError(fault), headers, result);
}
