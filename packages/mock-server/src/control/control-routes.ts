import { type Context, Hono } from 'hono';
import { ApiError, invalidField } from '../errors.js';
import { readBody } from '../http/read-body.js';
import { errorResponse, jsonResponse } from '../http/respond.js';
import type { Controller } from './controller.js';
import type { Core } from './core.js';

/** The control API under `/__mock` (api-decisions section 7): not rate limited, optionally token-guarded. */
export function createControlApp(core: Core, control: Controller): Hono {
  const app = new Hono();

  app.use('*', async (c, next) => {
    if (core.adminToken !== undefined && c.req.header('x-mock-admin-token') !== core.adminToken) {
      return errorResponse(
        new ApiError(401, 'UNAUTHORIZED', 'x-mock-admin-token: missing or wrong control API token'),
      );
    }
    await next();
  });
  app.onError((error) => {
    if (error instanceof ApiError) return errorResponse(error);
    throw error;
  });

  app.post('/reset', () => {
    control.reset();
    return jsonResponse(204, undefined);
  });
  app.post('/workspaces', async (c) => {
    const body = await jsonBody(c);
    return jsonResponse(201, {
      data: control.createWorkspace({ name: body.name as string | undefined }),
    });
  });
  app.post('/api-keys', async (c) => {
    const body = await jsonBody(c);
    return jsonResponse(201, { data: control.createApiKey(body as never) });
  });
  app.delete('/api-keys/:id', (c) => {
    control.revokeApiKey(c.req.param('id'));
    return jsonResponse(204, undefined);
  });
  app.get('/clock', () => jsonResponse(200, { data: clockView(core) }));
  app.post('/clock/advance', async (c) => {
    const { ms } = await jsonBody(c);
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0)
      throw invalidField('ms', 'minimum', 'must be a number >= 0');
    if (core.clock.mode !== 'manual') {
      throw new ApiError(
        409,
        'CONFLICT',
        'the clock is real; start the server with --clock manual to advance it',
      );
    }
    await core.clock.advance(ms);
    return jsonResponse(200, { data: clockView(core) });
  });
  app.put('/health', async (c) => {
    const { status } = await jsonBody(c);
    control.setHealth(status as never);
    return jsonResponse(200, { data: { status: core.state.health } });
  });
  app.get('/requests', () => jsonResponse(200, { data: control.requests() }));
  app.get('/faults', () => jsonResponse(200, { data: core.faults.list() }));
  app.post('/faults', async (c) => {
    control.addFault((await jsonBody(c)) as never);
    return jsonResponse(201, { data: core.faults.list() });
  });
  app.delete('/faults', () => {
    core.faults.clear();
    return jsonResponse(204, undefined);
  });
  app.get('/state', () => jsonResponse(200, control.exportState()));
  app.put('/state', async (c) => {
    control.importState(await jsonBody(c));
    return jsonResponse(204, undefined);
  });
  app.post('/channels/:id/pair', (c) =>
    jsonResponse(200, { data: control.pairChannel(c.req.param('id')) }),
  );
  app.post('/conversations/:id/inbound', async (c) => {
    const body = await jsonBody(c);
    return jsonResponse(200, {
      data: await control.receiveMessage(c.req.param('id'), body as never),
    });
  });
  app.post('/events', async (c) =>
    jsonResponse(200, { data: control.emitEvent(await jsonBody(c)) }),
  );
  app.get('/webhook-attempts', () => jsonResponse(200, { data: control.webhookAttempts() }));
  app.get('/alerts', () => jsonResponse(200, { data: control.alerts() }));
  app.put('/mcp-servers/:id', async (c) => {
    const body = await jsonBody(c);
    return jsonResponse(200, { data: control.setMcpServer(c.req.param('id'), body as never) });
  });
  app.notFound((c) =>
    errorResponse(
      new ApiError(
        404,
        'NOT_FOUND',
        `no such control route: ${c.req.method} ${new URL(c.req.url).pathname}`,
      ),
    ),
  );
  return app;
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
async function jsonBody(c: Context): Promise<Record<string, unknown>> {
  const bytes = await readBody(c.req.raw);
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
