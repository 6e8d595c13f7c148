// A state snapshot may be written by hand (`--seed FILE`, the `seed` option) or edited: the import
// refuses, before anything changes, every record the mock could not have made, naming its path and
// the rule, instead of storing it and failing (500) or breaking the spec on a later request.
import { describe, expect, it } from 'vitest';
import {
  createMockServer,
  type ErrorDetail,
  isMockApiError,
  type StateSnapshot,
} from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import {
  alertFor,
  deliveryFetch,
  type Edit,
  fillState,
  refusedImport,
} from '../support/state-fixtures.js';
import { inProcess, type Transport, transports } from '../support/transports.js';

const fetchHandler = transports[0] as Transport;

describe('importing a state', () => {
  const h = useMock(fetchHandler);

  /** The snapshot as it is now, changed by `edit`. */
  function edited(edit: Edit): StateSnapshot {
    const snapshot = structuredClone(h.mock.exportState());
    edit(snapshot);
    return snapshot;
  }

  /** PUT /__mock/state of the edited snapshot: refused (400), the state as it was; the details. */
  async function refused(edit: Edit): Promise<ErrorDetail[]> {
    const before = h.mock.exportState();
    const res = await h.call('PUT', '/__mock/state', { body: edited(edit) });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(h.mock.exportState()).toEqual(before);
    return res.body.error.details;
  }

  describe('API keys', () => {
    it('refuses a key without scopes (every request with it failed with 500)', async () => {
      expect(await refused((s) => delete s.api_keys[0].scopes)).toEqual([
        {
          field: 'api_keys[0].scopes',
          rule: 'required',
          message: 'api_keys[0].scopes: is required',
        },
      ]);
      // The key in use is still the one exported, and works.
      expect((await h.call('GET', '/v1/me')).status).toBe(200);
    });

    it("refuses scopes that are not a list of the variant's scopes, as createApiKey does", async () => {
      expect(await refused((s) => (s.api_keys[0].scopes = 'all'))).toEqual([
        {
          field: 'api_keys[0].scopes',
          rule: 'type',
          message: 'api_keys[0].scopes: must be an array',
        },
      ]);
      expect(await refused((s) => (s.api_keys[0].scopes = ['agents:read', 'agents:fly']))).toEqual([
        {
          field: 'api_keys[0].scopes[1]',
          rule: 'enum',
          message: expect.stringMatching(
            /^api_keys\[0\]\.scopes\[1\]: "agents:fly" is not a scope of Variant A, whose scopes are "agents:read", /,
          ),
        },
      ]);
      // A scope of Variant B only.
      const [other] = await refused((s) => (s.api_keys[0].scopes = ['chats:manage']));
      expect(other).toMatchObject({ field: 'api_keys[0].scopes[0]', rule: 'enum' });
      const [twice] = await refused((s) => (s.api_keys[0].scopes = ['agents:read', 'agents:read']));
      expect(twice).toMatchObject({ field: 'api_keys[0].scopes', rule: 'uniqueItems' });
      const [number] = await refused((s) => (s.api_keys[0].scopes = [1]));
      expect(number).toMatchObject({ field: 'api_keys[0].scopes[0]', rule: 'type' });
    });

    it('refuses a key string createApiKey would refuse, and a wrong revoked_at or created_at', async () => {
      const cases: [Edit, string, string][] = [
        [(s) => (s.api_keys[0].key = 'short'), 'api_keys[0].key', 'minLength'],
        [(s) => (s.api_keys[0].key = 12345678), 'api_keys[0].key', 'type'],
        [(s) => (s.api_keys[0].revoked_at = 'yesterday'), 'api_keys[0].revoked_at', 'format'],
        [(s) => delete s.api_keys[0].revoked_at, 'api_keys[0].revoked_at', 'required'],
        [(s) => (s.api_keys[0].created_at = null), 'api_keys[0].created_at', 'type'],
        [(s) => (s.api_keys[0].name = '  '), 'api_keys[0].name', 'blank'],
        [(s) => (s.api_keys[0].company_id = 'acme'), 'api_keys[0].company_id', 'format'],
        [(s) => (s.api_keys[0].id = ''), 'api_keys[0].id', 'minLength'],
        [(s) => (s.api_keys[0].role = 'admin'), 'api_keys[0].role', 'unknown'],
      ];
      for (const [edit, field, rule] of cases) {
        expect(await refused(edit)).toEqual([expect.objectContaining({ field, rule })]);
      }
    });

    it('refuses two keys with one id or one key string, naming both', async () => {
      const copy =
        (change: object): Edit =>
        (s) =>
          s.api_keys.push({ ...s.api_keys[0], ...change });
      expect(await refused(copy({ key: 'another-key-string' }))).toEqual([
        {
          field: 'api_keys[1].id',
          rule: 'unique',
          message: 'api_keys[1].id: is also the id of api_keys[0]',
        },
      ]);
      expect(await refused(copy({ id: crypto.randomUUID() }))).toEqual([
        {
          field: 'api_keys[1].key',
          rule: 'unique',
          message: 'api_keys[1].key: is also the key of api_keys[0]',
        },
      ]);
      // Ids are compared as the API reads them, in lower case.
      const upper: Edit = (s) =>
        s.api_keys.push({ ...s.api_keys[0], id: s.api_keys[0].id.toUpperCase(), key: 'k2-string' });
      expect(await refused(upper)).toEqual([expect.objectContaining({ field: 'api_keys[1].id' })]);
    });

    it('refuses a key of an unknown workspace', async () => {
      const [issue] = await refused((s) => (s.api_keys[0].workspace_id = crypto.randomUUID()));
      expect(issue).toMatchObject({ field: 'api_keys[0].workspace_id', rule: 'exists' });
    });
  });

  describe('workspaces', () => {
    it('refuses a workspace without a valid id, company or name, or with unknown fields', async () => {
      const cases: [Edit, string, string][] = [
        [(s) => delete s.workspaces[0].name, 'workspaces[0].name', 'required'],
        [(s) => (s.workspaces[0].name = ''), 'workspaces[0].name', 'minLength'],
        [(s) => (s.workspaces[0].company_id = 7), 'workspaces[0].company_id', 'type'],
        [(s) => (s.workspaces[0].owner = 'me'), 'workspaces[0].owner', 'unknown'],
      ];
      for (const [edit, field, rule] of cases) {
        expect(await refused(edit)).toEqual([expect.objectContaining({ field, rule })]);
      }
      // A workspace id that is no UUID: the workspace is refused, and so its key's reference.
      const details = await refused((s) => {
        s.workspaces[0].workspace_id = 'ws-1';
        s.api_keys[0].workspace_id = 'ws-1';
      });
      expect(details).toEqual([
        expect.objectContaining({ field: 'workspaces[0].workspace_id', rule: 'format' }),
      ]);
    });

    it('refuses the same workspace twice, naming both', async () => {
      expect(
        await refused((s) => s.workspaces.push({ ...s.workspaces[0], name: 'Other' })),
      ).toEqual([
        {
          field: 'workspaces[1].workspace_id',
          rule: 'unique',
          message: 'workspaces[1].workspace_id: is also the workspace_id of workspaces[0]',
        },
      ]);
    });
  });

  it('lists every problem, and throws them in-process as a MockApiError', async () => {
    const bad = edited((s) => {
      delete s.api_keys[0].scopes;
      s.api_keys[0].revoked_at = 'never';
      s.workspaces[0].name = '';
    });
    let thrown: unknown;
    try {
      h.mock.importState(bad);
    } catch (error) {
      thrown = error;
    }
    expect(isMockApiError(thrown)).toBe(true);
    expect(thrown).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: 'workspaces[0].name: must not be empty (and 2 more)',
      details: [
        { field: 'workspaces[0].name', rule: 'minLength' },
        { field: 'api_keys[0].scopes', rule: 'required' },
        { field: 'api_keys[0].revoked_at', rule: 'format' },
      ],
    });
    expect((await h.call('GET', '/v1/me')).status).toBe(200);
  });

  // Past 2^53 adding 1 no longer counts: rows made after such an import all had one creation
  // number, and the oldest finished deliveries were no longer the ones the history let go.
  it('refuses a seq or a _seq the sequence could not count on from', async () => {
    const most = Number.MAX_SAFE_INTEGER;
    await h.call('POST', '/v1/agents', { body: { name: 'Zero' } });
    expect(await refused((s) => (s.seq = 2 ** 53))).toEqual([
      { field: 'seq', rule: 'maximum', message: `seq: must be at most ${most}` },
    ]);
    const [detail] = await refused((s) => (s.tables.agents[0]._seq = 1e300));
    expect(detail).toMatchObject({ field: 'tables.agents[0]._seq', rule: 'maximum' });
  });

  it('imports again what it exported near the most, and numbers no row past it', async () => {
    const most = Number.MAX_SAFE_INTEGER;
    const errors: unknown[] = [];
    const mock = createMockServer({ clock: 'manual', onError: (error) => errors.push(error) });
    const { key } = mock.createApiKey({ scopes: 'all' });
    const call = apiClient(inProcess(mock), key);
    const near = { ...mock.exportState(), seq: most - 2 };
    expect((await call('PUT', '/__mock/state', { body: near })).status).toBe(204);
    for (const name of ['One', 'Two']) await call('POST', '/v1/agents', { body: { name } });
    const exported = mock.exportState();
    expect(exported.tables.agents.slice(-2).map((a) => a._seq)).toEqual([most - 1, most]);
    // What GET /__mock/state wrote, PUT takes (a seq of 2^52 once counted past the import's most).
    expect((await call('PUT', '/__mock/state', { body: exported })).status).toBe(204);
    const full = await call('POST', '/v1/agents', { body: { name: 'Three' } });
    expect(full.status).toBe(500);
    expect(errors.map((e) => (e as Error).message)).toEqual([
      `creation numbers are used up: seq is ${most}, the largest safe integer; import a state with a smaller seq`,
    ]);
    expect(mock.exportState()).toEqual(exported);
    mock.dispose();
  });
});

