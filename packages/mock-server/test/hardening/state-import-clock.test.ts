// A state exported on a clock ahead of the importing mock's (a later start, another machine): time
// goes on from the state's, so that what is created next is not dated before what it holds.
import { describe, expect, it } from 'vitest';
import { createManualClock, createMockServer, type MockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { deliveryFetch } from '../support/state-fixtures.js';
import { inProcess, type Transport, transports } from '../support/transports.js';

const fetchHandler = transports[0] as Transport;

function clientOf(mock: MockServer, key: string) {
  return apiClient(inProcess(mock), key);
}

describe('importing a state later than the clock', () => {
  const h = useMock(fetchHandler, { deliveryFetch });

  /** A state made on a clock ahead of h.mock's (2026-11-20T10:00:00Z): a later start, another machine. */
  async function stateFrom2030() {
    const ahead = createMockServer({ clock: 'manual', startTime: '2030-01-01T00:00:00.000Z' });
    const { key } = ahead.createApiKey({ scopes: 'all' });
    const call = clientOf(ahead, key);
    const agent = (await call('POST', '/v1/agents', { body: { name: 'Imported' } })).body.data;
    const started = await call('POST', `/v1/agents/${agent.id}/conversation`, {
      body: { message: 'Hi' },
    });
    await ahead.clock.advance(60_000);
    const chat = started.body.data.conversation_id as string;
    await call('POST', `/v1/conversations/${chat}/messages`, { body: { message: 'Later' } });
    const snapshot = ahead.exportState();
    ahead.dispose();
    return { snapshot, key, chat };
  }

  it("moves a manual clock forward to the state's latest time: what follows is dated after it (it was dated before)", async () => {
    const { snapshot, key, chat } = await stateFrom2030();
    const res = await h.call('PUT', '/__mock/state', { body: snapshot });
    expect(res.status).toBe(204);
    const clock = await h.call('GET', '/__mock/clock');
    expect(clock.body.data.now).toBe('2030-01-01T00:01:00.000Z');

    const call = clientOf(h.mock, key);
    await call('POST', `/v1/conversations/${chat}/messages`, { body: { message: 'Next' } });
    const messages = await call('GET', `/v1/conversations/${chat}/messages?order=asc`);
    const contents = messages.body.data.map((m: { content: string }) => m.content);
    // The customer's messages in the order they came, each followed by the AI's answer.
    expect(contents.filter((_: string, i: number) => i % 2 === 0)).toEqual(['Hi', 'Later', 'Next']);
    const agent = await call('POST', '/v1/agents', { body: { name: 'Created after' } });
    expect(agent.body.data.created_at).toBe('2030-01-01T00:01:00.000Z');
    const agents = await call('GET', '/v1/agents');
    expect(agents.body.data[0].name).toBe('Created after');
  });

  it('starts a server seeded with such a state at its latest time, and never moves a clock back', async () => {
    const { snapshot } = await stateFrom2030();
    const seeded = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      seed: snapshot,
    });
    expect(new Date(seeded.clock.now()).toISOString()).toBe('2030-01-01T00:01:00.000Z');
    seeded.dispose();
    // A state of the past leaves the clock where it is.
    await h.mock.clock.advance(1000);
    const now = h.mock.clock.now();
    h.mock.importState(h.mock.exportState());
    expect(h.mock.clock.now()).toBe(now);
  });

  it('leaves a clock it did not make as it is', async () => {
    const { snapshot } = await stateFrom2030();
    const start = Date.parse('2026-11-20T10:00:00.000Z');
    const own = { ...createManualClock(start) };
    const mock = createMockServer({ clock: own, seed: snapshot });
    expect(mock.clock.now()).toBe(start);
    mock.dispose();
  });
});
