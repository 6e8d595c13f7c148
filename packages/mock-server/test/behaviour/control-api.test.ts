import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, DEMO_IDS, scopeVocabulary } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

/** The message for an unknown field: with the known one it is likely a slip for, as the mock says. */
const MEANT: Record<string, string> = {
  nmae: 'name',
  time: 'times',
  'tools[0].enabeld': 'enabled',
  'tables.agent': 'agents',
  limt: 'limit',
  eror: 'error',
};
const unknownField = (field: string) =>
  `${field}: is not a known field${field in MEANT ? `; did you mean "${MEANT[field]}"?` : ''}`;

describe.each(transports)('control API over $name', (transport) => {
  const h = useMock(transport);

  it('says where only a trailing slash keeps a path from a control route, as for the API', async () => {
    const res = await h.call('POST', '/__mock/reset/');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(
      'no such control route: POST /__mock/reset/ (paths have no trailing slash: /__mock/reset)',
    );
    const other = await h.call('GET', '/__mock/nothing/');
    expect(other.body.error.message).toBe('no such control route: GET /__mock/nothing/');
  });

  it('names the control route a path is one slip from', async () => {
    for (const [method, path, meant] of [
      ['GET', '/__mock/clocks', '/__mock/clock'],
      ['GET', '/__mock/request', '/__mock/requests'],
      ['POST', '/__mock/fault', '/__mock/faults'],
      ['POST', '/__mock/apikeys', '/__mock/api-keys'],
      ['GET', '/__mock/webhook_attempts', '/__mock/webhook-attempts'],
    ] as const) {
      const res = await h.call(method, path);
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe(
        `no such control route: ${method} ${path}; did you mean ${meant}?`,
      );
    }
  });

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
    // The scopes it takes, all of them: the two variants name theirs differently.
    expect(bad.body.error.message).toBe(
      `scopes[0]: "agents:fly" is not a scope of Variant A, whose scopes are ${Object.keys(
        scopeVocabulary.A,
      )
        .map((scope) => `"${scope}"`)
        .join(', ')}`,
    );
    expect(bad.body.error.message).toContain('"agents:read", "agents:write", "agents:delete"');
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
    // To the last date and no further: every time the API answers stays a 4-digit-year date-time.
    const toLast = Date.UTC(9999, 11, 1) - h.mock.clock.now();
    expect(
      (await h.call('POST', '/__mock/clock/advance', { body: { ms: toLast + 1 } })).status,
    ).toBe(400);
    const moved = await h.call('POST', '/__mock/clock/advance', { body: { ms: toLast } });
    expect(moved.body.data.now).toBe('9999-12-01T00:00:00.000Z');
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

  it("says in the journal why a request was refused: an error answer's code and message", async () => {
    await h.call('POST', '/v1/contacts', { body: { name: 'Ann', emial: 'ann@example.com' } });
    await h.call('POST', '/v1/contacts', { body: { name: 'Ann' } });
    h.mock.faults.add({ path: '/v1/agents', status: 503 });
    await h.call('GET', '/v1/agents');
    const journal = await h.call('GET', '/__mock/requests');
    expect(
      journal.body.data.map((r: { status: number; error?: unknown }) => [r.status, r.error]),
    ).toEqual([
      [
        400,
        {
          code: 'VALIDATION_ERROR',
          message: 'emial: is not a known field; did you mean "email"?',
        },
      ],
      [201, undefined],
      [503, { code: 'SERVICE_UNAVAILABLE', message: 'injected fault: 503 SERVICE_UNAVAILABLE' }],
    ]);
    expect(h.mock.requests({ status: 400 })[0]?.error?.code).toBe('VALIDATION_ERROR');
  });

  it('keeps the body of each request the API read, as sent, to assert on as WireMock verifies one', async () => {
    const sent = '{"name": "Ann",  "email": "ann@example.com"}';
    await h.call('POST', '/v1/contacts', {
      raw: sent,
      headers: { 'content-type': 'application/json' },
    });
    // Refused, it is still what the client sent: the body shows why.
    await h.call('POST', '/v1/contacts', { body: { name: 'Ann', emial: 'x' } });
    await h.call('GET', '/v1/contacts');
    // An injected fault's request keeps its body too, to compare with its retry's.
    h.mock.faults.add({ path: '/v1/contacts', method: 'POST', status: 503 });
    await h.call('POST', '/v1/contacts', { body: { name: 'Bo' } });
    // Past 16 KiB the journal keeps the first 16 KiB, then "...". The text before the 'é's has an
    // odd length, so that the cut falls inside one.
    const long = { name: 'Cyd', custom_fields: { note: 'é'.repeat(10_000) } };
    await h.call('POST', '/v1/contacts', { body: long });
    const journal = await h.call('GET', '/__mock/requests');
    const bodies = journal.body.data.map((r: { body?: string }) => r.body);
    expect(bodies.slice(0, 4)).toEqual([
      sent,
      '{"name":"Ann","emial":"x"}',
      undefined,
      '{"name":"Bo"}',
    ]);
    // 39 bytes before the first 'é' (two bytes each): the 16,384th byte is the first half of the
    // 8173rd, which is left out rather than written as U+FFFD.
    const cut = JSON.stringify(long);
    expect(cut.indexOf('é')).toBe(39);
    expect(bodies[4]).toBe(`${cut.slice(0, 39 + 8172)}...`);
    expect(h.mock.requests({ method: 'POST', status: 201 })[0]?.body).toBe(sent);
  });

  it('keeps the headers of each request as the client sent them, the same over every transport', async () => {
    // Each header Node's fetch adds over HTTP when none is given is given, so that the three
    // transports carry the same request.
    const headers = new Headers({
      Accept: 'application/json',
      'Accept-Encoding': 'identity',
      'Accept-Language': 'en',
      'Content-Type': 'application/json',
      'Idempotency-Key': 'idem-1',
      'Sec-Fetch-Mode': 'cors',
      'User-Agent': 'my-client/1.2',
      'X-Api-Key': h.key,
      'X-Correlation-Id': 'corr-42',
    });
    // Sent twice: joined as fetch joins them.
    headers.append('X-Trace', 'a');
    headers.append('X-Trace', 'b');
    const body = JSON.stringify({ name: 'Ann' });
    const url = `${h.connection.baseUrl}/v1/contacts`;
    expect((await h.connection.fetch(url, { method: 'POST', headers, body })).status).toBe(201);
    // host, connection and content-length (over HTTP only) describe the connection, not the request.
    const expected = {
      accept: 'application/json',
      'accept-encoding': 'identity',
      'accept-language': 'en',
      'content-type': 'application/json',
      'idempotency-key': 'idem-1',
      'sec-fetch-mode': 'cors',
      'user-agent': 'my-client/1.2',
      'x-api-key': '[redacted]',
      'x-correlation-id': 'corr-42',
      'x-trace': 'a, b',
    };
    const journal = await h.call('GET', '/__mock/requests');
    const [entry] = journal.body.data;
    expect(entry.headers).toEqual(expected);
    // In order of name, whatever order they came in.
    expect(Object.keys(entry.headers)).toEqual(Object.keys(expected));
    expect(h.mock.requests()[0]?.headers).toEqual(expected);
  });

  it("answers an injected fault all the same when its request's body is too large to keep", async () => {
    h.mock.faults.add({ path: '/v1/contacts', method: 'POST', status: 503 });
    const huge = { name: 'Di', custom_fields: { note: 'x'.repeat(1024 * 1024) } };
    const answer = await h.call('POST', '/v1/contacts', { body: huge, unchecked: true });
    expect(answer.status).toBe(503);
    const [entry] = h.mock.requests({ method: 'POST' });
    expect(entry).toMatchObject({ status: 503, error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(entry?.body).toBeUndefined();
  });

  it("keeps no body for an injected fault's request that sent none, as for any other", async () => {
    h.mock.faults.add({ path: '/v1/contacts/*', method: 'DELETE', status: 503 });
    const id = '7d0c6c9e-1f7a-4f5e-9a53-2f1f0c1b2a3d';
    expect((await h.call('DELETE', `/v1/contacts/${id}`)).status).toBe(503);
    const [entry] = h.mock.requests({ method: 'DELETE' });
    expect(entry).toMatchObject({ status: 503, error: { code: 'SERVICE_UNAVAILABLE' } });
    expect(entry).not.toHaveProperty('body');
  });

  it('forgets the requests a DELETE names (all, or by the filters GET takes), keeping the state', async () => {
    const other = h.mock.createApiKey({ scopes: 'all', workspace_id: h.workspaceId });
    const id = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    await h.call('GET', `/v1/agents/${id}`, { key: other.key });
    await h.call('GET', '/v1/agents');
    await h.call('GET', '/v1/nope');
    const seen = async () =>
      (await h.call('GET', '/__mock/requests')).body.data.map(
        (r: { method: string; path: string }) => `${r.method} ${r.path}`,
      );
    // A parallel file forgets its own key's requests, as WireMock's resetRequests does all of them.
    const byKey = await h.call('DELETE', `/__mock/requests?key_id=${other.id}`);
    expect(byKey.status).toBe(204);
    expect(await seen()).toEqual(['POST /v1/agents', 'GET /v1/agents', 'GET /v1/nope']);
    await h.call('DELETE', '/__mock/requests?operation_id=null');
    expect(await seen()).toEqual(['POST /v1/agents', 'GET /v1/agents']);
    // A filter is checked as GET checks it; `limit` is no filter of what to forget.
    const typo = await h.call('DELETE', '/__mock/requests?operation_id=agentList');
    expect(typo.status).toBe(400);
    const limit = await h.call('DELETE', '/__mock/requests?limit=1');
    expect(limit.body.error.details[0]).toMatchObject({ field: 'limit', rule: 'unknown' });
    // A key string for key_id is refused as GET refuses it, rather than forgetting nothing.
    const byString = await h.call('DELETE', `/__mock/requests?key_id=${h.key}`);
    expect(byString.status).toBe(400);
    expect(byString.body.error.details[0]).toMatchObject({ field: 'key_id', rule: 'exists' });
    expect(() => h.mock.clearRequests({ key_id: h.key })).toThrow('key_id: no API key has that id');
    // A key_id no key has (the key string, or a typo) would forget nothing, silently, as it would
    // count nothing: refused as GET refuses it.
    const unknown = await h.call(
      'DELETE',
      `/__mock/requests?key_id=00000000-0000-4000-8000-0000000000ff`,
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details[0]).toMatchObject({ field: 'key_id', rule: 'exists' });
    expect(await seen()).toEqual(['POST /v1/agents', 'GET /v1/agents']);
    expect((await h.call('DELETE', '/__mock/requests')).status).toBe(204);
    expect(await seen()).toEqual([]);
    // The state stays: the agent is there, and requests are recorded again.
    expect((await h.call('GET', `/v1/agents/${id}`)).status).toBe(200);
    h.mock.clearRequests({ method: 'GET' });
    expect(await seen()).toEqual([]);
  });

  it('resets to the demo workspace and key with {"seed": "demo"}, the same ids every time', async () => {
    await h.call('POST', '/__mock/reset', { body: { seed: 'demo' } });
    const demo = { key: DEMO_API_KEY };
    const agent = await h.call('GET', `/v1/agents/${DEMO_IDS.supportAgent}`, demo);
    expect(agent.status).toBe(200);
    expect((await h.call('DELETE', `/v1/agents/${DEMO_IDS.supportAgent}`, demo)).status).toBe(204);
    expect((await h.call('GET', `/v1/agents/${DEMO_IDS.supportAgent}`, demo)).status).toBe(404);
    await h.call('POST', '/v1/contacts', { ...demo, body: { name: 'Not demo data' } });
    h.mock.faults.add({ path: '/v1/contacts', status: 500 });
    expect((await h.call('POST', '/__mock/reset', { body: { seed: 'demo' } })).status).toBe(204);
    // Everything else is gone: the journal, the faults, what the suite made.
    expect((await h.call('GET', '/__mock/requests')).body.data).toEqual([]);
    expect(h.mock.faults.list()).toEqual([]);
    const contacts = await h.call('GET', '/v1/contacts', demo);
    expect(contacts.body.data.map((c: { name: string }) => c.name)).not.toContain('Not demo data');
    expect((await h.call('GET', `/v1/agents/${DEMO_IDS.supportAgent}`, demo)).body).toEqual(
      agent.body,
    );
    await h.call('POST', '/__mock/reset', { body: { seed: 'none' } });
    expect((await h.call('GET', '/v1/agents', demo)).status).toBe(401);
    const bad = await h.call('POST', '/__mock/reset', { body: { seed: 'full' } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ field: 'seed', rule: 'enum' });
  });

  it.each([
    ['/__mock/workspaces', { name: '   ' }, 'blank', 'name: must not be blank'],
    ['/__mock/workspaces', { name: '' }, 'minLength', 'name: must not be empty'],
    ['/__mock/api-keys', { scopes: 'all', name: '\t' }, 'blank', 'name: must not be blank'],
    [
      '/__mock/api-keys',
      { scopes: 'all', name: 'k'.repeat(201) },
      'maxLength',
      'name: must be at most 200 characters',
    ],
  ])(
    'POST %s refuses the name of %j as the API refuses its names',
    async (path, body, rule, message) => {
      const res = await h.call('POST', path, { body });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([{ field: 'name', rule, message }]);
    },
  );

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
    expect(bad.body.error.details).toEqual([
      {
        field: 'variant',
        rule: 'invalid',
        message: 'variant: must be "A", the variant this server runs',
      },
    ]);
    const orphan = { ...snapshot, api_keys: [{ ...snapshot.api_keys[0], workspace_id: 'nope' }] };
    const noWorkspace = await h.call('PUT', '/__mock/state', { body: orphan });
    expect(noWorkspace.body.error.details[0]).toMatchObject({ field: 'api_keys[0].workspace_id' });
    expect((await h.call('GET', '/__mock/state')).body).toEqual(snapshot);
  });

  it('ends a rotation grace period no later than the last date the clock can reach', async () => {
    const last = Date.UTC(9999, 11, 1);
    const ms = last - 86_400_000 - h.mock.clock.now();
    await h.call('POST', '/__mock/clock/advance', { body: { ms } });
    const body = { url: 'https://example.com/h', events: ['*'] };
    const hook = (await h.call('POST', '/v1/webhooks', { body })).body.data;
    const rotate = `/v1/webhooks/${hook.id}/rotate-secret`;
    await h.call('POST', rotate, { body: { grace_seconds: 604_800 } });
    const [row] = (await h.call('GET', '/__mock/state')).body.tables.webhooks;
    expect(row._previous_until).toBe(last);
  });

  it('refuses a snapshot whose webhook could not sign: a secret that is not a string', async () => {
    await h.call('POST', '/v1/webhooks', { body: { url: 'https://example.com/h', events: ['*'] } });
    const snapshot = (await h.call('GET', '/__mock/state')).body;
    const [hook] = snapshot.tables.webhooks;
    for (const [field, value] of [
      ['_secret', 42],
      ['_previous_secret', 42],
      ['_previous_until', 'soon'],
    ] as const) {
      const bad = {
        ...snapshot,
        tables: { ...snapshot.tables, webhooks: [{ ...hook, [field]: value }] },
      };
      const res = await h.call('PUT', '/__mock/state', { body: bad });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: `tables.webhooks[0].${field}` });
    }
    expect((await h.call('GET', '/__mock/state')).body).toEqual(snapshot);
  });

  it('answers unknown control routes with 404', async () => {
    expect((await h.call('GET', '/__mock/nothing')).status).toBe(404);
  });

  const id = '00000000-0000-4000-8000-0000000000ff';
  // Every control route that takes a body (or may be sent an empty one), with a typo in it.
  it.each([
    ['POST', '/__mock/workspaces', { nam: 'typo' }, 'nam'],
    ['POST', '/__mock/api-keys', { scopes: 'all', nmae: 'ro' }, 'nmae'],
    ['POST', '/__mock/clock/advance', { ms: 1000, x: 1 }, 'x'],
    ['PUT', '/__mock/health', { status: 'ok', reason: 'x' }, 'reason'],
    ['POST', '/__mock/faults', { path: '/v1/me', status: 503, time: 3 }, 'time'],
    ['POST', `/__mock/conversations/${id}/inbound`, { content: 'hi', kind: 'text' }, 'kind'],
    [
      'PUT',
      `/__mock/mcp-servers/${id}`,
      { tools: [{ name: 't', enabeld: true }] },
      'tools[0].enabeld',
    ],
    ['POST', '/__mock/events', { workspace_id: id, event: 'x', data: {}, extra: 1 }, 'extra'],
    ['PUT', '/__mock/state', { version: 1, extra: 1 }, 'extra'],
    ['POST', '/__mock/reset', { hard: true }, 'hard'],
    ['POST', `/__mock/channels/${id}/pair`, { force: true }, 'force'],
  ])(
    '%s %s refuses an unknown field, or a body not sent as JSON',
    async (method, path, body, field) => {
      const before = (await h.call('GET', '/__mock/state')).body;
      const typo = await h.call(method, path, { body });
      expect(typo.status).toBe(400);
      expect(typo.body.error.code).toBe('VALIDATION_ERROR');
      expect(typo.body.error.details).toContainEqual({
        field,
        rule: 'unknown',
        message: unknownField(field),
      });
      const text = await h.call(method, path, {
        raw: JSON.stringify(body),
        headers: { 'content-type': 'text/plain' },
      });
      expect(text.status).toBe(400);
      expect(text.body.error.details).toEqual([
        expect.objectContaining({ field: 'body', rule: 'contentType' }),
      ]);
      expect((await h.call('GET', '/__mock/state')).body).toEqual(before);
    },
  );

  it.each([
    ['POST', '/__mock/workspaces', { name: 5 }, 'name', 'type'],
    ['POST', '/__mock/workspaces', { name: 'x'.repeat(201) }, 'name', 'maxLength'],
    ['POST', '/__mock/api-keys', {}, 'scopes', 'required'],
    ['POST', '/__mock/api-keys', { scopes: 'all', name: 5 }, 'name', 'type'],
    ['POST', '/__mock/api-keys', { scopes: 'all', key: 'short' }, 'key', 'minLength'],
    ['POST', '/__mock/api-keys', { scopes: 'all', workspace_id: 5 }, 'workspace_id', 'type'],
    ['POST', '/__mock/clock/advance', {}, 'ms', 'required'],
    ['POST', '/__mock/clock/advance', { ms: '1000' }, 'ms', 'type'],
    ['POST', '/__mock/clock/advance', { ms: 1.5 }, 'ms', 'type'],
    ['POST', '/__mock/clock/advance', { ms: -1 }, 'ms', 'minimum'],
    ['POST', `/__mock/conversations/${id}/inbound`, { content: 5 }, 'content', 'type'],
    ['POST', `/__mock/conversations/${id}/inbound`, { content: '' }, 'content', 'minLength'],
    ['POST', `/__mock/conversations/${id}/inbound`, { content: 'a', type: 'x' }, 'type', 'enum'],
    ['PUT', `/__mock/mcp-servers/${id}`, { error: 'yes' }, 'error', 'type'],
    ['PUT', `/__mock/mcp-servers/${id}`, { tools: [{}] }, 'tools[0].name', 'required'],
    ['POST', '/__mock/events', { event: 'x', data: {} }, 'workspace_id', 'required'],
    ['POST', '/__mock/events', { workspace_id: id, event: 5, data: {} }, 'event', 'type'],
    ['PUT', '/__mock/state', [], 'body', 'type'],
  ])('%s %s refuses %j naming %s and rule %s', async (method, path, body, field, rule) => {
    const bad = await h.call(method, path, { body });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ field, rule });
    expect(bad.body.error.message.startsWith(`${field}: `)).toBe(true);
  });

  it('moves the clock by whole milliseconds only, checking the type before the range', async () => {
    const before = (await h.call('GET', '/__mock/clock')).body.data;
    const bad = await h.call('POST', '/__mock/clock/advance', { body: { ms: 1.5, x: 1 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      { field: 'ms', rule: 'type', message: 'ms: must be an integer' },
      { field: 'x', rule: 'unknown', message: 'x: is not a known field' },
    ]);
    const text = await h.call('POST', '/__mock/clock/advance', { body: { ms: '1000' } });
    expect(text.body.error.details).toEqual([
      { field: 'ms', rule: 'type', message: 'ms: must be an integer' },
    ]);
    expect((await h.call('GET', '/__mock/clock')).body.data).toEqual(before);
    expect(h.mock.clock.now()).toBe(before.now_ms);
    // In-process a fraction rounds up (an SDK's jittered backoff as the sleep): the clock stays whole.
    await expect(h.mock.clock.advance(1.5)).resolves.toBe(before.now_ms + 2);
    await expect(h.mock.clock.advance(Number.NaN)).rejects.toThrow('ms: must be a number');
  });

  it('returns the newest `limit` requests of the journal, oldest first', async () => {
    for (const path of ['/v1/agents', '/v1/contacts', '/v1/channels']) await h.call('GET', path);
    const paths = (res: { body: { data: { path: string }[] } }) => res.body.data.map((r) => r.path);
    expect(paths(await h.call('GET', '/__mock/requests?limit=2'))).toEqual([
      '/v1/contacts',
      '/v1/channels',
    ]);
    expect(paths(await h.call('GET', '/__mock/requests?limit=50'))).toHaveLength(3);
    expect(h.mock.requests({ limit: 1 }).map((r) => r.path)).toEqual(['/v1/channels']);
    for (const [query, field, rule] of [
      ['limit=0', 'limit', 'minimum'],
      ['limit=1.5', 'limit', 'type'],
      ['limit=two', 'limit', 'type'],
      ['limit=1&limit=2', 'limit', 'single'],
      ['limt=2', 'limt', 'unknown'],
    ]) {
      const bad = await h.call('GET', `/__mock/requests?${query}`);
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual([expect.objectContaining({ field, rule })]);
    }
    const other = await h.call('GET', '/__mock/faults?limit=1');
    expect(other.status).toBe(400);
    expect(other.body.error.details[0]).toMatchObject({ field: 'limit', rule: 'unknown' });
  });

  it('filters the journal by method, path, status, operation and key; the limit counts what matches', async () => {
    const other = h.mock.createApiKey({ scopes: 'all', workspace_id: h.workspaceId });
    const id = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    await h.call('GET', `/v1/agents/${id}`);
    await h.call('GET', `/v1/agents/${id.toUpperCase()}`, { key: other.key });
    await h.call('GET', '/v1/agents/00000000-0000-4000-8000-00000000dead');
    await h.call('GET', '/v1/agent');
    await h.call('DELETE', '/v1/agents');
    await h.call('GET', '/v1/contacts');
    type Entry = { method: string; path: string; status: number };
    const seen = async (query: string) => {
      const res = await h.call('GET', `/__mock/requests?${query}`);
      expect(res.status).toBe(200);
      return res.body.data.map((r: Entry) => `${r.method} ${r.path.toLowerCase()} ${r.status}`);
    };
    const one = `/v1/agents/${id}`;
    expect(await seen('operation_id=agentsRetrieve')).toEqual([
      `GET ${one} 200`,
      `GET ${one} 200`,
      'GET /v1/agents/00000000-0000-4000-8000-00000000dead 404',
    ]);
    // A 404 of a missing resource is its operation's; null is for no operation at all.
    expect(await seen('operation_id=null')).toEqual(['GET /v1/agent 404', 'DELETE /v1/agents 405']);
    expect(await seen('status=404')).toEqual([
      'GET /v1/agents/00000000-0000-4000-8000-00000000dead 404',
      'GET /v1/agent 404',
    ]);
    expect(await seen('method=post')).toEqual(['POST /v1/agents 201']);
    // A path as a fault's: exact (an id in any case), a spec template, or a prefix ending in *.
    expect(await seen(`path=${one.toUpperCase().replace('/V1/AGENTS', '/v1/agents')}`)).toEqual([
      `GET ${one} 200`,
      `GET ${one} 200`,
    ]);
    expect(await seen('path=/v1/agents/{id}&status=200')).toHaveLength(2);
    expect(await seen('path=/v1/agent*&method=GET')).toEqual([
      `GET ${one} 200`,
      `GET ${one} 200`,
      'GET /v1/agents/00000000-0000-4000-8000-00000000dead 404',
      'GET /v1/agent 404',
    ]);
    expect(await seen(`key_id=${other.id}`)).toEqual([`GET ${one} 200`]);
    expect(await seen(`key_id=${other.id.toUpperCase()}`)).toHaveLength(1);
    await h.call('GET', '/v1/contacts', { key: 'not-a-key-at-all' });
    expect(await seen('key_id=null')).toEqual(['GET /v1/contacts 401']);
    expect(await seen('operation_id=agentsRetrieve&limit=1')).toEqual([
      'GET /v1/agents/00000000-0000-4000-8000-00000000dead 404',
    ]);
    expect(await seen('operation_id=agentsDelete')).toEqual([]);
    // In-process, the same filters, and null as itself.
    expect(h.mock.requests({ operation_id: null, limit: 1 }).map((r) => r.path)).toEqual([
      '/v1/agents',
    ]);
    expect(h.mock.requests({ method: 'GET', path: '/v1/contacts', key_id: null })).toHaveLength(1);
  });

  it('refuses a journal filter that could only match nothing by mistake', async () => {
    for (const [query, field, rule, message] of [
      [
        'operation_id=agentList',
        'operation_id',
        'enum',
        'operation_id: "agentList" is not an operation of the API; did you mean "agentsList"?',
      ],
      ['path=v1/agents', 'path', 'pattern', 'path: must start with /'],
      [
        'path=/v1/*/agents',
        'path',
        'pattern',
        'path: * may only end a path (a prefix such as /v1/agents*)',
      ],
      ['method=GE%20T', 'method', 'pattern', 'method: must be an HTTP method such as GET or POST'],
      [
        'status=99',
        'status',
        'minimum',
        'status: must be at least 100, or 0 for the requests a drop "request" fault cut',
      ],
      ['status=abc', 'status', 'type', undefined],
      ['operation=agentsList', 'operation', 'unknown', undefined],
    ]) {
      const bad = await h.call('GET', `/__mock/requests?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.details, query).toEqual([
        expect.objectContaining({ field, rule, ...(message ? { message } : {}) }),
      ]);
    }
    // A typo does not compile either (OperationId); from plain JavaScript it throws.
    // @ts-expect-error 'agentList' is no operation of the spec
    expect(() => h.mock.requests({ operation_id: 'agentList' })).toThrow(
      'operation_id: "agentList" is not an operation of the API; did you mean "agentsList"?',
    );
    // A key's id is drawn at random: one no key has, the key string above all, is a mistake.
    const byString = await h.call('GET', `/__mock/requests?key_id=${h.key}`);
    expect(byString.body.error.details).toEqual([
      {
        field: 'key_id',
        rule: 'exists',
        message: "key_id: no API key has that id: it is a key string; key_id takes the key's id",
      },
    ]);
    expect(() => h.mock.requests({ key_id: '00000000-0000-4000-8000-00000000abcd' })).toThrow(
      'key_id: no API key has the id 00000000-0000-4000-8000-00000000abcd',
    );
  });

  it('filters by the id of a key the journal names, though a state import removed the key', async () => {
    const before = h.mock.exportState();
    const gone = h.mock.createApiKey({ scopes: 'all', workspace_id: h.workspaceId });
    await h.call('GET', '/v1/agents', { key: gone.key });
    h.mock.importState(before);
    expect(h.mock.requests({ key_id: gone.id }).map((r) => r.status)).toEqual([200]);
  });

  it('refuses a snapshot with fields or tables that GET /__mock/state does not write', async () => {
    await h.call('POST', '/v1/agents', { body: { name: 'Kept' } });
    const snapshot = (await h.call('GET', '/__mock/state')).body;
    for (const [body, field] of [
      [{ ...snapshot, comment: 'x' }, 'comment'],
      [{ ...snapshot, tables: { ...snapshot.tables, agent: [] } }, 'tables.agent'],
    ]) {
      const bad = await h.call('PUT', '/__mock/state', { body });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual([
        { field, rule: 'unknown', message: unknownField(field) },
      ]);
    }
    const wrong = await h.call('PUT', '/__mock/state', { body: { ...snapshot, seq: '3' } });
    expect(wrong.body.error.details).toEqual([
      expect.objectContaining({ field: 'seq', rule: 'type' }),
    ]);
    expect((await h.call('GET', '/__mock/state')).body).toEqual(snapshot);
    const { alerts: _alerts, ...older } = snapshot;
    expect((await h.call('PUT', '/__mock/state', { body: older })).status).toBe(204);
  });

  it('refuses the same typos in the methods of the server object', async () => {
    const snapshot = h.mock.exportState();
    const attempts: [() => unknown, string][] = [
      [() => h.mock.createWorkspace({ nam: 'typo' } as never), 'nam'],
      [() => h.mock.createApiKey({ scopes: 'all', nmae: 'ro' } as never), 'nmae'],
      [() => h.mock.faults.add({ path: '/v1/me', status: 503, time: 3 } as never), 'time'],
      [() => h.mock.requests({ limt: 2 } as never), 'limt'],
      [() => h.mock.setMcpServer(id, { tools: [], eror: true } as never), 'eror'],
      [() => h.mock.emitEvent({ workspace_id: id, event: 'x', data: {}, x: 1 } as never), 'x'],
      [() => h.mock.importState({ ...snapshot, comment: 'x' } as never), 'comment'],
    ];
    for (const [attempt, field] of attempts) {
      let thrown: unknown;
      try {
        attempt();
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toMatchObject({
        status: 400,
        details: [{ field, rule: 'unknown', message: unknownField(field) }],
      });
    }
    await expect(
      h.mock.receiveMessage(id, { content: 'hi', kind: 'x' } as never),
    ).rejects.toMatchObject({
      details: [{ field: 'kind', rule: 'unknown' }],
    });
    expect(h.mock.exportState()).toEqual(snapshot);
  });
});

describe.each(transports)('deeply nested control input over $name', (transport) => {
  const h = useMock(transport);
  /** An object nested `levels` deep: {"a":{"a":...{}}}. */
  const nested = (levels: number) =>
    JSON.parse(`${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`);

  it('refuses an input_schema nested 100 000 deep with a 400, and the mock stays usable', async () => {
    const created = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'Docs', url: 'https://mcp.test/sse' },
    });
    const id = created.body.data.id;
    const before = (await h.call('GET', '/__mock/state')).body;
    const deep = `{"tools":[{"name":"t","input_schema":${'{"a":'.repeat(100_000)}{}${'}'.repeat(100_000)}}]}`;
    const refused = await h.call('PUT', `/__mock/mcp-servers/${id}`, {
      raw: deep,
      headers: { 'content-type': 'application/json' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      {
        field: 'tools[0].input_schema',
        rule: 'depth',
        message:
          'tools[0].input_schema: must not nest objects and arrays deeper than 48 levels in all',
      },
    ]);
    expect((await h.call('GET', '/__mock/state')).body).toEqual(before);
    expect((await h.call('GET', `/v1/mcp-servers/${id}/tools`)).status).toBe(200);
    expect(() =>
      h.mock.setMcpServer(id, {
        tools: [{ name: 't', description: '', enabled: true, input_schema: nested(100_000) }],
      }),
    ).toThrow(expect.objectContaining({ status: 400 }));
  });

  it('takes the deepest input it allows, and exports and imports the state that holds it', async () => {
    const created = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'Docs', url: 'https://mcp.test/sse' },
    });
    const id = created.body.data.id;
    // 48 levels in all: the body, tools, the tool, and the schema's 45.
    const ok = await h.call('PUT', `/__mock/mcp-servers/${id}`, {
      body: { tools: [{ name: 't', input_schema: nested(45) }] },
    });
    expect(ok.status).toBe(200);
    const over = await h.call('PUT', `/__mock/mcp-servers/${id}`, {
      body: { tools: [{ name: 't', input_schema: nested(46) }] },
    });
    expect(over.status).toBe(400);
    const state = (await h.call('GET', '/__mock/state')).body;
    expect((await h.call('PUT', '/__mock/state', { body: state })).status).toBe(204);
    const tools = await h.call('GET', `/v1/mcp-servers/${id}/tools`);
    expect(tools.body.data[0].input_schema).toEqual(nested(45));
    // A snapshot nested deeper than any state can be is refused, not stored.
    const refused = await h.call('PUT', '/__mock/state', {
      body: { ...state, alerts: [nested(70)] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details[0]).toMatchObject({ field: 'alerts[0].a', rule: 'depth' });
    // A key a dot would misread is one level, in brackets, not cut at its dot.
    const dotted = await h.call('PUT', '/__mock/state', {
      body: { ...state, alerts: [{ 'x.y': nested(70) }] },
    });
    expect(dotted.body.error.details[0]).toMatchObject({
      field: 'alerts[0]["x.y"]',
      rule: 'depth',
    });
  });
});

describe.each(transports)('control API guarded by a token over $name', (transport) => {
  const h = useMock(transport, { adminToken: 's3cret' });

  it('needs x-mock-admin-token', async () => {
    expect((await h.call('POST', '/__mock/reset')).status).toBe(401);
    // A token of the same length that differs is refused like any other.
    for (const token of ['s3creT', 's3cre', 's3crets']) {
      const res = await h.call('POST', '/__mock/reset', {
        headers: { 'x-mock-admin-token': token },
      });
      expect(res.status).toBe(401);
    }
    expect(
      (await h.call('POST', '/__mock/reset', { headers: { 'x-mock-admin-token': 's3cret' } }))
        .status,
    ).toBe(204);
  });

  it('says so when x-mock-admin-token is sent twice, even with the right token', async () => {
    const headers = new Headers();
    headers.append('x-mock-admin-token', 's3cret');
    headers.append('x-mock-admin-token', 's3cret');
    const res = await h.connection.fetch(`${h.connection.baseUrl}/__mock/clock`, { headers });
    expect(res.status).toBe(401);
    expect((await res.json()).error.message).toBe(
      'x-mock-admin-token: appears more than once (2 values, joined with commas); send it once',
    );
    // A wrong token sent once is wrong, commas or not.
    const wrong = await h.connection.fetch(`${h.connection.baseUrl}/__mock/clock`, {
      headers: { 'x-mock-admin-token': 's3,cret' },
    });
    expect((await wrong.json()).error.message).toBe(
      'x-mock-admin-token: missing or wrong control API token',
    );
  });

  it('lets a page on any origin use it with the token (a Codespaces URL, a LAN address)', async () => {
    const origin = 'https://abc-5173.app.github.dev';
    const url = `${h.connection.baseUrl}/__mock/clock`;
    const res = await h.connection.fetch(url, {
      headers: { origin, 'x-mock-admin-token': 's3cret' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(origin);
    const preflight = await h.connection.fetch(url, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'GET',
        'access-control-request-headers': 'x-mock-admin-token',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toBe('x-mock-admin-token');
  });
});

describe.each(transports)('CORS of the control API over $name', (transport) => {
  const h = useMock(transport);
  const send = (path: string, init: RequestInit) =>
    h.connection.fetch(`${h.connection.baseUrl}${path}`, init);

  it('lets a page served from this machine read it, not a page on the web', async () => {
    const local = await send('/__mock/state', { headers: { origin: 'http://localhost:5173' } });
    expect(local.status).toBe(200);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect(local.headers.get('vary')).toBe('Origin');
    for (const origin of ['https://evil.example', 'http://localhost.evil.example', 'null']) {
      const web = await send('/__mock/state', { headers: { origin } });
      // Answered (a test runner in Node sends no Origin check), but a browser keeps it from the page.
      expect(web.status).toBe(200);
      expect(web.headers.get('access-control-allow-origin')).toBeNull();
    }
    // The API itself stays open to every origin, as a browser app needs.
    const api = await send('/v1/health', { headers: { origin: 'https://evil.example' } });
    expect(api.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('answers a preflight for the control API only from this machine', async () => {
    const preflight = (origin: string) =>
      send('/__mock/api-keys', {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    const web = await preflight('https://evil.example');
    expect(web.status).toBe(204);
    expect(web.headers.get('access-control-allow-origin')).toBeNull();
    expect(web.headers.get('access-control-allow-methods')).toBeNull();
    const local = await preflight('http://127.0.0.1:3000');
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:3000');
    expect(local.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });
});
