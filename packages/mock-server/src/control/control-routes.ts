import { lastDateNote, maxAdvance } from '../clock.js';
import { ApiError, invalidField } from '../errors.js';
import type { ApiRequest, ApiResponse } from '../http/api-request.js';
import { jsonResponse } from '../http/respond.js';
import { type Route, Router } from '../http/router.js';
import type { Controller } from './controller.js';
import type { Core } from './core.js';

/** A control route: the request and its path parameters in, a response out. */
type ControlHandler = (
  request: ApiRequest,
  params: Record<string, string>,
) => Promise<ApiResponse> | ApiResponse;

/**
 * The router of the control API under `/__mock` (api-decisions section 7): not rate limited,
 * guarded by `x-mock-admin-token` when the server has one (the caller checks it).
 */
export function createControlRouter(core: Core, control: Controller): Router<ControlHandler> {
  const ok = (data: unknown, status = 200) => jsonResponse(status, { data });
  const none = () => jsonResponse(204, undefined);
  const routes: Route<ControlHandler>[] = [
    route('POST', '/reset', () => {
      control.reset();
      return none();
    }),
    route('POST', '/workspaces', async (req) => {
      const body = await jsonBody(req);
      return ok(control.createWorkspace({ name: body.name as string | undefined }), 201);
    }),
    route('POST', '/api-keys', async (req) =>
      ok(control.createApiKey((await jsonBody(req)) as never), 201),
    ),
    route('DELETE', '/api-keys/{id}', (_req, params) => {
      control.revokeApiKey(params.id as string);
      return none();
    }),
    route('GET', '/clock', () => ok(clockView(core))),
    route('POST', '/clock/advance', async (req) => {
      const { ms } = await jsonBody(req);
      if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
        throw invalidField('ms', 'minimum', 'must be a number >= 0');
      }
      const most = maxAdvance(core.clock.now());
      if (ms > most) {
        throw invalidField('ms', 'maximum', `must be at most ${most} (${lastDateNote})`);
      }
      if (core.clock.mode !== 'manual') {
        throw new ApiError(
          409,
          'CONFLICT',
          'the clock is real; start the server with --clock manual to advance it',
        );
      }
      await core.clock.advance(ms);
      await core.dispatcher.settle();
      return ok(clockView(core));
    }),
    route('PUT', '/health', async (req) => {
      control.setHealth((await jsonBody(req)).status as never);
      return ok({ status: core.state.health });
    }),
    route('GET', '/requests', () => ok(control.requests())),
    route('GET', '/faults', () => ok(core.faults.list())),
    route('POST', '/faults', async (req) => {
      control.addFault((await jsonBody(req)) as never);
      return ok(core.faults.list(), 201);
    }),
    route('DELETE', '/faults', () => {
      core.faults.clear();
      return none();
    }),
    route('GET', '/state', () => jsonResponse(200, control.exportState())),
    route('PUT', '/state', async (req) => {
      control.importState(await jsonBody(req));
      return none();
    }),
    route('POST', '/channels/{id}/pair', (_req, params) =>
      ok(control.pairChannel(params.id as string)),
    ),
    route('POST', '/conversations/{id}/inbound', async (req, params) =>
      ok(await control.receiveMessage(params.id as string, (await jsonBody(req)) as never)),
    ),
    route('PUT', '/mcp-servers/{id}', async (req, params) =>
      ok(control.setMcpServer(params.id as string, (await jsonBody(req)) as never)),
    ),
    route('POST', '/events', async (req) => ok(control.emitEvent(await jsonBody(req)))),
    route('GET', '/webhook-attempts', () => ok(control.webhookAttempts())),
    route('GET', '/alerts', () => ok(control.alerts())),
  ];
  return new Router(routes);
}

function route(method: string, path: string, target: ControlHandler): Route<ControlHandler> {
  return { method, path: `/__mock${path}`, target };
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

/** The request's JSON object body (`{}` when empty); 400 for anything else. */
async function jsonBody(request: ApiRequest): Promise<Record<string, unknown>> {
  const bytes = await request.readBody();
  if (bytes.byteLength === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(bytes));
  } catch (error) {
    throw invalidField('body', 'json', `must be valid JSON (${(error as Error).message})`);
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw invalidField('body', 'type', 'must be a JSON object');
  }
  return value as Record<string, unknown>;
}
