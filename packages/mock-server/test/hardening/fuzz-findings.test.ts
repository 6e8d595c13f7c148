import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { parseCli } from '../../src/transports/cli-args.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

const NX = '00000000-0000-4000-8000-00000000dead';

describe.each(transports)('fuzz findings over $name', (transport) => {
  const h = useMock(transport);

  // api-decisions section 2: request validation (400) -> existence (404) -> state (409).
  it('checks an appointment body (400) before existence (404) and state (409)', async () => {
    const backwards = { starts_at: '2030-01-02T00:00:00Z', ends_at: '2030-01-01T00:00:00Z' };
    const create = await h.call('POST', '/v1/appointments', {
      body: { contact_id: NX, title: 't', ...backwards },
    });
    expect(create.status).toBe(400);
    expect(create.body.error.details[0]).toMatchObject({ field: 'ends_at', rule: 'after' });

    const contact = await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    const made = await h.call('POST', '/v1/appointments', {
      body: { contact_id: contact.body.data.id, title: 't', starts_at: backwards.starts_at },
    });
    const id = made.body.data.id;
    expect((await h.call('POST', `/v1/appointments/${id}/cancel`)).status).toBe(200);
    const update = await h.call('PUT', `/v1/appointments/${id}`, {
      body: { ends_at: '2000-01-01T00:00:00Z' },
    });
    expect(update.status).toBe(400);
    expect(update.body.error.details[0]).toMatchObject({ field: 'ends_at', rule: 'after' });
    const agent = await h.call('PUT', `/v1/appointments/${id}`, { body: { agent_id: NX } });
    expect(agent.status).toBe(404);
    // A valid update of a cancelled appointment is still the state's conflict.
    expect((await h.call('PUT', `/v1/appointments/${id}`, { body: { title: 'x' } })).status).toBe(
      409,
    );
  });

  it('names options on a non-select field (400) before a taken name (409)', async () => {
    await h.call('POST', '/v1/custom-fields', { body: { name: 'tier', type: 'text' } });
    const res = await h.call('POST', '/v1/custom-fields', {
      body: { name: 'tier', type: 'text', options: ['a'] },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'options', rule: 'type' });
  });

  it('refuses a snapshot whose pending delivery has no valid time, leaving the state as it was', async () => {
    const snapshot = (await h.call('GET', '/__mock/state')).body;
    const ws = h.workspaceId;
    const hook = {
      id: '00000000-0000-4000-8000-00000000aa01',
      url: 'http://127.0.0.1:9/hook',
      events: ['*'],
      description: null,
      active: true,
      health: 'healthy',
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
      _ws: ws,
      _seq: 1,
      _secret: 'whsec_x',
      _consecutive_failures: 0,
    };
    const delivery = {
      id: '00000000-0000-4000-8000-00000000bb01',
      webhook_id: hook.id,
      event: 'contact.created',
      event_id: '00000000-0000-4000-8000-00000000cc01',
      status: 'pending',
      attempts: [],
      next_attempt_at: 'not a date',
      error: null,
      created_at: '2026-11-20T10:00:00.000Z',
      _ws: ws,
      _seq: 2,
      _body: '{}',
      _test: false,
    };
    const bad = {
      ...snapshot,
      tables: { ...snapshot.tables, webhooks: [hook], deliveries: [delivery] },
    };
    const res = await h.call('PUT', '/__mock/state', { body: bad });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('tables.deliveries[0].next_attempt_at');
    expect((await h.call('GET', '/__mock/state')).body).toEqual(snapshot);
  });

  it('refuses a snapshot whose webhook events are not a list, instead of failing every event later', async () => {
    const snapshot = (await h.call('GET', '/__mock/state')).body;
    const hook = {
      id: '00000000-0000-4000-8000-00000000aa02',
      url: 'http://127.0.0.1:9/hook',
      events: null,
      description: null,
      active: true,
      health: 'healthy',
      created_at: '2026-11-20T10:00:00.000Z',
      updated_at: '2026-11-20T10:00:00.000Z',
      _ws: h.workspaceId,
      _seq: 1,
      _secret: 'whsec_x',
      _consecutive_failures: 0,
    };
    const res = await h.call('PUT', '/__mock/state', {
      body: { ...snapshot, tables: { ...snapshot.tables, webhooks: [hook] } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0].field).toBe('tables.webhooks[0].events');
    // And so an event-emitting operation still answers 201, not a 500 after it changed the state.
    expect((await h.call('POST', '/v1/contacts', { body: { name: 'Bo' } })).status).toBe(201);
  });

  it('refuses a fault path or journal filter past 2048 characters: accepted, the fault made every request a 500', async () => {
    // 60 000 characters: more than a regular expression of V8 holds (some 32 000).
    const path = `/v1/agents/${'x'.repeat(60_000)}`;
    const fault = await h.call('POST', '/__mock/faults', { body: { path, status: 503 } });
    expect(fault.status).toBe(400);
    expect(fault.body.error.details[0]).toEqual({
      field: 'path',
      rule: 'maxLength',
      message: 'path: must be at most 2048 characters',
    });
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
    expect(() => h.mock.requests({ path })).toThrow('path: must be at most 2048 characters');
    const fine = `/v1/agents/${'%C3%A9'.repeat(339)}*`;
    expect(fine.length).toBeLessThanOrEqual(2048);
    expect(h.mock.requests({ path: fine })).toEqual([]);
  });

  it('answers 400, not a 500 of an overflowed stack, to a list of distinct items nested deep', async () => {
    // Well under 1 MiB: a multi_select value and a webhook's events are compared for repeats.
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const headers = { 'content-type': 'application/json' };
    for (const [path, raw, field] of [
      ['/v1/contacts', `{"name":"Bo","custom_fields":{"tags":[${deep},${deep}]}}`, 'custom_fields'],
      ['/v1/webhooks', `{"url":"https://e.test/h","events":[${deep}]}`, 'events[0]'],
    ] as const) {
      const res = await h.call('POST', path, { raw, headers });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0].field).toMatch(new RegExp(`^${field.replace('[', '\\[')}`));
    }
  });
});

