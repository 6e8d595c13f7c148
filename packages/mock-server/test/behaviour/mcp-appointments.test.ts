import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('MCP servers over $name', (transport) => {
  const h = useMock(transport);

  it('registers a server (headers never returned), lists its simulated tools, toggles one', async () => {
    const created = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'Docs', url: 'https://mcp.test/sse', headers: { Authorization: 'Bearer x' } },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Docs',
      status: 'disconnected',
      tools_count: 2,
    });
    expect(JSON.stringify(created.body)).not.toContain('Bearer');
    const id = created.body.data.id;
    const tools = await h.call('GET', `/v1/mcp-servers/${id}/tools?order=asc`);
    expect(tools.body.data.map((t: { name: string }) => t.name)).toEqual(['search', 'fetch']);
    // As the spec says for this list: asc is the server's order, the default desc reverses it.
    const byDefault = await h.call('GET', `/v1/mcp-servers/${id}/tools`);
    expect(byDefault.body.data.map((t: { name: string }) => t.name)).toEqual(['fetch', 'search']);
    const off = await h.call('PUT', `/v1/mcp-servers/${id}/tools/search`, {
      body: { enabled: false },
    });
    expect(off.body.data).toMatchObject({ name: 'search', enabled: false });
    expect(
      (await h.call('PUT', `/v1/mcp-servers/${id}/tools/nope`, { body: { enabled: true } })).status,
    ).toBe(404);
    expect((await h.call('PUT', `/v1/mcp-servers/${id}/tools/search`, { body: {} })).status).toBe(
      400,
    );
  });

  it('takes only an http or https url, on create and update', async () => {
    const refused = [
      { field: 'url', rule: 'pattern', message: 'url: must be an http or https URL' },
    ];
    const ftp = await h.call('POST', '/v1/mcp-servers', { body: { name: 'x', url: 'ftp://x.y' } });
    expect(ftp.status).toBe(400);
    expect(ftp.body.error.details).toEqual(refused);
    const made = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'x', url: 'http://mcp.test/sse' },
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const moved = await h.call('PUT', `/v1/mcp-servers/${id}`, { body: { url: 'ws://mcp.test' } });
    expect(moved.body.error.details).toEqual(refused);
    expect((await h.call('GET', `/v1/mcp-servers/${id}`)).body.data.url).toBe(
      'http://mcp.test/sse',
    );
  });

  it('refuses a url with credentials, on create and update: they belong in headers, never returned', async () => {
    const refused = [
      {
        field: 'url',
        rule: 'credentials',
        message:
          'url: must not contain credentials (user:password@host): send them in `headers`, which are never returned',
      },
    ];
    for (const url of [
      'https://user:pw@mcp.test/sse',
      'http://token@mcp.test',
      'HTTPS://:pw@mcp.test',
    ]) {
      const res = await h.call('POST', '/v1/mcp-servers', { body: { name: 'x', url } });
      expect(res.status, url).toBe(400);
      expect(res.body.error.details).toEqual(refused);
    }
    // An @ past the host is no credential.
    const made = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'x', url: 'https://mcp.test/u/@team?by=a@b.test#@x' },
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const moved = await h.call('PUT', `/v1/mcp-servers/${id}`, {
      body: { url: 'https://user:pw@mcp.test/sse' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.details).toEqual(refused);
    // 400 before 404: refused before the server is looked up.
    const unknown = await h.call('PUT', `/v1/mcp-servers/${crypto.randomUUID()}`, {
      body: { url: 'https://user:pw@mcp.test/sse' },
    });
    expect(unknown.status).toBe(400);
    expect((await h.call('GET', `/v1/mcp-servers/${id}`)).body.data.url).toBe(
      'https://mcp.test/u/@team?by=a@b.test#@x',
    );
  });

  const nameRule =
    "key must be an HTTP header name: letters, digits and !#$%&'*+-.^_`|~ (an RFC 9110 token)";
  const valueRule =
    'must be a valid HTTP header value: printable ASCII, Latin-1 bytes, spaces and tabs; no CR, LF, NUL or other ASCII control characters';
  it.each([
    [{ 'bad header': 'x' }, 'headers.bad header', 'propertyNames', nameRule],
    [{ 'X-Token:': 'x' }, 'headers.X-Token:', 'propertyNames', nameRule],
    [{ '': 'x' }, 'headers[""]', 'propertyNames', nameRule],
    [{ 'X-Token': 'a\r\nX-Injected: 1' }, 'headers.X-Token', 'pattern', valueRule],
    [{ 'X-Token': 'a\u0000b' }, 'headers.X-Token', 'pattern', valueRule],
    [{ 'X-Token': 'a\u007fb' }, 'headers.X-Token', 'pattern', valueRule],
    [{ 'X-Token': '\u20ac' }, 'headers.X-Token', 'pattern', valueRule],
  ])('refuses headers HTTP cannot carry (%j)', async (headers, field, rule, text) => {
    const details = [{ field, rule, message: `${field}: ${text}` }];
    const created = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'x', url: 'https://mcp.test', headers },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.details).toEqual(details);
    const id = (
      await h.call('POST', '/v1/mcp-servers', { body: { name: 'x', url: 'https://mcp.test' } })
    ).body.data.id;
    const updated = await h.call('PUT', `/v1/mcp-servers/${id}`, { body: { headers } });
    expect(updated.body.error.details).toEqual(details);
  });

  it('takes header names that are tokens and values with spaces, tabs and Latin-1', async () => {
    const headers = {
      Authorization: 'Bearer abc.def',
      "x-weird_!#$%&'*+-.^`|~": 'a\tb c',
      'X-Name': 'Zoë',
      'X-Empty': '',
    };
    const res = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'x', url: 'https://mcp.test', headers },
    });
    expect(res.status).toBe(201);
  });

  it('takes a URL scheme in any case, and refuses a header named twice in different cases', async () => {
    const upper = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'x', url: 'HTTPS://mcp.test/sse' },
    });
    expect(upper.status).toBe(201);
    const twice = { 'X-Token': 'a', 'x-token': 'b' };
    const details = [
      {
        field: 'headers.x-token',
        rule: 'unique',
        message: 'headers.x-token: repeats header X-Token: header names are case-insensitive',
      },
    ];
    const created = await h.call('POST', '/v1/mcp-servers', {
      body: { name: 'x', url: 'https://mcp.test', headers: twice },
    });
    expect(created.body.error.details).toEqual(details);
    // Refused before the server is looked up (400 before 404), and nothing changes.
    const updated = await h.call('PUT', `/v1/mcp-servers/${crypto.randomUUID()}`, {
      body: { headers: twice },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.details).toEqual(details);
  });

  it('connects idempotently on the singular /v1/agent path and disconnects', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    const id = (
      await h.call('POST', '/v1/mcp-servers', { body: { name: 'Docs', url: 'https://mcp.test' } })
    ).body.data.id;
    const first = await h.call('POST', `/v1/agent/${agent}/mcp/connect`, { body: { mcp_id: id } });
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('connected');
    expect(
      (await h.call('POST', `/v1/agent/${agent}/mcp/connect`, { body: { mcp_id: id } })).body.data,
    ).toEqual(first.body.data);
    expect((await h.call('GET', `/v1/agent/${agent}/mcp`)).body.pagination.total).toBe(1);
    expect(
      (await h.call('POST', `/v1/agent/${agent}/mcp/disconnect`, { body: { mcp_id: id } })).body
        .data.status,
    ).toBe('disconnected');
    expect((await h.call('GET', `/v1/agent/${agent}/mcp`)).body.data).toEqual([]);
  });

  it('answers 400, 401 and 404 on connect as the seed documents', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    expect(
      (await h.call('POST', `/v1/agent/${agent}/mcp/connect`, { body: { mcp_id: 'x' } })).status,
    ).toBe(400);
    expect((await h.call('POST', `/v1/agent/${agent}/mcp/connect`, { body: {} })).status).toBe(400);
    expect(
      (
        await h.call('POST', `/v1/agent/${agent}/mcp/connect`, {
          key: null,
          body: { mcp_id: crypto.randomUUID() },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await h.call('POST', `/v1/agent/${agent}/mcp/connect`, {
          body: { mcp_id: crypto.randomUUID() },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', `/v1/agent/${crypto.randomUUID()}/mcp/connect`, {
          body: { mcp_id: crypto.randomUUID() },
        })
      ).status,
    ).toBe(404);
  });

  it('sets tools and the error status through the control API; deleting disconnects everywhere', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    const id = (
      await h.call('POST', '/v1/mcp-servers', {
        body: { name: 'CRM', url: 'https://crm.test/mcp' },
      })
    ).body.data.id;
    await h.call('POST', `/v1/agent/${agent}/mcp/connect`, { body: { mcp_id: id } });
    const set = await h.call('PUT', `/__mock/mcp-servers/${id}`, {
      body: { tools: [{ name: 'lookup_customer', description: 'Finds a customer' }], error: true },
    });
    expect(set.status).toBe(200);
    const read = (await h.call('GET', `/v1/mcp-servers/${id}`)).body.data;
    expect(read).toMatchObject({ status: 'error', tools_count: 1 });
    for (const [body, field] of [
      [{ tools: [{ name: 'a' }, { name: 'b' }], error: 'yes' }, 'error'],
      [{ tools: [{ name: 'a' }, { name: 'a' }] }, 'tools[1].name'],
      [{ tools: [{ name: 'a', enabled: 'no' }] }, 'tools[0].enabled'],
      [{ tools: [{ name: 'a', input_schema: [] }] }, 'tools[0].input_schema'],
      [{ tools: [{ name: 'a', description: 5 }] }, 'tools[0].description'],
      [{ tools: [null] }, 'tools[0]'],
    ] as const) {
      const refused = await h.call('PUT', `/__mock/mcp-servers/${id}`, { body });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details[0].field).toBe(field);
    }
    // The refused requests changed nothing.
    expect((await h.call('GET', `/v1/mcp-servers/${id}`)).body.data).toMatchObject(read);
    expect((await h.call('DELETE', `/v1/mcp-servers/${id}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/agent/${agent}/mcp`)).body.data).toEqual([]);
  });
});