describe('importing alerts into a Variant B server', () => {
  const h = useMock(fetchHandler, { variant: 'B' });

  /** The current state changed by `edit`. */
  function edited(edit: Edit): StateSnapshot {
    const snapshot = structuredClone(h.mock.exportState());
    edit(snapshot);
    return snapshot;
  }

  const refused = (edit: Edit) => refusedImport(h, edit);

  it('refuses an alert that is not one the mock records', async () => {
    const alert = alertFor(h.workspaceId, crypto.randomUUID());
    const res = await h.call('PUT', '/__mock/state', { body: edited((s) => (s.alerts = [alert])) });
    expect(res.status).toBe(204);
    const [issue] = await refused((s) => (s.alerts = [{ ...alert, sent_at: undefined }]));
    expect(issue).toMatchObject({ field: 'alerts[0].sent_at', rule: 'required' });
  });
});

describe.each(['A', 'B'] as const)('a state exported by the mock in Variant %s', (variant) => {
  const h = useMock(fetchHandler, { variant, deliveryFetch });

  it('imports into a new server and exports again identical, every response still in the spec', async () => {
    await fillState(h, variant);
    const snapshot = h.mock.exportState();
    const { tables } = snapshot;
    for (const name of Object.keys(tables) as (keyof typeof tables)[]) {
      expect(tables[name].length, name).toBeGreaterThan(0);
    }
    const [, failing] = tables.webhooks;
    expect(failing).toMatchObject({ _previous_secret: expect.any(String) });
    expect(tables.deliveries.map((d) => d.status)).toEqual(
      expect.arrayContaining(['pending', 'succeeded', 'failed']),
    );
    expect(tables.deliveries.some((d) => d._test)).toBe(true);
    expect(tables.conversations.map((c) => c._chat_status).sort()).toEqual(['closed', 'human']);
    expect(snapshot.api_keys.some((k) => k.revoked_at !== null)).toBe(true);

    const fresh = createMockServer({
      variant,
      clock: 'manual',
      startTime: h.mock.clock.now(),
      deliveryFetch,
    });
    try {
      fresh.importState(snapshot);
      expect(fresh.exportState()).toEqual(snapshot);
      // The imported records are served as the spec says (the client checks every answer).
      const call = apiClient(inProcess(fresh), h.key);
      for (const path of [
        '/v1/me',
        '/v1/agents',
        '/v1/channels',
        `/v1/channels/${tables.channels[0]?.id}/settings`,
        '/v1/contacts',
        '/v1/custom-fields?include_archived=true',
        '/v1/conversations',
        '/v1/chats?status=human',
        `/v1/conversations/${tables.conversations[0]?.id}/messages`,
        '/v1/mcp-servers',
        `/v1/mcp-servers/${tables.mcpServers[0]?.id}/tools`,
        '/v1/webhooks',
        `/v1/webhooks/${failing?.id}/deliveries`,
        '/v1/appointments',
      ]) {
        expect((await call('GET', path)).status, path).toBe(200);
      }
    } finally {
      fresh.dispose();
    }
  });
});

