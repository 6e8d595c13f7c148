import { describe, expect, it } from 'vitest';
import {
  createMockServer,
  DEMO_API_KEY,
  DEMO_IDS,
  isMockApiError,
  type MockApiError,
  type MockServer,
} from '../../src/index.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('control API edges over $name', (transport) => {
  const h = useMock(transport);

  it.each([
    ['DELETE', '/__mock/faults', { path: '/v1/agents' }, 'path'],
    ['DELETE', '/__mock/api-keys/{key}', { reason: 'leaked' }, 'reason'],
  ])(
    '%s %s takes no body: a field is refused, and nothing changes',
    async (method, route, body, field) => {
      h.mock.faults.add({ path: '/v1/agents', status: 503, times: 5 });
      h.mock.faults.add({ path: '/v1/contacts', status: 500 });
      const other = h.mock.createApiKey({ scopes: 'all', workspace_id: h.workspaceId });
      const path = route.replace('{key}', other.id);
      const before = h.mock.exportState();
      const refused = await h.call(method, path, { body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details).toEqual([
        { field, rule: 'unknown', message: `${field}: is not a known field` },
      ]);
      const text = await h.call(method, path, {
        raw: '{}',
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.body.error.details).toEqual([
        expect.objectContaining({ field: 'body', rule: 'contentType' }),
      ]);
      expect(h.mock.faults.list()).toHaveLength(2);
      expect(h.mock.exportState()).toEqual(before);
      // An empty body, or `{}`, as every control route without a body takes.
      expect((await h.call(method, path, { body: {} })).status).toBe(204);
      expect((await h.call(method, path)).status).toBe(204);
    },
  );
});

describe('faults: the most they take, which one fires, how they count down', () => {
  const h = useMock(transports[0] as (typeof transports)[number]);

  it.each([
    [{ times: 2 ** 53 }, 'times', 'maximum'],
    [{ times: 1e300 }, 'times', 'maximum'],
    [{ retry_after: 2 ** 31 }, 'retry_after', 'maximum'],
    [{ retry_after: 1e21 }, 'retry_after', 'maximum'],
    [{ retry_after: -1 }, 'retry_after', 'minimum'],
  ])('refuses %j naming the field, over HTTP and in-process', async (extra, field, rule) => {
    const fault = { path: '/v1/agents', status: 429, ...extra };
    const bad = await h.call('POST', '/__mock/faults', { body: fault });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field, rule })]);
    expect(() => h.mock.faults.add(fault)).toThrow(expect.objectContaining({ status: 400 }));
    expect(h.mock.faults.list()).toEqual([]);
  });

  it('counts down the most times it takes, and sends the longest Retry-After as digits', async () => {
    h.mock.faults.add({
      path: '/v1/agents',
      status: 429,
      times: Number.MAX_SAFE_INTEGER,
      retry_after: 2 ** 31 - 1,
    });
    const res = await h.call('GET', '/v1/agents');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('2147483647');
    expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    expect(h.mock.faults.list()[0]?.remaining).toBe(Number.MAX_SAFE_INTEGER - 1);
  });

  it('fires the fault added first when two match, the next once it is used up', async () => {
    // Added in order, they make a script: 503, 503, then 500, then the request goes through.
    h.mock.faults.add({ path: '/v1/agents', status: 503, times: 2 });
    h.mock.faults.add({ path: '/v1/*', status: 500 });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await h.call('GET', '/v1/agents')).status);
    expect(statuses).toEqual([503, 503, 500, 200]);
  });

  it('uses up a fault exactly under concurrent requests', async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 503, times: 3 });
    const all = await Promise.all(Array.from({ length: 8 }, () => h.call('GET', '/v1/agents')));
    expect(all.filter((r) => r.status === 503)).toHaveLength(3);
    expect(all.filter((r) => r.status === 200)).toHaveLength(5);
    expect(h.mock.faults.list()).toEqual([]);
  });
});

