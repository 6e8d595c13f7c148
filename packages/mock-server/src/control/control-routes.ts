import { checkAdvance, settlesAfterLastStep } from '../clock.js';
import { conflict } from '../errors.js';
import type { ApiRequest, ApiResponse } from '../http/api-request.js';
import { jsonResponse } from '../http/respond.js';
import { type Route, Router } from '../http/router.js';
import { type ControlInput, type ControlInputSpec, readControlInput } from './control-input.js';
import {
  clearRequestsQuery,
  clockAdvanceBody,
  faultsQuery,
  healthBody,
  requestsQuery,
  webhookAttemptsQuery,
  webhookRecordsQuery,
  workspaceBody,
} from './control-schemas.js';
import type { Controller } from './controller.js';
import type { Core } from './core.js';

/** A control route: the request and its path parameters in, a response out. */
type ControlHandler = (
  request: ApiRequest,
  params: Record<string, string>,
) => Promise<ApiResponse> | ApiResponse;

/** What a control route does with its checked query and body and its path parameters. */
type ControlAction = (
  input: ControlInput,
  params: Record<string, string>,
) => Promise<ApiResponse> | ApiResponse;

/**
 * The router of the control API under `/__mock` (api-decisions section 7): not rate limited,
 * guarded by `x-mock-admin-token` when the server has one (the caller checks it). Query and body are
 * checked as the /v1 routes check theirs; `json` bodies are checked by the controller, which the
 * server object's methods share.
 */
export function createControlRouter(core: Core, control: Controller): Router<ControlHandler> {
  const ok = (data: unknown, status = 200) => jsonResponse(status, { data });
  const none = () => jsonResponse(204, undefined);
  const json = { body: 'json' } as const;
  const routes: Route<ControlHandler>[] = [
    route(
      'POST',
      '/reset',
      ({ body }) => {
        control.reset(body as never);
        return none();
      },
      json,
    ),
    // The body is checked here: `createWorkspace()` also takes the fixed ids of the demo seed.
    route(
      'POST',
      '/workspaces',
      ({ body }) => ok(control.createWorkspace(body as { name?: string }), 201),
      { body: workspaceBody },
    ),
    route('POST', '/api-keys', ({ body }) => ok(control.createApiKey(body as never), 201), json),
    route('DELETE', '/api-keys/{id}', (_input, params) => {
      control.revokeApiKey(params.id as string);
      return none();
    }),
    route('GET', '/clock', () => ok(clockView(core))),
    route(
      'POST',
      '/clock/advance',
      async ({ body }) => {
        const { ms } = body as { ms: number };
        checkAdvance(ms, core.clock.now());
        if (core.clock.mode !== 'manual') {
          throw conflict('the clock is real; start the server with --clock manual to advance it');
        }
        // The built-in clock settles at each step, its last included: a settle of the route's own
        // after it gave a receiver that never answers a second grace (two per advance over HTTP,
        // one in-process). A clock of your own settles before each step only: the attempts its last
        // step started are waited for here.
        await core.clock.advance(ms);
        if (!settlesAfterLastStep(core.clock)) await core.dispatcher.settle();
        return ok(clockView(core));
      },
      { body: clockAdvanceBody },
    ),
    route(
      'PUT',
      '/health',
      ({ body }) => {
        control.setHealth((body as { status: never }).status);
        return ok({ status: core.state.health });
      },
      { body: healthBody },
    ),
    route('GET', '/requests', ({ query }) => ok(control.requests(nullsIn(query))), {
      query: requestsQuery,
    }),
    route(
      'DELETE',
      '/requests',
      ({ query }) => {
        control.clearRequests(nullsIn(query));
        return none();
      },
      { query: clearRequestsQuery },
    ),
    route('GET', '/faults', ({ query }) => ok(control.listFaults(query)), { query: faultsQuery }),
    route(
      'POST',
      '/faults',
      ({ body }) => {
        control.addFault(body as never);
        return ok(core.faults.list(), 201);
      },
      json,
    ),
    route(
      'DELETE',
      '/faults',
      ({ query }) => {
        control.clearFaults(query);
        return none();
      },
      { query: faultsQuery },
    ),
    // Serialised at once: JSON is a copy already, the deep copy exportState() makes would be a second.
    route('GET', '/state', () => jsonResponse(200, control.stateView())),
    route(
      'PUT',
      '/state',
      ({ body }) => {
        control.importState(body);
        return none();
      },
      json,
    ),
    route('POST', '/channels/{id}/pair', (_input, params) =>
      ok(control.pairChannel(params.id as string)),
    ),
    route(
      'PUT',
      '/channels/{id}/status',
      ({ body }, params) => ok(control.setChannelStatus(params.id as string, body as never)),
      json,
    ),
    route(
      'PUT',
      '/messages/{id}/status',
      ({ body }, params) => ok(control.setMessageStatus(params.id as string, body as never)),
      json,
    ),
    route(
      'POST',
      '/conversations/{id}/inbound',
      async ({ body }, params) =>
        ok(await control.receiveMessage(params.id as string, body as never)),
      json,
    ),
    route(
      'PUT',
      '/mcp-servers/{id}',
      ({ body }, params) => ok(control.setMcpServer(params.id as string, body as never)),
      json,
    ),
    route('POST', '/events', ({ body }) => ok(control.emitEvent(body as never)), json),
    route('GET', '/webhook-attempts', ({ query }) => ok(control.webhookAttempts(query)), {
      query: webhookAttemptsQuery,
    }),
    // settle() over HTTP: a suite in another language waits here instead of polling the attempts.
    route('POST', '/settle', async () => {
      await core.dispatcher.settle();
      return none();
    }),
    route('GET', '/alerts', ({ query }) => ok(control.alerts(query)), {
      query: webhookRecordsQuery,
    }),
  ];
  return new Router(routes);
}

/** A route under `/__mock` whose query and body are checked (none of either unless `spec` says). */
function route(
  method: string,
  path: string,
  action: ControlAction,
  spec: ControlInputSpec = {},
): Route<ControlHandler> {
  return {
    method,
    path: `/__mock${path}`,
    target: async (request, params) => action(await readControlInput(request, spec), params),
  };
}

function clockView(core: Core): {
  now: string;
  now_ms: number;
  mode: string;
  pending_timers: number;
} {
  const now = core.clock.now();
  return {
    now: new Date(now).toISOString(),
    now_ms: now,
    mode: core.clock.mode,
    pending_timers: core.clock.pending(),
  };
}

/**
 * `operation_id=null`, `key_id=null` and `dropped=null` as `requests()` takes them, null: a query
 * holds strings, and no operation of the spec, key the mock makes, or cut is named `null`.
 */
function nullsIn(query: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out = { ...query };
  for (const name of ['operation_id', 'key_id', 'dropped'])
    if (out[name] === 'null') out[name] = null;
  return out;
}
