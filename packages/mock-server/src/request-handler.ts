import { apiRouter, routeError, trailingSlashHint } from './app.js';
import { createControlRouter } from './control/control-routes.js';
import type { Controller } from './control/controller.js';
import type { Core } from './control/core.js';
import { ApiError } from './errors.js';
import type { ApiRequest, ApiResponse } from './http/api-request.js';
import { commonHeaders } from './http/common-headers.js';
import { corsHeaders, isControlPath, preflightResponse } from './http/cors.js';
import { nearMissHint } from './http/near-miss.js';
import { repeatedHeaderMessage } from './http/repeated-header.js';
import { errorResponse } from './http/respond.js';
import { type RequestScope, runOperation, runUnrouted } from './http/run-operation.js';
import { sameSecret } from './http/same-secret.js';
import { type JournalRecord, journalBody, journalError } from './journal.js';
import { answeredRequest, type RequestListener, tell } from './request-log.js';

const utf8 = new TextEncoder();

/** The one handler of every request, whatever the transport: CORS, request id, routing, the journal. */
export type RequestHandler = (request: ApiRequest) => Promise<ApiResponse>;

/** Builds the request handler of a mock server; `onRequest` hears every request it answers. */
export function createRequestHandler(
  core: Core,
  control: Controller,
  onError: (error: unknown, request: ApiRequest) => void,
  onRequest?: RequestListener,
): RequestHandler {
  const controlRouter = createControlRouter(core, control);

  /** `sent`: the method as the client sent it (the request's is GET for a HEAD). */
  async function controlResponse(request: ApiRequest, sent: string): Promise<ApiResponse> {
    const token = request.header('x-mock-admin-token');
    const { adminToken } = core;
    if (adminToken !== undefined && !sameSecret(token, adminToken)) {
      throw new ApiError(
        401,
        'UNAUTHORIZED',
        repeatedHeaderMessage('x-mock-admin-token', token, (part) =>
          sameSecret(part, adminToken),
        ) ?? 'x-mock-admin-token: missing or wrong control API token',
      );
    }
    const match = controlRouter.match(request.method, request.path);
    if (match.kind === 'found') return match.target(request, match.params);
    if (match.kind === 'method') throw routeError(sent, request.path, match.allowed);
    const hint =
      trailingSlashHint(controlRouter, request.method, request.path) ||
      nearMissHint(controlRouter, request.method, request.path);
    throw new ApiError(
      404,
      'NOT_FOUND',
      `no such control route: ${request.method} ${request.path}${hint}`,
    );
  }

  return async (received) => {
    // Without a listener nothing is timed: the clock read is the only cost of the request log.
    const started = onRequest === undefined ? 0 : performance.now();
    const requestId = core.random.requestId();
    // HEAD is GET without the body (RFC 9110), so `curl -I` and `wget --spider` health checks work.
    const head = received.method === 'HEAD';
    const request = head ? { ...received, method: 'GET' } : received;
    const scope: RequestScope = { operationId: null, keyId: null };
    const isControl = request.outside === undefined && isControlPath(request.path);
    let response: ApiResponse;
    try {
      if (request.outside !== undefined) {
        // Not a silent match of `/v1/...` without the prefix: a URL resolved against the wrong root.
        throw new ApiError(
          404,
          'NOT_FOUND',
          `no such path: ${received.method} ${request.path} is not under the mock's baseUrl ${request.outside} (the API is at ${request.outside}/v1/...)`,
        );
      } else if (request.method === 'OPTIONS') {
        response = preflightResponse(request, isControl, core.adminToken !== undefined);
      } else if (isControl) {
        response = await controlResponse(request, received.method);
      } else {
        const match = apiRouter.match(request.method, request.path);
        if (match.kind === 'found') {
          response = await runOperation(
            core,
            match.target.op,
            match.target.handler,
            request,
            match.params,
            scope,
          );
        } else {
          const miss = routeError(
            received.method,
            request.path,
            match.kind === 'method' ? match.allowed : [],
          );
          response =
            request.path === '/v1' || request.path.startsWith('/v1/')
              ? runUnrouted(core, request, miss, scope)
              : errorResponse(miss);
        }
      }
    } catch (error) {
      if (error instanceof ApiError) response = errorResponse(error);
      else {
        onError(error, request);
        response = errorResponse(
          new ApiError(500, 'INTERNAL_ERROR', 'internal error in the mock server; see its log'),
          scope.rateHeaders,
        );
      }
    }
    // Every response, whatever produced it, carries the request id and the CORS headers.
    response.headers = commonHeaders(
      requestId,
      core.clock.now(),
      response.headers,
      corsHeaders(request, isControl, core.adminToken !== undefined),
    );
    if (head) {
      // The length the GET would have sent, as RFC 9110 allows: clients check it before a download.
      const { body } = response;
      if (body !== null) {
        const bytes = typeof body === 'string' ? utf8.encode(body).byteLength : body.byteLength;
        response.headers['Content-Length'] = String(bytes);
      }
      response.body = null;
    }
    const { drop } = scope;
    if (drop !== undefined) {
      // Held back as a fault's answer is, then cut instead of sent.
      if (drop.delay_ms) await core.sleep(drop.delay_ms, request.signal);
      response.drop = drop.drop;
    }
    const journaled = !isControl && request.method !== 'OPTIONS';
    if (journaled || onRequest !== undefined) {
      const record: JournalRecord = {
        request_id: requestId,
        at_ms: core.clock.now(),
        method: received.method,
        path: request.path,
        query: request.search,
        headers: received.sentHeaders,
        status: response.status,
        key_id: scope.keyId,
        operation_id: scope.operationId,
        ...(drop === undefined ? {} : { dropped: drop.drop }),
      };
      if (scope.body !== undefined) record.body = journalBody(scope.body);
      if (journaled) {
        if (response.error !== undefined) record.error = journalError(response.error);
        core.journal.add(record);
      }
      if (onRequest !== undefined) {
        const answered = answeredRequest(record, performance.now() - started, response.error);
        tell(onRequest, answered, (error) => onError(error, request));
      }
    }
    return response;
  };
}