describe('importing table rows', () => {
  const h = useMock(fetchHandler, { deliveryFetch });

  const refused = (edit: Edit) => refusedImport(h, edit);

  it('takes back a conversation whose channel was deleted, which still fails human messages', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Lone' } })).body.data;
    const channel = (
      await h.call('POST', '/v1/channels', { body: { name: 'Gone', agent_id: agent.id } })
    ).body.data;
    const chat = (
      await h.call('POST', `/v1/agents/${agent.id}/conversation`, { body: { message: 'Hi' } })
    ).body.data.conversation_id;
    await h.call('DELETE', `/v1/channels/${channel.id}`);
    await h.call('POST', `/v1/chats/${chat}/start-human`, { body: {} });
    const snapshot = h.mock.exportState();
    const res = await h.call('PUT', '/__mock/state', { body: snapshot });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(h.mock.exportState()).toEqual(snapshot);
    const sent = await h.call('POST', `/v1/chats/${chat}/messages`, { body: { content: 'Hello' } });
    expect(sent.body.data.status).toBe('failed');
  });

  it('refuses a contact whose custom_fields is null (renaming a custom field failed with 500)', async () => {
    await fillState(h, 'A');
    const { id } = h.mock.exportState().tables.contacts[0] as { id: string };
    expect(await refused((s) => (s.tables.contacts[0].custom_fields = null))).toEqual([
      {
        field: 'tables.contacts[0].custom_fields',
        rule: 'type',
        message: `tables.contacts[0].custom_fields: must be an object (row id ${id})`,
      },
    ]);
    const [field] = h.mock.exportState().tables.customFields;
    const renamed = await h.call('PUT', `/v1/custom-fields/${field?.id}`, {
      body: { name: 'tier' },
    });
    expect(renamed.status).toBe(200);
  });

  it('refuses a custom field whose options is null (creating a contact failed with 500)', async () => {
    await fillState(h, 'A');
    const [issue] = await refused((s) => (s.tables.customFields[0].options = null));
    expect(issue).toMatchObject({ field: 'tables.customFields[0].options', rule: 'type' });
    const contact = { name: 'Bo', custom_fields: { plan: 'free' } };
    expect((await h.call('POST', '/v1/contacts', { body: contact })).status).toBe(201);
  });

  it('refuses an agent without a name (it was served without the required field)', async () => {
    await fillState(h, 'A');
    const { id } = h.mock.exportState().tables.agents[0] as { id: string };
    expect(await refused((s) => delete s.tables.agents[0].name)).toEqual([
      {
        field: 'tables.agents[0].name',
        rule: 'required',
        message: `tables.agents[0].name: is required (row id ${id})`,
      },
    ]);
  });

  it('refuses a row id twice in a table, naming both (one was dropped silently)', async () => {
    await fillState(h, 'A');
    const { id } = h.mock.exportState().tables.contacts[0] as { id: string };
    const twice: Edit = (s) => s.tables.contacts.push({ ...s.tables.contacts[0], name: 'Copy' });
    expect(await refused(twice)).toEqual([
      {
        field: 'tables.contacts[1].id',
        rule: 'unique',
        message: `tables.contacts[1].id: is also the id of tables.contacts[0] (row id ${id})`,
      },
    ]);
    const upper: Edit = (s) =>
      s.tables.agents.push({ ...s.tables.agents[0], id: s.tables.agents[0].id.toUpperCase() });
    expect(await refused(upper)).toEqual([
      expect.objectContaining({ field: 'tables.agents[2].id', rule: 'unique' }),
    ]);
  });

  it("refuses a widget channel with another widget channel's key, naming it (each embeds its own)", async () => {
    await fillState(h, 'A');
    const [widget, whatsapp] = h.mock.exportState().tables.channels;
    expect([widget?.type, whatsapp?.type]).toEqual(['widget', 'whatsapp']);
    const id = crypto.randomUUID();
    const copy: Edit = (s) => s.tables.channels.push({ ...s.tables.channels[0], id, name: 'Copy' });
    expect(await refused(copy)).toEqual([
      {
        field: 'tables.channels[2]._widget_key',
        rule: 'unique',
        message: `tables.channels[2]._widget_key: is also the _widget_key of tables.channels[0] (row id ${id})`,
      },
    ]);
    // Of a channel of another type, never shown, it may be (the demo seed's WhatsApp channel has it).
    const shared = structuredClone(h.mock.exportState());
    Object.assign(shared.tables.channels[1] ?? {}, { _widget_key: widget?._widget_key });
    expect((await h.call('PUT', '/__mock/state', { body: shared })).status).toBe(204);
  });

  it('refuses a widget key that the embed script could not carry as it is, and takes one of its own', async () => {
    await fillState(h, 'A');
    const cases: [string, string][] = [
      ['', 'minLength'],
      ['wk_" onload="alert(1)', 'pattern'],
      ['wk <site>', 'pattern'],
      ['x'.repeat(201), 'maxLength'],
    ];
    for (const [key, rule] of cases) {
      expect(await refused((s) => (s.tables.channels[0]._widget_key = key)), key).toEqual([
        expect.objectContaining({ field: 'tables.channels[0]._widget_key', rule }),
      ]);
    }
    const snapshot = structuredClone(h.mock.exportState());
    const channel = snapshot.tables.channels[0] as { id: string; _widget_key: string };
    channel._widget_key = 'my-site.widget_1~';
    expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
    const embed = (await h.call('GET', `/v1/channels/${channel.id}/widget`)).body.data;
    expect(embed.widget_key).toBe('my-site.widget_1~');
    expect(embed.embed_script).toContain('data-widget-key="my-site.widget_1~"');
  });

  it("refuses any field of a row that is not the spec's or the mock's own, with its path and rule", async () => {
    await fillState(h, 'A');
    const { tables } = h.mock.exportState();
    const pending = tables.deliveries.findIndex((d) => d.status === 'pending');
    const attempted = tables.deliveries.findIndex((d) => d.attempts.length > 0);
    const cases: [Edit, string, string][] = [
      [(s) => (s.tables.agents[0].temperature = 3), 'agents[0].temperature', 'maximum'],
      [(s) => (s.tables.agents[0].avatar_url = 'a.png'), 'agents[0].avatar_url', 'format'],
      [(s) => (s.tables.agents[0]._private = 1), 'agents[0]._private', 'unknown'],
      [(s) => (s.tables.agents[0]._seq = -1), 'agents[0]._seq', 'minimum'],
      [(s) => (s.tables.agents[0].id = 'agent-1'), 'agents[0].id', 'format'],
      [(s) => (s.tables.agents[0]._ws = crypto.randomUUID()), 'agents[0]._ws', 'exists'],
      [(s) => (s.tables.trainings[0].type = 'video'), 'trainings[0].type', 'enum'],
      [
        (s) => delete s.tables.channels[0]._settings.language,
        'channels[0]._settings.language',
        'required',
      ],
      [
        (s) => (s.tables.channels[0]._settings.channel_id = s.tables.channels[0].id),
        'channels[0]._settings.channel_id',
        'unknown',
      ],
      [
        (s) => (s.tables.channels[0]._settings.business_hours.schedule[0].open = '9am'),
        'channels[0]._settings.business_hours.schedule[0].open',
        'pattern',
      ],
      [(s) => delete s.tables.channels[0]._widget_key, 'channels[0]._widget_key', 'required'],
      [(s) => (s.tables.contacts[0].email = 'ada'), 'contacts[0].email', 'format'],
      [
        (s) => (s.tables.contacts[0].custom_fields.plan = { tier: 1 }),
        'contacts[0].custom_fields.plan',
        'type',
      ],
      // A cleared value is absent, never null (the API serves none).
      [
        (s) => (s.tables.contacts[0].custom_fields.plan = null),
        'contacts[0].custom_fields.plan',
        'type',
      ],
      [(s) => (s.tables.webhooks[1].events = ['credit.low']), 'webhooks[1].events[0]', 'variant'],
      [(s) => (s.tables.webhooks[1]._secret = ''), 'webhooks[1]._secret', 'minLength'],
      [(s) => (s.tables.webhooks[1]._previous_until = '1'), 'webhooks[1]._previous_until', 'type'],
      [
        (s) => (s.tables.webhooks[1]._consecutive_failures = 1.5),
        'webhooks[1]._consecutive_failures',
        'type',
      ],
      [(s) => (s.tables.conversations[0].status = 'open'), 'conversations[0].status', 'unknown'],
      [
        (s) => (s.tables.conversations[0]._chat_status = 'paused'),
        'conversations[0]._chat_status',
        'enum',
      ],
      [
        (s) => (s.tables.conversations[0]._assigned_to = 'bob'),
        'conversations[0]._assigned_to',
        'format',
      ],
      [(s) => (s.tables.messages[0].sender = 'contact'), 'messages[0].sender', 'enum'],
      [(s) => (s.tables.messages[0].message_type = 'text'), 'messages[0].message_type', 'unknown'],
      [(s) => delete s.tables.messages[0].updated_at, 'messages[0].updated_at', 'required'],
      [(s) => (s.tables.mcpServers[0].tools_count = 2), 'mcpServers[0].tools_count', 'unknown'],
      [(s) => (s.tables.mcpServers[0]._tools = null), 'mcpServers[0]._tools', 'type'],
      [(s) => (s.tables.mcpServers[0]._tools[0].x = 1), 'mcpServers[0]._tools[0].x', 'unknown'],
      [
        (s) => (s.tables.mcpServers[0]._headers = { 'a b': 'x' }),
        'mcpServers[0]._headers.a b',
        'propertyNames',
      ],
      [(s) => (s.tables.mcpLinks[0].mcp_id = 'docs'), 'mcpLinks[0].mcp_id', 'format'],
      [(s) => (s.tables.appointments[0].status = 'moved'), 'appointments[0].status', 'enum'],
      [
        (s) => (s.tables.deliveries[attempted].attempts[0].number = 0),
        `deliveries[${attempted}].attempts[0].number`,
        'minimum',
      ],
      [(s) => (s.tables.deliveries[0].event = 'contact.merged'), 'deliveries[0].event', 'enum'],
      [(s) => (s.tables.deliveries[0].event = 'credit.low'), 'deliveries[0].event', 'variant'],
      [(s) => (s.tables.deliveries[0]._body = {}), 'deliveries[0]._body', 'type'],
      [(s) => delete s.tables.deliveries[0]._test, 'deliveries[0]._test', 'required'],
      [
        (s) => {
          const row = s.tables.deliveries[pending];
          row.attempts = [1, 2, 3, 4, 5].map((number) => ({ ...row.attempts[0], number }));
        },
        `deliveries[${pending}].attempts`,
        'maxItems',
      ],
    ];
    for (const [edit, field, rule] of cases) {
      expect(await refused(edit), field).toEqual([
        expect.objectContaining({ field: `tables.${field}`, rule }),
      ]);
    }
  });
});