describe('what the control methods return', () => {
  const mock = () => createMockServer({ clock: 'manual', seed: 'demo' });

  it('is a copy: changing a key it made grants the key nothing', async () => {
    const m = mock();
    const created = m.createApiKey({ scopes: ['agents:read'], workspace_id: DEMO_IDS.workspace });
    created.scopes.push('agents:write');
    const res = await m.fetch('/v1/agents', {
      method: 'POST',
      headers: { 'x-api-key': created.key, 'content-type': 'application/json' },
      body: '{"name":"x"}',
    });
    expect(res.status).toBe(403);
    expect(m.exportState().api_keys.at(-1)?.scopes).toEqual(['agents:read']);
  });

  it('is a copy: changing a workspace it made changes no workspace of the state', () => {
    const m = mock();
    const workspace = m.createWorkspace({ name: 'Acme' });
    const before = m.exportState();
    workspace.workspace_id = 'not-an-id';
    workspace.name = 'Changed';
    expect(m.exportState()).toEqual(before);
    expect(
      m.createApiKey({ scopes: [], workspace_id: before.workspaces.at(-1)?.workspace_id }),
    ).toMatchObject({ workspace_id: before.workspaces.at(-1)?.workspace_id });
  });

  it("is a copy: changing an MCP server's tools, given or returned, leaves the server's", async () => {
    const m = mock();
    const res = await m.fetch('/v1/mcp-servers', {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Docs', url: 'https://mcp.example.com' }),
    });
    const { id } = ((await res.json()) as { data: { id: string } }).data;
    const schema: Record<string, unknown> = { type: 'object' };
    const set = m.setMcpServer(id, { tools: [{ name: 'search', input_schema: schema }] as never });
    const before = m.exportState();
    schema.type = 5;
    set.tools.push({ name: 'search' } as never);
    (set.tools[0] as { enabled: unknown }).enabled = 'yes';
    expect(m.exportState()).toEqual(before);
    expect(() => m.importState(m.exportState())).not.toThrow();
  });

  it('is a copy: changing an alert it lists changes no alert of the state', async () => {
    const m = createMockServer({ clock: 'manual', seed: 'demo', variant: 'B' });
    const res = await m.fetch('/v1/webhooks', {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://hooks.example.com/x', events: ['contact.created'] }),
    });
    const hook = ((await res.json()) as { data: { id: string } }).data;
    const snapshot = m.exportState();
    const alert = {
      id: '00000000-0000-4000-8000-00000000a1e7',
      workspace_id: DEMO_IDS.workspace,
      webhook_id: hook.id,
      to: 'owner@example.com',
      subject: 'Webhook https://hooks.example.com/x is failing',
      body: 'The last 5 attempts failed.',
      sent_at: new Date(m.clock.now()).toISOString(),
    };
    m.importState({ ...snapshot, alerts: [alert] });
    const [listed] = m.alerts();
    (listed as { subject: string }).subject = 'changed';
    expect(m.alerts()).toEqual([alert]);
  });
});

describe('the ids the control methods take', () => {
  const mock = () => createMockServer({ clock: 'manual', seed: 'demo' });
  const refusal = (act: () => unknown) => {
    try {
      act();
    } catch (error) {
      return error as MockApiError;
    }
    throw new Error('not refused');
  };

  // From JavaScript, or with a cast: the record a method returned, rather than its id.
  it.each([
    ['revokeApiKey', 'id', (m: MockServer, id: never) => m.revokeApiKey(id)],
    ['pairChannel', 'channelId', (m: MockServer, id: never) => m.pairChannel(id)],
    [
      'setChannelStatus',
      'channelId',
      (m: MockServer, id: never) => m.setChannelStatus(id, { status: 'error' }),
    ],
    [
      'setMessageStatus',
      'messageId',
      (m: MockServer, id: never) => m.setMessageStatus(id, { status: 'read' }),
    ],
    ['setMcpServer', 'id', (m: MockServer, id: never) => m.setMcpServer(id, { error: true })],
  ])(
    '%s refuses an id that is no string, naming it: not "[object Object] not found"',
    (_name, field, act) => {
      const m = mock();
      for (const id of [{ id: DEMO_IDS.apiKey }, undefined, 42, Object.create(null)]) {
        const error = refusal(() => act(m, id as never));
        expect(isMockApiError(error)).toBe(true);
        expect(error.status).toBe(400);
        expect(error.details).toEqual([
          { field, rule: 'type', message: `${field}: must be a string, the id (a UUID)` },
        ]);
      }
    },
  );

  it('receiveMessage refuses a conversation id that is no string, naming it', async () => {
    const m = mock();
    await expect(m.receiveMessage({} as never, { content: 'Hi' })).rejects.toMatchObject({
      status: 400,
      details: [
        {
          field: 'conversationId',
          rule: 'type',
          message: 'conversationId: must be a string, the id (a UUID)',
        },
      ],
    });
  });

  it("revokeApiKey given a key's string (not its id) says which it takes, and revokes nothing", async () => {
    const m = mock();
    const other = m.createApiKey({ scopes: 'all', workspace_id: DEMO_IDS.workspace });
    const before = m.exportState();
    const error = refusal(() => m.revokeApiKey(other.key));
    expect(error.status).toBe(404);
    expect(error.message).toBe(
      `API key ${other.key} not found: that is an API key's string; a key is revoked by its id (${other.id})`,
    );
    const res = await m.fetch(`/__mock/api-keys/${other.key}`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(
      error.message,
    );
    expect(m.exportState()).toEqual(before);
  });
});
