// The times of a hand-written state: any ISO 8601 date-time with a zone is taken, and stored as the
// API answers every time, in UTC with milliseconds; rows are listed in the order of their instants,
// not of their texts. Times out of order (a message before its conversation, a change before the
// creation) are taken as they are: the mock itself makes them, on a clock behind an imported state.
import { describe, expect, it } from 'vitest';
import { createManualClock, createMockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { alertFor, deliveryFetch, fillState } from '../support/state-fixtures.js';
import { inProcess, type Transport, transports } from '../support/transports.js';

const fetchHandler = transports[0] as Transport;

// In Variant B, whose failing webhooks send the alerts whose times it imports too.
describe('importing times written otherwise than the API writes them', () => {
  const h = useMock(fetchHandler, { variant: 'B', deliveryFetch });

  it('stores them in UTC with milliseconds, and lists rows by their instants', async () => {
    await fillState(h, 'B');
    // biome-ignore lint/suspicious/noExplicitAny: a hand-edited snapshot is any JSON.
    const s = structuredClone(h.mock.exportState()) as any;
    const [support, night] = s.tables.agents;
    // 09:00:00 is before 09:00:00.500, and 12:00 at +05:00 is 07:00 UTC, before both.
    support.created_at = '2026-11-20T09:00:00Z';
    night.created_at = '2026-11-20T12:00:00+05:00';
    const third = { ...support, id: crypto.randomUUID(), name: 'Third', _seq: support._seq };
    third.created_at = '2026-11-20T09:00:00.500z';
    s.tables.agents.push(third);
    support.updated_at = '2026-11-20T09:00:00.1234567Z';
    s.tables.channels[0]._settings.updated_at = '2026-11-20T10:00:00-01:30';
    const attempted = s.tables.deliveries.find((d: { attempts: unknown[] }) => d.attempts.length);
    attempted.attempts[0].attempted_at = '2026-11-20T10:00:00+00:00';
    s.tables.conversations.find(
      (c: { _chat_status: string }) => c._chat_status === 'human',
    )._human_started_at = '2026-11-20T10:00:00+01:00';
    s.tables.appointments[0].starts_at = '2026-12-01T10:00:00+01:00';
    s.api_keys[0].created_at = '2026-11-20T10:00:00+01:00';
    // A client's own values are not the mock's times: kept as written.
    const paid = '2026-11-20T12:00:00+05:00';
    s.tables.conversations[0].metadata = { ...s.tables.conversations[0].metadata, paid_at: paid };
    s.alerts = [alertFor(h.workspaceId, s.tables.webhooks[0].id, '2026-11-20T10:00:00+01:00')];
    const res = await h.call('PUT', '/__mock/state', { body: s });
    expect(res.status, JSON.stringify(res.body)).toBe(204);

    const stored = h.mock.exportState();
    const agents = stored.tables.agents;
    expect(agents.map((a) => a.created_at)).toEqual([
      '2026-11-20T09:00:00.000Z',
      '2026-11-20T07:00:00.000Z',
      '2026-11-20T09:00:00.500Z',
    ]);
    expect(agents[0]?.updated_at).toBe('2026-11-20T09:00:00.123Z');
    expect(stored.tables.channels[0]?._settings.updated_at).toBe('2026-11-20T11:30:00.000Z');
    const attempts = stored.tables.deliveries.find((d) => d.attempts.length)?.attempts;
    expect(attempts?.[0]?.attempted_at).toBe('2026-11-20T10:00:00.000Z');
    expect(
      stored.tables.conversations.find((c) => c._chat_status === 'human')?._human_started_at,
    ).toBe('2026-11-20T09:00:00.000Z');
    expect(stored.tables.appointments[0]?.starts_at).toBe('2026-12-01T09:00:00.000Z');
    expect(stored.api_keys[0]?.created_at).toBe('2026-11-20T09:00:00.000Z');
    expect(stored.alerts[0]?.sent_at).toBe('2026-11-20T09:00:00.000Z');
    expect(stored.tables.conversations[0]?.metadata).toMatchObject({ paid_at: paid });

    const list = await h.call('GET', '/v1/agents?order=asc');
    expect(list.body.data.map((a: { name: string }) => a.name)).toEqual([
      'Night',
      'Support',
      'Third',
    ]);
    // What was stored imports again as it is.
    h.mock.importState(stored);
    expect(h.mock.exportState()).toEqual(stored);
  });
});

describe('a state whose times are out of order', () => {
  it('made by the mock on a clock behind the state it imported: exports and imports again as it is', async () => {
    const ahead = createMockServer({ clock: 'manual', startTime: '2030-01-01T00:00:00.000Z' });
    const { key } = ahead.createApiKey({ scopes: 'all' });
    const call = apiClient(inProcess(ahead), key);
    const agent = (await call('POST', '/v1/agents', { body: { name: 'From 2030' } })).body.data;
    const chat = (
      await call('POST', `/v1/agents/${agent.id}/conversation`, { body: { message: 'Hi' } })
    ).body.data.conversation_id as string;
    const later = ahead.exportState();
    ahead.dispose();

    // A clock of one's own is not moved by an import (a real clock cannot be either).
    const behind = createMockServer({ clock: { ...createManualClock(Date.parse('2026-01-01')) } });
    const fresh = createMockServer({ clock: 'manual', startTime: '2026-01-01T00:00:00.000Z' });
    try {
      behind.importState(later);
      const again = apiClient(inProcess(behind), key);
      await again('PUT', `/v1/agents/${agent.id}`, { body: { name: 'Renamed' } });
      await again('POST', `/v1/conversations/${chat}/messages`, { body: { message: 'Next' } });
      const snapshot = behind.exportState();
      const renamed = snapshot.tables.agents[0];
      expect((renamed?.updated_at ?? '') < (renamed?.created_at ?? '')).toBe(true);
      const conversation = snapshot.tables.conversations[0];
      const next = snapshot.tables.messages.find((m) => m.content === 'Next');
      expect((next?.created_at ?? '') < (conversation?.created_at ?? '')).toBe(true);

      fresh.importState(snapshot);
      expect(fresh.exportState()).toEqual(snapshot);
    } finally {
      behind.dispose();
      fresh.dispose();
    }
  });
});
