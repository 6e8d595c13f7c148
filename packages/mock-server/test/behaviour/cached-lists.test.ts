// Lists of agents, trainings, channels, contacts and custom fields are served from JSON cached per
// table version: each test reads a list (so it is cached), changes the table one way, and reads again.
import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('cached lists over $name', (transport) => {
  const h = useMock(transport);
  const names = async (path: string) =>
    (await h.call('GET', path)).body.data.map((item: { name?: string; title?: string }) =>
      item.name === undefined ? item.title : item.name,
    );
  const create = async (path: string, body: Record<string, unknown>) =>
    (await h.call('POST', path, { body })).body.data.id as string;

  it('agents: create, update, status and delete show at once', async () => {
    expect(await names('/v1/agents')).toEqual([]);
    const id = await create('/v1/agents', { name: 'First' });
    expect(await names('/v1/agents')).toEqual(['First']);
    await h.call('PUT', `/v1/agents/${id}`, { body: { name: 'Renamed' } });
    expect(await names('/v1/agents')).toEqual(['Renamed']);
    expect(await names('/v1/agents?status=inactive')).toEqual([]);
    await h.call('POST', `/v1/agents/${id}/deactivate`);
    expect(await names('/v1/agents?status=inactive')).toEqual(['Renamed']);
    await h.call('DELETE', `/v1/agents/${id}`);
    expect(await names('/v1/agents')).toEqual([]);
    expect(await names('/v1/agents?status=inactive')).toEqual([]);
  });

  it('trainings: per agent, and after an update or a delete', async () => {
    const a = await create('/v1/agents', { name: 'A' });
    const b = await create('/v1/agents', { name: 'B' });
    const t = await create(`/v1/agents/${a}/trainings`, { type: 'text', title: 'T', content: 'x' });
    expect(await names(`/v1/agents/${a}/trainings`)).toEqual(['T']);
    expect(await names(`/v1/agents/${b}/trainings`)).toEqual([]);
    await h.call('PUT', `/v1/trainings/${t}`, { body: { title: 'T2' } });
    expect(await names(`/v1/agents/${a}/trainings`)).toEqual(['T2']);
    await h.call('DELETE', `/v1/trainings/${t}`);
    expect(await names(`/v1/agents/${a}/trainings`)).toEqual([]);
  });

  it('channels: update, pairing through the control API, and unbinding by an agent delete', async () => {
    const agent = await create('/v1/agents', { name: 'A' });
    const id = await create('/v1/channels', { name: 'WA', type: 'whatsapp', agent_id: agent });
    const list = async () => (await h.call('GET', '/v1/channels')).body.data[0];
    expect(await list()).toMatchObject({ name: 'WA', status: 'pending', agent_id: agent });
    await h.call('PUT', `/v1/channels/${id}`, { body: { name: 'WhatsApp' } });
    expect(await list()).toMatchObject({ name: 'WhatsApp' });
    h.mock.pairChannel(id);
    expect(await list()).toMatchObject({ status: 'active' });
    await h.call('DELETE', `/v1/agents/${agent}`);
    expect(await list()).toMatchObject({ agent_id: null });
  });

  it('contacts and custom fields: an update, a rename that moves values, archiving', async () => {
    const field = await create('/v1/custom-fields', { name: 'plan', type: 'text' });
    const contact = await create('/v1/contacts', { name: 'Ada', custom_fields: { plan: 'pro' } });
    const firstContact = async () => (await h.call('GET', '/v1/contacts')).body.data[0];
    expect(await firstContact()).toMatchObject({ name: 'Ada', custom_fields: { plan: 'pro' } });
    expect(await names('/v1/custom-fields')).toEqual(['plan']);
    await h.call('PUT', `/v1/contacts/${contact}`, { body: { name: 'Ada L.' } });
    expect(await firstContact()).toMatchObject({ name: 'Ada L.' });
    await h.call('PUT', `/v1/custom-fields/${field}`, { body: { name: 'tier' } });
    expect(await names('/v1/custom-fields')).toEqual(['tier']);
    expect((await firstContact()).custom_fields).toEqual({ tier: 'pro' });
    await h.call('POST', `/v1/custom-fields/${field}/archive`);
    expect(await names('/v1/custom-fields')).toEqual([]);
    expect(await names('/v1/custom-fields?include_archived=true')).toEqual(['tier']);
  });

  it('keeps workspaces apart', async () => {
    await create('/v1/agents', { name: 'Mine' });
    expect(await names('/v1/agents')).toEqual(['Mine']);
    const other = h.mock.createApiKey({ scopes: 'all' });
    expect(other.workspace_id).not.toBe(h.workspaceId);
    const theirs = await h.call('GET', '/v1/agents', { key: other.key });
    expect(theirs.body.data).toEqual([]);
  });

  it('follows a state import and a reset', async () => {
    await create('/v1/agents', { name: 'Kept' });
    const snapshot = h.mock.exportState();
    await create('/v1/agents', { name: 'Dropped' });
    expect(await names('/v1/agents')).toEqual(['Dropped', 'Kept']);
    h.mock.importState(snapshot);
    expect(await names('/v1/agents')).toEqual(['Kept']);
    h.mock.reset();
    const key = h.mock.createApiKey({ scopes: 'all' });
    expect((await h.call('GET', '/v1/agents', { key: key.key })).body.data).toEqual([]);
  });

  it('answers the same bytes to repeated reads, every time', async () => {
    await create('/v1/agents', { name: 'A' });
    const bodies = [];
    for (let i = 0; i < 3; i++) bodies.push((await h.call('GET', '/v1/agents')).body);
    expect(bodies[1]).toEqual(bodies[0]);
    expect(bodies[2]).toEqual(bodies[0]);
    expect(bodies[0].data).toHaveLength(1);
  });
});

describe.each(transports)('validated query strings over $name', (transport) => {
  const h = useMock(transport);

  it('answers the same 400 to the same bad query each time, and keeps operations apart', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await h.call('GET', '/v1/agents?q=x');
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        { field: 'q', rule: 'unknown', message: 'q: is not a known query parameter' },
      ]);
    }
    expect((await h.call('GET', '/v1/contacts?q=x')).status).toBe(200);
  });
});
