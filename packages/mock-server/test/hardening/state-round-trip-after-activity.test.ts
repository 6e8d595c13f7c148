// A state exported by the mock after typical activity on the demo seed (failed AI and human
// messages, channel down and deleted, webhooks with deliveries, edits and deletions) re-imports.
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { DEMO_API_KEY } from '../../src/seed/demo-ids.js';
import { apiClient } from '../support/api.js';
import { inProcess } from '../support/transports.js';

const deliveryFetch = (async (input: RequestInfo | URL) =>
  new Response('nope', { status: String(input).includes('fail') ? 500 : 200 })) as typeof fetch;

describe.each([
  ['A', false],
  ['B', false],
  ['B', true],
] as const)('demo seed + activity, Variant %s, requireHttps %s', (variant, requireHttps) => {
  it('exports a state that re-imports (same server and a fresh one) and exports identical', async () => {
    const mock = createMockServer({
      variant,
      seed: 'demo',
      clock: 'manual',
      requireHttps,
      deliveryFetch,
    });
    const fresh = createMockServer({
      variant,
      clock: 'manual',
      startTime: mock.clock.now(),
      requireHttps,
      deliveryFetch,
    });
    try {
      const call = apiClient(inProcess(mock), DEMO_API_KEY);
      const ok = async (method: string, path: string, body?: unknown) => {
        const res = await call(method, path, body === undefined ? {} : { body });
        expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
        return res.body?.data;
      };
      await ok('POST', '/v1/webhooks', { url: 'https://ok.example/hook', events: ['*'] });
      await ok('POST', '/v1/webhooks', { url: 'https://fail.example/hook', events: ['messages'] });
      const agent = (await ok('GET', '/v1/agents')).find(
        (a: { name: string }) => a.name === 'Support Agent',
      );
      const channels = await ok('GET', '/v1/channels');
      const contacts = await ok('GET', '/v1/contacts');
      const started = await ok('POST', `/v1/agents/${agent.id}/conversation`, {
        message: 'Hello',
        contact_id: contacts[0].id,
      });
      const chat = started.conversation_id;
      // Channel down: the AI's answer is stored failed.
      for (const ch of channels)
        if (ch.status === 'active') mock.setChannelStatus(ch.id, { status: 'disconnected' });
      await ok('POST', `/v1/conversations/${chat}/messages`, { message: 'Anyone?' });
      await ok('POST', `/v1/chats/${chat}/start-human`, {});
      await ok('POST', `/v1/chats/${chat}/messages`, {
        type: 'image',
        media_url: 'https://example.com/p.png',
      });
      await ok('POST', `/v1/chats/${chat}/stop-human`);
      for (const ch of channels) await ok('DELETE', `/v1/channels/${ch.id}`);
      await ok('POST', `/v1/conversations/${chat}/messages`, { message: 'Still there?' });
      const noChannel = await ok('POST', `/v1/agents/${agent.id}/conversation`, { message: 'Hi' });
      await ok('POST', `/v1/conversations/${noChannel.conversation_id}/close`);
      await ok('PUT', `/v1/contacts/${contacts[0].id}`, { email: null, phone: null });
      await ok('DELETE', `/v1/contacts/${contacts[1].id}`);
      const fields = await ok('GET', '/v1/custom-fields');
      await ok('PUT', `/v1/custom-fields/${fields[0].id}`, { name: 'tier' });
      await ok('POST', '/v1/appointments', {
        contact_id: contacts[2].id,
        title: 'Demo',
        starts_at: '2026-12-01T10:00:00Z',
      });
      const trainings = await ok('GET', `/v1/agents/${agent.id}/trainings`);
      await ok('PUT', `/v1/trainings/${trainings[0].id}`, { title: null });
      await ok('POST', '/v1/mcp-servers', {
        name: 'Docs',
        url: 'https://mcp.example.com',
        headers: { 'X-A': '1' },
      });
      await mock.settle();
      await mock.clock.advance(120_000);
      await mock.settle();

      const snapshot = mock.exportState();
      expect(
        snapshot.tables.messages.some((m) => m.status === 'failed' && m.sender === 'agent'),
      ).toBe(true);
      expect(snapshot.tables.deliveries.length).toBeGreaterThan(0);
      const res = await call('PUT', '/__mock/state', { body: snapshot });
      expect(res.status, JSON.stringify(res.body)).toBe(204);
      expect(mock.exportState()).toEqual(snapshot);
      fresh.importState(snapshot);
      expect(fresh.exportState()).toEqual(snapshot);
    } finally {
      mock.dispose();
      fresh.dispose();
    }
  });
});
