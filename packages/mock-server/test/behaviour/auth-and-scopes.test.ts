import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../../test/spec/load-spec.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('authentication and scopes over $name', (transport) => {
  const h = useMock(transport);

  it('answers 401 for a missing key, without rate-limit headers', async () => {
    const res = await h.call('GET', '/v1/agents', { key: null });
    expect(res.status).toBe(401);
    expect(res.body.error).toMatchObject({ code: 'UNAUTHORIZED', status: 401 });
    expect(res.body.error.message).toMatch(/x-api-key/);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('answers 401 for an unknown key', async () => {
    const res = await h.call('GET', '/v1/agents', { key: 'ap_test_nope' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/unknown API key/);
  });

  it('says where the demo key went when the state has no demo workspace (a reset without {"seed": "demo"})', async () => {
    const res = await h.call('GET', '/v1/agents', { key: 'demo-key-all-scopes' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(
      /^x-api-key: unknown API key: demo-key-all-scopes is the demo seed's key, .*\{"seed": "demo"\}/,
    );
    h.mock.reset({ seed: 'demo' });
    expect((await h.call('GET', '/v1/agents', { key: 'demo-key-all-scopes' })).status).toBe(200);
  });

  it('does not say the demo workspace is missing when the state has it without the demo key', async () => {
    // A seed file made from the demo state, its key left out (a suite's own keys in its place).
    h.mock.reset({ seed: 'demo' });
    const state = h.mock.exportState();
    state.api_keys = state.api_keys.filter((k) => k.key !== 'demo-key-all-scopes');
    h.mock.importState(state);
    const res = await h.call('GET', '/v1/agents', { key: 'demo-key-all-scopes' });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toBe('x-api-key: unknown API key');
  });

  it('answers 401 saying so for an x-api-key header sent twice, even with a valid key', async () => {
    const headers = new Headers();
    headers.append('x-api-key', h.key);
    headers.append('x-api-key', h.key);
    const res = await h.connection.fetch(`${h.connection.baseUrl}/v1/agents`, { headers });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    expect((await res.json()).error).toEqual({
      code: 'UNAUTHORIZED',
      status: 401,
      message: 'x-api-key: appears more than once (2 values, joined with commas); send it once',
    });
    // A key string may hold a comma: sent once, it is that key, and an unknown one is just unknown.
    const unknown = await h.call('GET', '/v1/agents', { key: 'ap_test_a,b,c' });
    expect(unknown.body.error.message).toBe('x-api-key: unknown API key');
    const comma = h.mock.createApiKey({ scopes: 'all', key: 'ap_test_a,b,c' });
    expect((await h.call('GET', '/v1/agents', { key: comma.key })).status).toBe(200);
  });

  it('fails a revoked key on its very next request', async () => {
    const created = h.mock.createApiKey({ scopes: ['agents:read'], workspace_id: h.workspaceId });
    expect((await h.call('GET', '/v1/agents', { key: created.key })).status).toBe(200);
    h.mock.revokeApiKey(created.id);
    const res = await h.call('GET', '/v1/agents', { key: created.key });
    expect(res.status).toBe(401);
    expect(res.body.error.message).toMatch(/revoked/);
  });

  it('needs no key for GET /v1/health', async () => {
    const res = await h.call('GET', '/v1/health', { key: null });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok', timestamp: '2026-11-20T10:00:00.000Z' });
  });

  it('answers 403 naming the missing Variant A scope', async () => {
    const reader = h.mock.createApiKey({ scopes: ['agents:read'], workspace_id: h.workspaceId });
    const res = await h.call('POST', '/v1/agents', { key: reader.key, body: { name: 'x' } });
    expect(res.status).toBe(403);
    expect(res.body.error).toMatchObject({ code: 'FORBIDDEN', status: 403 });
    expect(res.body.error.message).toContain('agents:write');
    expect(res.headers.get('x-ratelimit-remaining')).not.toBeNull();
  });

  it('checks the scope before validating the body', async () => {
    const reader = h.mock.createApiKey({ scopes: ['agents:read'], workspace_id: h.workspaceId });
    const res = await h.call('POST', '/v1/agents', { key: reader.key, body: { nope: true } });
    expect(res.status).toBe(403);
  });

  it('lets agents:read read webhooks in Variant A', async () => {
    const reader = h.mock.createApiKey({ scopes: ['agents:read'], workspace_id: h.workspaceId });
    expect((await h.call('GET', '/v1/webhooks', { key: reader.key })).status).toBe(200);
    expect(
      (await h.call('DELETE', `/v1/webhooks/${crypto.randomUUID()}`, { key: reader.key })).status,
    ).toBe(403);
  });

  it('reports the key, its scopes and the derived permissions on GET /v1/me', async () => {
    const key = h.mock.createApiKey({
      scopes: ['agents:read', 'contacts:write'],
      name: 'ops',
      workspace_id: h.workspaceId,
    });
    const res = await h.call('GET', '/v1/me', { key: key.key });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      key_name: 'ops',
      workspace_id: h.workspaceId,
      company_id: key.company_id,
      scopes: ['agents:read', 'contacts:write'],
    });
    expect(res.body.data.permissions.agents).toEqual({ read: true, write: false, delete: false });
    expect(res.body.data.permissions.contacts).toEqual({ read: false, write: true, delete: true });
    expect(res.body.data.permissions.webhooks).toEqual({ read: true, write: false, delete: false });
    // The groups are the ones the spec names, every one of them, whatever the key's scopes.
    const documented = loadSpec().components.schemas.Me.properties.permissions;
    expect(Object.keys(res.body.data.permissions).sort()).toEqual(
      Object.keys(documented.properties ?? {}).sort(),
    );
    expect([...documented.required].sort()).toEqual(Object.keys(documented.properties).sort());
  });

  it('counts sending, editing and deleting messages for messages, wherever their path', async () => {
    const key = h.mock.createApiKey({
      scopes: ['messages:write'],
      workspace_id: h.workspaceId,
    });
    const { permissions } = (await h.call('GET', '/v1/me', { key: key.key })).body.data;
    expect(permissions.messages).toEqual({ read: false, write: true, delete: false });
    for (const group of ['agents', 'conversations', 'chats']) {
      expect(permissions[group]).toEqual({ read: false, write: false, delete: false });
    }
    const chats = h.mock.createApiKey({ scopes: ['chats:write'], workspace_id: h.workspaceId });
    const { permissions: handoff } = (await h.call('GET', '/v1/me', { key: chats.key })).body.data;
    // chats:write covers the handoff, closing conversations and editing or sending messages in a chat.
    expect(handoff.chats.write).toBe(true);
    expect(handoff.conversations.write).toBe(true);
    expect(handoff.messages.write).toBe(true);
    expect(handoff.agents.write).toBe(false);
  });

  it('hides other workspaces: their resources are 404, never 403', async () => {
    const created = await h.call('POST', '/v1/agents', { body: { name: 'Mine' } });
    const other = h.mock.createApiKey({ scopes: 'all' });
    const call = apiClient(h.connection, other.key);
    const res = await call('GET', `/v1/agents/${created.body.data.id}`);
    expect(res.status).toBe(404);
    expect(res.body.error.code).toBe('NOT_FOUND');
    expect((await call('GET', '/v1/agents')).body.data).toEqual([]);
    expect((await call('DELETE', `/v1/agents/${created.body.data.id}`)).status).toBe(404);
    expect((await h.call('GET', `/v1/agents/${created.body.data.id}`)).status).toBe(200);
  });
});

describe.each(transports)('Variant B scopes over $name', (transport) => {
  const h = useMock(transport, { variant: 'B' });

  it('answers 403 naming the Variant B scope', async () => {
    const key = h.mock.createApiKey({ scopes: ['agents:read'], workspace_id: h.workspaceId });
    const res = await h.call('POST', `/v1/agents/${crypto.randomUUID()}/trainings`, {
      key: key.key,
      body: { type: 'text', content: 'x' },
    });
    expect(res.status).toBe(403);
    expect(res.body.error.message).toContain('training:write');
  });

  it('refuses a key with scopes of the other vocabulary', () => {
    expect(() => h.mock.createApiKey({ scopes: ['trainings:read'] })).toThrow(
      /not a scope of Variant B/,
    );
  });

  it('grants custom-fields:manage both reading and writing custom fields', async () => {
    const key = h.mock.createApiKey({
      scopes: ['custom-fields:manage'],
      workspace_id: h.workspaceId,
    });
    expect((await h.call('GET', '/v1/custom-fields', { key: key.key })).status).toBe(200);
    const created = await h.call('POST', '/v1/custom-fields', {
      key: key.key,
      body: { name: 'tier', type: 'text' },
    });
    expect(created.status).toBe(201);
  });

  // Seed 5.2: conversations:write "create, update, close conversations"; chats:manage "manage chat
  // threads including history". Either grant goes with the scope the decisions table names.
  it('lets conversations:write start a conversation, and chats:manage read the messages', async () => {
    const agent = await h.call('POST', '/v1/agents', { body: { name: 'Support' } });
    await h.call('POST', `/v1/agents/${agent.body.data.id}/activate`);
    const writer = h.mock.createApiKey({
      scopes: ['conversations:write'],
      workspace_id: h.workspaceId,
    });
    const started = await h.call('POST', `/v1/agents/${agent.body.data.id}/conversation`, {
      key: writer.key,
      body: { message: 'Hello' },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(200);
    const id = started.body.data.conversation_id;

    const manager = h.mock.createApiKey({ scopes: ['chats:manage'], workspace_id: h.workspaceId });
    const messages = await h.call('GET', `/v1/conversations/${id}/messages`, { key: manager.key });
    expect(messages.status, JSON.stringify(messages.body)).toBe(200);
    expect(messages.body.data.length).toBeGreaterThan(0);
    const one = await h.call('GET', `/v1/messages/${messages.body.data[0].id}`, {
      key: manager.key,
    });
    expect(one.status, JSON.stringify(one.body)).toBe(200);

    const reader = h.mock.createApiKey({ scopes: ['agents:read'], workspace_id: h.workspaceId });
    const refused = await h.call('GET', `/v1/messages/${messages.body.data[0].id}`, {
      key: reader.key,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toContain(
      'one of the scopes conversations:read, chats:manage',
    );
  });
});