describe('an admin token no request can present', () => {
  it('is refused by the CLI and by createMockServer', () => {
    expect(() => parseCli(['--admin-token', ''])).toThrow(/--admin-token: must not be empty/);
    expect(() => parseCli(['--admin-token='])).toThrow(/--admin-token: must not be empty/);
    expect(() => createMockServer({ adminToken: '' })).toThrow(/adminToken/);
    expect(() => createMockServer({ adminToken: '  ' })).toThrow(/adminToken/);
    createMockServer({ adminToken: 'T' }).dispose();
  });

  it('is refused when no header could carry it: a space at either end, a non-ASCII character', () => {
    for (const token of [' tok', 'tok ', 'tökén', 'a\tb', 'a\nb']) {
      expect(() => parseCli(['--admin-token', token]), token).toThrow(
        /^--admin-token: must be printable ASCII .* no request could present it$/,
      );
      expect(() => createMockServer({ adminToken: token }), token).toThrow(
        /^adminToken: must be printable ASCII/,
      );
    }
    // A space inside is carried as it is.
    expect(parseCli(['--admin-token', 'a b']).options.adminToken).toBe('a b');
    // Past 1024 characters, as an API key string: Node's 16 KiB of headers would refuse one far longer.
    createMockServer({ adminToken: 't'.repeat(1024) }).dispose();
    expect(() => parseCli(['--admin-token', 't'.repeat(20_000)])).toThrow(
      /at most 1024 characters/,
    );
    expect(() => createMockServer({ adminToken: 't'.repeat(1025) })).toThrow(
      /^adminToken: .*at most 1024 characters/,
    );
  });
});
