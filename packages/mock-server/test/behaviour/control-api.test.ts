import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('control API over $name', (transport) => {
  const h = useMock(transport);

  it('creates workspaces and keys, and revokes keys', async () => {
    const ws = await h.call('POST', '/__mock/workspaces', { body: { name: 'Acme' } });
    expect(ws.status).toBe(201);
    const key = await h.call('POST', '/__mock/api-keys', {
      body: { workspace_id: ws.body.data.workspace_id, scopes: ['agents:read'], name: 'ro' },
    });
    expect(key.status).toBe(201);
    expect(key.body.data).toMatchObject({
      name: 'ro',
      workspace_id: ws.body.data.workspace_id,
      company_id: ws.body.data.company_id,
      scopes: ['agents:read'],
    });
    const call = apiClient(h.connection, key.body.data.key);
    expect((await call('GET', '/v1/agents')).status).toBe(200);
    expect((await h.call('DELETE', `/__mock/api-keys/${key.body.data.id}`)).status).toBe(204);
    expect((await call('GET', '/v1/agents')).status).toBe(401);
    const bad = await h.call('POST', '/__mock/api-keys', { body: { scopes: ['agents:fly'] } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('scopes[0]: "agents:fly" is not a scope of Variant A');
  });

  it('reads and advances the manual clock', async () => {
    expect((await h.call('GET', '/__mock/clock')).body.data.now).toBe('2026-11-20T10:00:00.000Z');
    const advanced = await h.call('POST', '/__mock/clock/advance', { body: { ms: 90_000 } });
    expect(advanced.body.data.now).toBe('2026-11-20T10:01:30.000Z');
    expect((await h.call('POST', '/__mock/clock/advance', { body: { ms: -1 } })).status).toBe(400);
  });

  it('refuses to move the clock past the last valid date, and stays usable', async () => {
    const before = (await h.call('GET', '/__mock/clock')).body.data.now;
    for (const ms of [Number.MAX_SAFE_INTEGER, 1e300]) {
      const refused = await h.call('POST', '/__mock/clock/advance', { body: { ms } });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details[0]).toMatchObject({ field: 'ms', rule: 'maximum' });
      expect(refused.body.error.message).toMatch(
        /^ms: must be at most \d+ \(the clock cannot pass/,
      );
    }
    expect((await h.call('GET', '/__mock/clock')).body.data.now).toBe(before);
    expect((await h.call('GET', '/v1/health')).status).toBe(200);
  });

  it('keeps a journal of API requests', async () => {
    await h.call('GET', '/v1/agents');
    await h.call('GET', '/v1/nope');
    const journal = await h.call('GET', '/__mock/requests');
    expect(
      journal.body.data.map((r: { path: string; status: number; operation_id: string | null }) => [
        r.path,
        r.status,
        r.operation_id,
      ]),
    ).toEqual([
      ['/v1/agents', 200, 'agentsList'],
      ['/v1/nope', 404, null],
    ]);
  });

  it('exports and imports the state, and refuses a bad snapshot without changing anything', async () => {
    await h.call('POST', '/v1/agents', { body: { name: 'Kept' } });
    const snapshot = (await h.call('GET', '/__mock/state')).body;
    await h.call('POST', '/__mock/reset');
    expect((await h.call('GET', '/v1/agents')).status).toBe(401);
    expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
    expect(
      (await h.call('GET', '/v1/agents')).body.data.map((a: { name: string }) => a.name),
    ).toEqual(['Kept']);
    const bad = await h.call('PUT', '/__mock/state', { body: { ...snapshot, variant: 'B' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/variant/);
    expect((await h.call('GET', '/__mock/state')).body).toEqual(snapshot);
  });

  it('answers unknown control routes with 404', async () => {
    expect((await h.call('GET', '/__mock/nothing')).status).toBe(404);
  });
});

describe.each(transports)('control API guarded by a token over $name', (transport) => {
  const h = useMock(transport, { adminToken: 's3cret' });

  it('needs x-mock-admin-token', async () => {
    expect((await h.call('POST', '/__mock/reset')).status).toBe(401);
    expect(
      (await h.call('POST', '/__mock/reset', { headers: { 'x-mock-admin-token': 's3cret' } }))
        .status,
    ).toBe(204);
  });
});
