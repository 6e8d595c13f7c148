// A seeded sequence (`ids: { seed }`, `--ids-seed`) gives the same ids on every run, so a server
// seeded alike and started from a state that sequence made (`seed: snapshot`, `--seed state.json`,
// `importState`) drew those ids again: a new agent replaced the imported one, silently, and a new
// API key's workspace answered 409. A new id is now never one in use, and stays the same per run.
import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, type StateSnapshot } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { inProcess } from '../support/transports.js';

function clientOf(mock: MockServer, key: string) {
  return apiClient(inProcess(mock), key);
}

const options = { clock: 'manual', startTime: '2026-11-20T10:00:00.000Z' } as const;

/** Every UUID in a snapshot, wherever it is. */
function uuidsOf(value: unknown, out = new Set<string>()): Set<string> {
  if (typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f-]{27}$/.test(value)) out.add(value);
  else if (typeof value === 'object' && value !== null)
    for (const inner of Object.values(value)) uuidsOf(inner, out);
  return out;
}

/** A key, an agent "Original" with a training, a contact, a webhook and a delivery, on a seed. */
async function madeState(seed: number): Promise<{ snapshot: StateSnapshot; agent: string }> {
  const mock = createMockServer({ ...options, ids: { seed } });
  const { key } = mock.createApiKey({ scopes: 'all' });
  const call = clientOf(mock, key);
  await call('POST', '/v1/webhooks', {
    body: { url: 'https://hooks.example.com/in', events: ['*'] },
  });
  const agent = await call('POST', '/v1/agents', { body: { name: 'Original' } });
  await call('POST', `/v1/agents/${agent.body.data.id}/trainings`, {
    body: { type: 'text', content: 'Opening hours: 9 to 5' },
  });
  await call('POST', '/v1/contacts', { body: { name: 'Ana' } });
  const snapshot = mock.exportState();
  mock.dispose();
  return { snapshot, agent: agent.body.data.id };
}

/** The same work again on a server of the same seed holding `snapshot`; its new ids. */
async function sameWorkOn(mock: MockServer) {
  const { key, id: keyId, workspace_id, company_id } = mock.createApiKey({ scopes: 'all' });
  const call = clientOf(mock, key);
  const hook = await call('POST', '/v1/webhooks', {
    body: { url: 'https://hooks.example.com/in', events: ['*'] },
  });
  const agent = await call('POST', '/v1/agents', { body: { name: 'Second' } });
  expect(agent.status).toBe(201);
  const contact = await call('POST', '/v1/contacts', { body: { name: 'Bea' } });
  const ids = [keyId, workspace_id, company_id, hook.body.data.id, agent.body.data.id];
  ids.push(contact.body.data.id);
  return { key, ids, agent: agent.body.data.id as string };
}

describe('seeded ids after a state import', () => {
  it('gives a new agent a new id: the imported one is kept (seed: snapshot)', async () => {
    const { snapshot, agent: original } = await madeState(42);
    const mock = createMockServer({ ...options, ids: { seed: 42 }, seed: snapshot });
    const made = await sameWorkOn(mock);
    expect(made.agent).not.toBe(original);

    // Every id drawn is new: none is an id (or a reference, an event id) of the imported state.
    const imported = uuidsOf(snapshot);
    for (const id of made.ids) expect(imported.has(id), id).toBe(false);
    const state = mock.exportState();
    expect(state.tables.agents.map((a) => [a.id, a.name])).toEqual([
      [original, 'Original'],
      [made.agent, 'Second'],
    ]);
    expect(state.workspaces).toHaveLength(2);
    expect(state.api_keys).toHaveLength(2);
    expect(new Set(state.api_keys.map((k) => k.key)).size).toBe(2);
    // Each table's ids, and the event ids of the deliveries, appear once.
    const deliveries = state.tables.deliveries;
    expect(new Set(deliveries.map((d) => d.id)).size).toBe(deliveries.length);
    const events = deliveries.map((d) => d.event_id);
    expect(new Set(events).size).toBe(events.length);
    // The imported key still reads its own agent, the new key its own.
    const first = clientOf(mock, snapshot.api_keys[0]?.key as string);
    expect((await first('GET', `/v1/agents/${original}`)).body.data.name).toBe('Original');
    const second = clientOf(mock, made.key);
    expect((await second('GET', `/v1/agents/${made.agent}`)).body.data.name).toBe('Second');
    mock.dispose();
  });

  it('makes an API key on a seeded server holding a state of that seed (was 409 workspace exists)', async () => {
    const { snapshot } = await madeState(7);
    const mock = createMockServer({ ...options, ids: { seed: 7 }, seed: snapshot });
    const created = mock.createApiKey({ scopes: 'all' });
    expect(created.workspace_id).not.toBe(snapshot.workspaces[0]?.workspace_id);
    expect(created.key).not.toBe(snapshot.api_keys[0]?.key);
    mock.dispose();
  });

  it("gives a new widget channel and webhook secrets of their own, not the imported state's", async () => {
    // Made on seed 9: a widget channel, and a webhook whose secret was rotated with a grace period.
    const maker = createMockServer({ ...options, ids: { seed: 9 } });
    const { key } = maker.createApiKey({ scopes: 'all' });
    const call = clientOf(maker, key);
    const widget = (await call('POST', '/v1/channels', { body: { name: 'Site', type: 'widget' } }))
      .body.data.id;
    const hook = await call('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.example.com/in', events: ['*'] },
    });
    await call('POST', `/v1/webhooks/${hook.body.data.id}/rotate-secret`, {
      body: { grace_seconds: 3600 },
    });
    const snapshot = maker.exportState();
    maker.dispose();

    // The same work on a server of seed 9 holding that state drew the same widget key and secrets.
    const mock = createMockServer({ ...options, ids: { seed: 9 }, seed: snapshot });
    const again = clientOf(mock, key);
    const other = (await again('POST', '/v1/channels', { body: { name: 'Shop', type: 'widget' } }))
      .body.data.id;
    const widgetKey = async (id: string) =>
      (await again('GET', `/v1/channels/${id}/widget`)).body.data.widget_key as string;
    expect(await widgetKey(other)).not.toBe(await widgetKey(widget));
    const second = await again('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.example.com/other', events: ['*'] },
    });
    const rotated = await again('POST', `/v1/webhooks/${second.body.data.id}/rotate-secret`, {
      body: {},
    });
    const [imported] = snapshot.tables.webhooks;
    const taken = [imported?._secret, imported?._previous_secret];
    expect(taken).not.toContain(second.body.data.secret);
    expect(taken).not.toContain(rotated.body.data.secret);
    mock.dispose();
  });

  it('skips them after reset() and importState() too, with the same new ids on every run', async () => {
    const { snapshot, agent: original } = await madeState(42);
    const run = async () => {
      const mock = createMockServer({ ...options, ids: { seed: 42 } });
      await sameWorkOn(mock);
      mock.reset();
      mock.importState(snapshot);
      const made = await sameWorkOn(mock);
      expect(mock.exportState().tables.agents.map((a) => a.name)).toEqual(['Original', 'Second']);
      mock.dispose();
      return made;
    };
    const first = await run();
    expect(first.ids).not.toContain(original);
    expect(await run()).toEqual(first);
  });

  it('gives up, rather than overwrite, when an ids function gives only ids in use', async () => {
    const mock = createMockServer({
      ...options,
      ids: () => '00000000-0000-4000-8000-00000000000a',
    });
    expect(() => mock.createApiKey({ scopes: 'all' })).toThrow(
      'ids: 1000 new ids in a row were ids in use',
    );
  });
});