describe('importing rows the API would never have stored', () => {
  const h = useMock(fetchHandler, { deliveryFetch });

  const refused = (edit: Edit) => refusedImport(h, edit);

  it('refuses an MCP server URL with credentials, naming the table, row, field, rule and row id', async () => {
    await fillState(h, 'A');
    const { id } = h.mock.exportState().tables.mcpServers[0] as { id: string };
    const details = await refused(
      (s) => (s.tables.mcpServers[0].url = 'https://ada:secret@mcp.example.com'),
    );
    expect(details).toEqual([
      {
        field: 'tables.mcpServers[0].url',
        rule: 'credentials',
        message: `tables.mcpServers[0].url: must not contain credentials (user:password@host): send them in \`headers\`, which are never returned (row id ${id})`,
      },
    ]);
    // The state is the one exported before, and works: the server is still there, its URL clean.
    const read = await h.call('GET', `/v1/mcp-servers/${id}`);
    expect(read.body.data.url).toBe('https://mcp.example.com');
  });

  it('refuses every value a create or update request would have refused, with its rule', async () => {
    await fillState(h, 'A');
    const { tables } = h.mock.exportState();
    const media = tables.messages.findIndex((m) => m.media_url !== null);
    const long = (n: number) => 'x'.repeat(n);
    const cases: [Edit, string, string][] = [
      [
        (s) => (s.tables.agents[0].avatar_url = 'ftp://example.com/a.png'),
        'agents[0].avatar_url',
        'pattern',
      ],
      [(s) => (s.tables.agents[0].name = '   '), 'agents[0].name', 'blank'],
      [(s) => (s.tables.agents[0].name = long(201)), 'agents[0].name', 'maxLength'],
      [(s) => (s.tables.agents[0].model = ''), 'agents[0].model', 'minLength'],
      [
        (s) => (s.tables.agents[0].instructions = long(20_001)),
        'agents[0].instructions',
        'maxLength',
      ],
      [(s) => (s.tables.trainings[0].content = ' '), 'trainings[0].content', 'blank'],
      [(s) => (s.tables.trainings[1].url = 'ftp://example.com/faq'), 'trainings[1].url', 'pattern'],
      [(s) => (s.tables.channels[0].name = ''), 'channels[0].name', 'minLength'],
      [
        (s) => (s.tables.channels[0]._settings.welcome_message = long(1001)),
        'channels[0]._settings.welcome_message',
        'maxLength',
      ],
      [
        (s) => (s.tables.channels[0]._settings.language = 'english!'),
        'channels[0]._settings.language',
        'pattern',
      ],
      [(s) => (s.tables.contacts[0].phone = '600111222'), 'contacts[0].phone', 'pattern'],
      [
        (s) => Object.assign(s.tables.contacts[0], { name: null, email: null, phone: null }),
        'contacts[0]',
        'anyOf',
      ],
      [(s) => (s.tables.customFields[0].name = long(65)), 'customFields[0].name', 'maxLength'],
      [(s) => (s.tables.customFields[0].name = 'plan '), 'customFields[0].name', 'pattern'],
      [
        (s) => (s.tables.customFields[0].options = ['a', 'a']),
        'customFields[0].options',
        'uniqueItems',
      ],
      [(s) => (s.tables.webhooks[0].url = 'ftp://ok.example/hook'), 'webhooks[0].url', 'pattern'],
      [(s) => (s.tables.webhooks[0].events = []), 'webhooks[0].events', 'minItems'],
      [
        (s) => (s.tables.webhooks[0].description = long(501)),
        'webhooks[0].description',
        'maxLength',
      ],
      [
        (s) => (s.tables.messages[media].media_url = 'ftp://example.com/photo.png'),
        `messages[${media}].media_url`,
        'pattern',
      ],
      [(s) => (s.tables.mcpServers[0].name = ' '), 'mcpServers[0].name', 'blank'],
      [
        (s) => (s.tables.mcpServers[0]._headers = { 'X-Key': 'a', 'x-key': 'b' }),
        'mcpServers[0]._headers.x-key',
        'unique',
      ],
      // A tool setMcpServer refuses: a tool route could not name it, or names two.
      [
        (s) => (s.tables.mcpServers[0]._tools[0].name = 'bad/name'),
        'mcpServers[0]._tools[0].name',
        'pattern',
      ],
      [
        (s) => (s.tables.mcpServers[0]._tools[1] = { ...s.tables.mcpServers[0]._tools[0] }),
        'mcpServers[0]._tools[1].name',
        'unique',
      ],
      [
        (s) => (s.tables.appointments[0].ends_at = s.tables.appointments[0].starts_at),
        'appointments[0].ends_at',
        'after',
      ],
      [(s) => (s.tables.appointments[0].notes = long(2001)), 'appointments[0].notes', 'maxLength'],
      [
        (s) =>
          s.tables.channels[0]._settings.business_hours.schedule.push({
            day: 'mon',
            open: '16:00',
            close: '20:00',
          }),
        'channels[0]._settings.business_hours.schedule[1]',
        'overlap',
      ],
      [
        (s) => (s.tables.channels[0]._settings.business_hours.schedule[0].close = '09:00'),
        'channels[0]._settings.business_hours.schedule[0].close',
        'invalid',
      ],
    ];
    for (const [edit, field, rule] of cases) {
      expect(await refused(edit), field).toEqual([
        expect.objectContaining({ field: `tables.${field}`, rule }),
      ]);
    }
  });

  it('leaves the pending deliveries of the state before a refused import to go out at their time', async () => {
    await h.call('POST', '/v1/webhooks', {
      body: { url: 'https://fail.example/hook', events: ['contacts'] },
    });
    await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    await h.mock.settle();
    expect(h.mock.webhookAttempts()).toHaveLength(1);
    await refused((s) => (s.tables.contacts[0].phone = '12'));
    // Variant A's second attempt, a minute after the first failed.
    await h.mock.clock.advance(60_000);
    await h.mock.settle();
    expect(h.mock.webhookAttempts()).toHaveLength(2);
  });

  it('refuses an http webhook on a server that requires HTTPS, which a server that does not takes', async () => {
    await h.call('POST', '/v1/webhooks', {
      body: { url: 'http://127.0.0.1:9/hook', events: ['*'] },
    });
    const snapshot = h.mock.exportState();
    const strict = createMockServer({ clock: 'manual', requireHttps: true });
    const lax = createMockServer({ clock: 'manual' });
    try {
      let thrown: unknown;
      try {
        strict.importState(snapshot);
      } catch (error) {
        thrown = error;
      }
      const id = snapshot.tables.webhooks[0]?.id;
      expect(thrown).toMatchObject({
        status: 400,
        details: [
          {
            field: 'tables.webhooks[0].url',
            rule: 'https',
            message: `tables.webhooks[0].url: must be an https URL (this server requires HTTPS) (row id ${id})`,
          },
        ],
      });
      expect(strict.exportState().tables.webhooks).toEqual([]);
      lax.importState(snapshot);
      expect(lax.exportState()).toEqual(snapshot);
    } finally {
      strict.dispose();
      lax.dispose();
    }
  });
});