describe.each(transports)('appointments over $name', (transport) => {
  const h = useMock(transport);

  async function contact(): Promise<string> {
    return (await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } })).body.data.id;
  }

  it('creates, reschedules, completes; cancels only scheduled ones (409)', async () => {
    const body = {
      contact_id: await contact(),
      title: 'Demo call',
      starts_at: '2026-12-01T10:00:00Z',
      ends_at: '2026-12-01T10:30:00Z',
    };
    const created = await h.call('POST', '/v1/appointments', { body });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      status: 'scheduled',
      starts_at: '2026-12-01T10:00:00.000Z',
      agent_id: null,
    });
    const id = created.body.data.id;
    const moved = await h.call('PUT', `/v1/appointments/${id}`, {
      body: { starts_at: '2026-12-02T10:00:00Z', ends_at: '2026-12-02T11:00:00Z' },
    });
    expect(moved.body.data.starts_at).toBe('2026-12-02T10:00:00.000Z');
    expect((await h.call('POST', `/v1/appointments/${id}/complete`)).body.data.status).toBe(
      'completed',
    );
    const again = await h.call('POST', `/v1/appointments/${id}/cancel`);
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(`appointment ${id} is completed; cancel needs scheduled`);
    expect((await h.call('PUT', `/v1/appointments/${id}`, { body: { title: 'x' } })).status).toBe(
      409,
    );
  });

  it('checks ends_at after starts_at and the contact and agent exist', async () => {
    const contactId = await contact();
    const bad = await h.call('POST', '/v1/appointments', {
      body: {
        contact_id: contactId,
        title: 'x',
        starts_at: '2026-12-01T10:00:00Z',
        ends_at: '2026-12-01T09:00:00Z',
      },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ field: 'ends_at', rule: 'after' });
    expect(
      (
        await h.call('POST', '/v1/appointments', {
          body: { contact_id: crypto.randomUUID(), title: 'x', starts_at: '2026-12-01T10:00:00Z' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call('POST', '/v1/appointments', {
          body: { contact_id: contactId, title: 'x', starts_at: 'tomorrow' },
        })
      ).body.error.details[0],
    ).toMatchObject({
      field: 'starts_at',
      rule: 'format',
    });
    // A day that does not exist is refused, not rolled over into March.
    const rolled = await h.call('POST', '/v1/appointments', {
      body: { contact_id: contactId, title: 'x', starts_at: '2026-02-31T10:00:00Z' },
    });
    expect(rolled.status).toBe(400);
    expect(rolled.body.error.details[0]).toMatchObject({ field: 'starts_at', rule: 'format' });
  });

  it.each([
    ['2023-02-29T10:00:00Z', 'must be a day that exists: 2023-02-29 is not'],
    ['2026-04-31T10:00:00+02:00', 'must be a day that exists: 2026-04-31 is not'],
    [
      '2016-12-31T18:59:60-05:00',
      'must not be a leap second (second 60): the API counts time without them; write :59.999',
    ],
  ])('names why a well-formed starts_at of %s is refused', async (startsAt, message) => {
    const res = await h.call('POST', '/v1/appointments', {
      body: { contact_id: await contact(), title: 'x', starts_at: startsAt },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toEqual({
      field: 'starts_at',
      rule: 'format',
      message: `starts_at: ${message}`,
    });
  });

  it.each([
    ['0000-01-01T00:30:00+01:00', 'before year 0000 in UTC'],
    ['9999-12-31T23:59:59-01:00', 'after year 9999 in UTC'],
  ])('refuses a starts_at of %s (%s): it has no four-digit UTC form', async (startsAt) => {
    const contactId = await contact();
    const res = await h.call('POST', '/v1/appointments', {
      body: { contact_id: contactId, title: 'x', starts_at: startsAt },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'starts_at', rule: 'format' });
    // The bounds themselves are fine, and what is stored is exported and imported again.
    for (const edge of ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59.999Z']) {
      const ok = await h.call('POST', '/v1/appointments', {
        body: { contact_id: contactId, title: 'x', starts_at: edge },
      });
      expect(ok.status).toBe(201);
    }
    const snapshot = (await h.call('GET', '/__mock/state')).body;
    expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
  });

  it('takes back the agent_id of an agent since deleted, as read: only a new agent must exist', async () => {
    const agentId = (await h.call('POST', '/v1/agents', { body: { name: 'Bo' } })).body.data.id;
    const created = await h.call('POST', '/v1/appointments', {
      body: {
        contact_id: await contact(),
        title: 'x',
        starts_at: '2026-12-01T10:00:00Z',
        agent_id: agentId,
      },
    });
    const id = created.body.data.id;
    expect((await h.call('DELETE', `/v1/agents/${agentId}`)).status).toBe(204);
    const { title, starts_at, ends_at, notes, agent_id } = (
      await h.call('GET', `/v1/appointments/${id}`)
    ).body.data;
    expect(agent_id).toBe(agentId);
    const written = await h.call('PUT', `/v1/appointments/${id}`, {
      body: { title: `${title} (moved)`, starts_at, ends_at, notes, agent_id },
    });
    expect(written.status).toBe(200);
    expect(written.body.data).toMatchObject({ title: 'x (moved)', agent_id: agentId });
    // Another agent that does not exist is still 404.
    const other = await h.call('PUT', `/v1/appointments/${id}`, {
      body: { agent_id: crypto.randomUUID() },
    });
    expect(other.status).toBe(404);
  });

  it('filters by contact and status', async () => {
    const a = await contact();
    const b = await contact();
    const first = (
      await h.call('POST', '/v1/appointments', {
        body: { contact_id: a, title: 'x', starts_at: '2026-12-01T10:00:00Z' },
      })
    ).body.data.id;
    await h.call('POST', '/v1/appointments', {
      body: { contact_id: b, title: 'y', starts_at: '2026-12-01T10:00:00Z' },
    });
    await h.call('POST', `/v1/appointments/${first}/cancel`);
    expect(
      (await h.call('GET', `/v1/appointments?contact_id=${a}`)).body.data.map(
        (x: { id: string }) => x.id,
      ),
    ).toEqual([first]);
    expect((await h.call('GET', '/v1/appointments?status=cancelled')).body.pagination.total).toBe(
      1,
    );
    expect((await h.call('GET', '/v1/appointments?status=scheduled')).body.pagination.total).toBe(
      1,
    );
  });
});