describe.each(['A', 'B'] as const)('the demo seed in Variant %s', (variant) => {
  it('exports a state that imports and exports again identical', () => {
    const demo = createMockServer({ variant, seed: 'demo', clock: 'manual' });
    const fresh = createMockServer({ variant, clock: 'manual', startTime: demo.clock.now() });
    try {
      const snapshot = demo.exportState();
      fresh.importState(snapshot);
      expect(fresh.exportState()).toEqual(snapshot);
    } finally {
      demo.dispose();
      fresh.dispose();
    }
  });
});

describe('rate-limit windows and a state import', () => {
  const h = useMock(fetchHandler, { rateLimit: { limit: 3, windowMs: 60_000 } });

  it('are no part of a snapshot: an import leaves each key counting on in its window, a reset clears them', async () => {
    const remaining = async () =>
      (await h.call('GET', '/v1/agents')).headers.get('x-ratelimit-remaining');
    expect(await remaining()).toBe('2');
    const snapshot = h.mock.exportState();
    expect(JSON.stringify(snapshot)).not.toMatch(/rate|window/i);
    // The control API counts nothing; the key's window goes on through the import.
    expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
    expect(await remaining()).toBe('1');
    expect(await remaining()).toBe('0');
    expect((await h.call('GET', '/v1/agents')).status).toBe(429);
    h.mock.reset();
    h.mock.importState(snapshot);
    expect(await remaining()).toBe('2');
  });
});
