// A hand-written seed names records by id: an import refuses a row that names a record that is not
// there, or is another workspace's, instead of storing a training no list shows or a conversation
// whose contact 404s. What the API itself leaves behind a deletion still imports.
import { describe, expect, it } from 'vitest';
import { apiClient } from '../support/api.js';
import { createFullMultiSelects, fullValues, jsonBytes } from '../support/custom-field-bulk.js';
import { useMock } from '../support/harness.js';
import {
  alertFor,
  deliveryFetch,
  type Edit,
  fillState,
  refusedImport,
} from '../support/state-fixtures.js';
import { type Transport, transports } from '../support/transports.js';

const fetchHandler = transports[0] as Transport;
const MISSING = '00000000-0000-4000-8000-000000000000';

describe('importing rows that name other rows', () => {
  const h = useMock(fetchHandler, { deliveryFetch });

  /** The one detail of a refused import, as [field, rule]; its message names the row id. */
  async function refusedFor(edit: Edit): Promise<[string, string]> {
    const details = await refusedImport(h, edit);
    expect(details, JSON.stringify(details)).toHaveLength(1);
    const [detail] = details as [{ field: string; rule: string; message: string }];
    expect(detail.message).toMatch(/ \(row id [0-9a-f-]{36}\)$/);
    return [detail.field, detail.rule];
  }

  /** A client of a second workspace, with a key of its own. */
  function otherWorkspace() {
    const { key } = h.mock.createApiKey({ scopes: 'all', name: 'other' });
    return apiClient(h.connection, key);
  }

  it('refuses a row naming a record that does not exist, with the field and the rule', async () => {
    await fillState(h, 'A');
    const { tables } = h.mock.exportState();
    const pending = tables.deliveries.findIndex((d) => d.status === 'pending');
    expect(pending).toBeGreaterThanOrEqual(0);
    const cases: [Edit, string][] = [
      [(s) => (s.tables.trainings[0].agent_id = MISSING), 'trainings[0].agent_id'],
      [(s) => (s.tables.channels[0].agent_id = MISSING), 'channels[0].agent_id'],
      [(s) => (s.tables.conversations[0].contact_id = MISSING), 'conversations[0].contact_id'],
      [(s) => (s.tables.conversations[0].channel_id = MISSING), 'conversations[0].channel_id'],
      [(s) => (s.tables.messages[0].conversation_id = MISSING), 'messages[0].conversation_id'],
      [(s) => (s.tables.mcpLinks[0].agent_id = MISSING), 'mcpLinks[0].agent_id'],
      [(s) => (s.tables.mcpLinks[0].mcp_id = MISSING), 'mcpLinks[0].mcp_id'],
      [(s) => (s.tables.appointments[0].contact_id = MISSING), 'appointments[0].contact_id'],
      [
        (s) => (s.tables.deliveries[pending].webhook_id = MISSING),
        `deliveries[${pending}].webhook_id`,
      ],
    ];
    for (const [edit, field] of cases) {
      expect(await refusedFor(edit), field).toEqual([`tables.${field}`, 'exists']);
    }
  });

  it('refuses a pending delivery of an inactive webhook: deactivating one fails what it had pending', async () => {
    await fillState(h, 'A');
    const { tables } = h.mock.exportState();
    const hookId = tables.deliveries.find((d) => d.status === 'pending' && !d._test)?.webhook_id;
    const hook = tables.webhooks.findIndex((w) => w.id === hookId);
    expect(hook).toBeGreaterThanOrEqual(0);
    const pending = tables.deliveries.flatMap((d, i) =>
      d.status === 'pending' && !d._test && d.webhook_id === hookId ? [i] : [],
    );
    const details = await refusedImport(h, (s) => (s.tables.webhooks[hook].active = false));
    expect(details).toEqual(
      pending.map((i) => ({
        field: `tables.deliveries[${i}].status`,
        rule: 'invalid',
        message: expect.stringMatching(
          /^tables\.deliveries\[\d+\]\.status: a delivery of an inactive webhook is not pending: deactivating a webhook fails its pending deliveries \(error webhook_deactivated\) \(row id [0-9a-f-]{36}\)$/,
        ),
      })),
    );
    // As the API leaves it: deactivated, what was pending failed.
    expect(
      (await h.call('PUT', `/v1/webhooks/${hookId}`, { body: { active: false } })).status,
    ).toBe(200);
    const after = h.mock.exportState();
    const res = await h.call('PUT', '/__mock/state', { body: after });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
  });

  it('says which record is missing in the message', async () => {
    await fillState(h, 'A');
    const [detail] = await refusedImport(h, (s) => (s.tables.trainings[0].agent_id = MISSING));
    expect(detail?.message).toMatch(
      /^tables\.trainings\[0\]\.agent_id: no agent has this id \(row id [0-9a-f-]{36}\)$/,
    );
  });

  it("refuses a row naming another workspace's record, even one a deletion may leave behind", async () => {
    await fillState(h, 'A');
    const other = otherWorkspace();
    const agentId = (await other('POST', '/v1/agents', { body: { name: 'Elsewhere' } })).body.data
      .id;
    const contactId = (await other('POST', '/v1/contacts', { body: { name: 'Bo' } })).body.data.id;
    for (const [edit, field] of [
      [(s) => (s.tables.trainings[0].agent_id = agentId), 'trainings[0].agent_id'],
      // A conversation keeps the id of an agent deleted since, but never another workspace's.
      [(s) => (s.tables.conversations[0].agent_id = agentId), 'conversations[0].agent_id'],
      [(s) => (s.tables.appointments[0].contact_id = contactId), 'appointments[0].contact_id'],
    ] as [Edit, string][]) {
      const details = await refusedImport(h, edit);
      expect(details).toEqual([
        expect.objectContaining({
          field: `tables.${field}`,
          rule: 'exists',
          message: expect.stringContaining("is the id of another workspace's"),
        }),
      ]);
    }
  });

  it('imports what deleting an agent, a contact, a channel and a webhook leaves behind', async () => {
    await fillState(h, 'A');
    const { tables } = h.mock.exportState();
    const agent = tables.agents[0]?.id;
    const hook = tables.webhooks[1]?.id;
    for (const path of [
      `/v1/agents/${agent}`,
      `/v1/contacts/${tables.contacts[0]?.id}`,
      `/v1/channels/${tables.channels[0]?.id}`,
      `/v1/webhooks/${hook}`,
    ]) {
      expect((await h.call('DELETE', path)).status, path).toBe(204);
    }
    await h.mock.settle();
    const snapshot = h.mock.exportState();
    // Still naming the deleted agent and webhook, as the API left them.
    expect(snapshot.tables.conversations.some((c) => c.agent_id === agent)).toBe(true);
    expect(snapshot.tables.appointments.some((a) => a.agent_id === agent)).toBe(true);
    expect(snapshot.tables.deliveries.some((d) => d.webhook_id === hook)).toBe(true);
    const res = await h.call('PUT', '/__mock/state', { body: snapshot });
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    expect(h.mock.exportState()).toEqual(snapshot);
  });

  it('refuses the same agent and MCP server linked twice', async () => {
    await fillState(h, 'A');
    const [field, rule] = await refusedFor((s) =>
      s.tables.mcpLinks.push({ ...s.tables.mcpLinks[0], id: MISSING }),
    );
    expect([field, rule]).toEqual([`tables.mcpLinks[1].mcp_id`, 'unique']);
  });

  it('refuses a chat whose handoff fields say otherwise than its status (the chat view showed them)', async () => {
    await fillState(h, 'A');
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Day' } })).body.data.id;
    await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } });
    const { tables } = h.mock.exportState();
    const human = tables.conversations.findIndex((c) => c._chat_status === 'human');
    const closed = tables.conversations.findIndex((c) => c._chat_status === 'closed');
    const open = tables.conversations.findIndex((c) => c._chat_status === 'open');
    expect([human, closed, open].every((i) => i >= 0)).toBe(true);
    const someone = '00000000-0000-4000-8000-0000000000aa';
    const at = '2026-11-20T10:00:00.000Z';
    const cases: [Edit, string, string][] = [
      // In human mode since when? The chat says so while it is human.
      [
        (s) => (s.tables.conversations[human]._human_started_at = null),
        `conversations[${human}]._human_started_at`,
        'required',
      ],
      // Null outside human mode: an open chat assigned to a person, or closed with a handoff time.
      [
        (s) => (s.tables.conversations[open]._assigned_to = someone),
        `conversations[${open}]._assigned_to`,
        'invalid',
      ],
      [
        (s) => (s.tables.conversations[open]._human_started_at = at),
        `conversations[${open}]._human_started_at`,
        'invalid',
      ],
      [
        (s) => (s.tables.conversations[closed]._assigned_to = someone),
        `conversations[${closed}]._assigned_to`,
        'invalid',
      ],
    ];
    for (const [edit, field, rule] of cases) {
      expect(await refusedFor(edit), field).toEqual([`tables.${field}`, rule]);
    }
    // Each says why, and outside human mode which status the chat is in.
    const words = async (edit: Edit) => (await refusedImport(h, edit))[0]?.message;
    expect(await words((cases[0] as [Edit, string, string])[0])).toContain(
      'a chat in human mode has the time its handoff started',
    );
    expect(await words((cases[3] as [Edit, string, string])[0])).toContain(
      'is null outside human mode (the chat is closed)',
    );
    // In human mode unassigned is a chat waiting for a person: that one imports.
    const unassigned = structuredClone(h.mock.exportState());
    (unassigned.tables.conversations[human] as { _assigned_to: string | null })._assigned_to = null;
    expect((await h.call('PUT', '/__mock/state', { body: unassigned })).status).toBe(204);
  });

  it("refuses a message whose sender is not its conversation's contact, or another workspace's agent", async () => {
    await fillState(h, 'A');
    const contact = await h.call('POST', '/v1/contacts', {
      body: { name: 'Someone else', custom_fields: { plan: 'pro' } },
    });
    const { tables } = h.mock.exportState();
    const customer = tables.messages.findIndex((m) => m.sender === 'customer');
    const ai = tables.messages.findIndex((m) => m.sender === 'agent');
    expect(customer).toBeGreaterThanOrEqual(0);
    expect(ai).toBeGreaterThanOrEqual(0);
    // The chat view showed another contact as the one who wrote it.
    for (const id of [contact.body.data.id, null]) {
      expect(await refusedFor((s) => (s.tables.messages[customer].sender_id = id))).toEqual([
        `tables.messages[${customer}].sender_id`,
        'invalid',
      ]);
    }
    const other = otherWorkspace();
    const agentId = (await other('POST', '/v1/agents', { body: { name: 'Elsewhere' } })).body.data
      .id;
    const [detail] = await refusedImport(h, (s) => (s.tables.messages[ai].sender_id = agentId));
    expect(detail).toMatchObject({
      field: `tables.messages[${ai}].sender_id`,
      rule: 'exists',
      message: expect.stringContaining("is the id of another workspace's agent"),
    });
    // The AI's answer keeps the id of an agent deleted since, or of the one before a transfer.
    const snapshot = h.mock.exportState();
    (snapshot.tables.messages[ai] as { sender_id: string }).sender_id = MISSING;
    expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
  });

  it('refuses a conversation marked as having lost its channel that still names one', async () => {
    await fillState(h, 'A');
    expect(await refusedFor((s) => (s.tables.conversations[0]._channel_deleted = true))).toEqual([
      'tables.conversations[0]._channel_deleted',
      'invalid',
    ]);
  });

  describe('custom fields', () => {
    it('refuses a name twice in a workspace, naming the first, and takes it in two workspaces', async () => {
      await fillState(h, 'A');
      const details = await refusedImport(h, (s) => (s.tables.customFields[2].name = 'plan'));
      expect(details).toEqual([
        expect.objectContaining({
          field: 'tables.customFields[2].name',
          rule: 'unique',
          message: expect.stringContaining(
            'is also the name of a custom field of its workspace: tables.customFields[0]',
          ),
        }),
      ]);
      const created = await otherWorkspace()('POST', '/v1/custom-fields', {
        body: { name: 'plan', type: 'text' },
      });
      expect(created.status).toBe(201);
      const snapshot = h.mock.exportState();
      expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
    });

    it('refuses a name or an option that repeats another but for case or Unicode form', async () => {
      await fillState(h, 'A');
      expect(await refusedFor((s) => (s.tables.customFields[2].name = 'PLAN'))).toEqual([
        'tables.customFields[2].name',
        'unique',
      ]);
      expect(
        await refusedFor((s) => (s.tables.customFields[0].options = ['free', 'pro', 'Pro'])),
      ).toEqual(['tables.customFields[0].options', 'uniqueItems']);
    });

    it('refuses a training without what its type takes, or with what it does not', async () => {
      await fillState(h, 'A');
      const { tables } = h.mock.exportState();
      const text = tables.trainings.findIndex((t) => t.type === 'text');
      const url = tables.trainings.findIndex((t) => t.type !== 'text');
      expect(url).toBeGreaterThanOrEqual(0);
      const cases: [Edit, string, string][] = [
        [
          (s) => (s.tables.trainings[text].content = null),
          `trainings[${text}].content`,
          'required',
        ],
        [
          (s) => (s.tables.trainings[text].url = 'https://a.test/'),
          `trainings[${text}].url`,
          'invalid',
        ],
        [(s) => (s.tables.trainings[url].url = null), `trainings[${url}].url`, 'required'],
        [(s) => (s.tables.trainings[url].content = 'text'), `trainings[${url}].content`, 'invalid'],
      ];
      for (const [edit, field, rule] of cases) {
        expect(await refusedFor(edit), field).toEqual([`tables.${field}`, rule]);
      }
      const [detail] = await refusedImport(h, (s) => (s.tables.trainings[text].content = null));
      expect(detail?.message).toMatch(
        new RegExp(
          `^tables\\.trainings\\[${text}\\]\\.content: a text training has its content \\(row id`,
        ),
      );
    });

    it("refuses a human agent's message longer than a chat message takes", async () => {
      await fillState(h, 'A');
      const { tables } = h.mock.exportState();
      const human = tables.messages.findIndex((m) => m.sender === 'human');
      const customer = tables.messages.findIndex((m) => m.sender === 'customer');
      expect(human).toBeGreaterThanOrEqual(0);
      expect(
        await refusedFor((s) => (s.tables.messages[human].content = 'x'.repeat(4097))),
      ).toEqual([`tables.messages[${human}].content`, 'maxLength']);
      // 4096 code points of two UTF-16 units each, and a customer's longer message, import.
      const snapshot = h.mock.exportState();
      (snapshot.tables.messages[human] as { content: string }).content = '😀'.repeat(4096);
      (snapshot.tables.messages[customer] as { content: string }).content = 'x'.repeat(20_000);
      expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
    });

    it('refuses a select field without options and a text field with some', async () => {
      await fillState(h, 'A');
      const { tables } = h.mock.exportState();
      const select = tables.customFields.findIndex((f) => f.type === 'select');
      const text = tables.customFields.findIndex((f) => f.type === 'text');
      expect(await refusedFor((s) => (s.tables.customFields[select].options = []))).toEqual([
        `tables.customFields[${select}].options`,
        'minItems',
      ]);
      expect(await refusedFor((s) => (s.tables.customFields[text].options = ['a']))).toEqual([
        `tables.customFields[${text}].options`,
        'maxItems',
      ]);
    });

    it("refuses a contact's value under no field's name, or of another type, or null", async () => {
      await fillState(h, 'A');
      const cases: [Edit, string, string][] = [
        [(s) => (s.tables.contacts[0].custom_fields.plann = 'pro'), 'plann', 'exists'],
        [(s) => (s.tables.contacts[0].custom_fields.plan = 3), 'plan', 'type'],
        [(s) => (s.tables.contacts[0].custom_fields.tags = 'a'), 'tags', 'type'],
        [(s) => (s.tables.contacts[0].custom_fields.plan = null), 'plan', 'type'],
        // A name a dot would misread is in brackets.
        [(s) => (s.tables.contacts[0].custom_fields['plan.x'] = 'pro'), '["plan.x"]', 'exists'],
      ];
      for (const [edit, name, rule] of cases) {
        expect(await refusedFor(edit), name).toEqual([
          `tables.contacts[0].custom_fields${name.startsWith('[') ? '' : '.'}${name}`,
          rule,
        ]);
      }
    });

    it('refuses a contact holding over 1 MiB of custom fields, as an update would (a contact.updated carries them all)', async () => {
      await fillState(h, 'A');
      await h.mock.clock.advance(60_000); // the next rate-limit window
      // Each value is at most 100 items of 200 characters: past 1 MiB takes over 50 fields.
      await createFullMultiSelects(h.call, 56);
      const values = (count: number) => fullValues(0, count);
      const bytes = (count: number) => jsonBytes(values(count));
      expect(bytes(56)).toBeGreaterThan(1_048_576);
      expect(bytes(48)).toBeLessThan(1_048_576 - 100);
      const held = (s: Parameters<Edit>[0]) => s.tables.contacts[0].custom_fields;
      expect(await refusedFor((s) => Object.assign(held(s), values(56)))).toEqual([
        'tables.contacts[0].custom_fields',
        'maxBytes',
      ]);
      const snapshot = h.mock.exportState();
      Object.assign(held(snapshot), values(48));
      expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
    });

    it('takes a select value that is no longer an option: removing one leaves the values', async () => {
      await fillState(h, 'A');
      const { tables } = h.mock.exportState();
      const plan = tables.customFields.find((f) => f.name === 'plan');
      const res = await h.call('PUT', `/v1/custom-fields/${plan?.id}`, {
        body: { options: ['free', 'team'] },
      });
      expect(res.status).toBe(200);
      const snapshot = h.mock.exportState();
      expect(snapshot.tables.contacts[0]?.custom_fields.plan).toBe('pro');
      expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
    });
  });

  it('reports a row refused on its own before what names it: one problem, not one per reference', async () => {
    await fillState(h, 'A');
    const details = await refusedImport(h, (s) => (s.tables.agents[0].id = 'not-an-id'));
    expect(details.map((d) => d.field)).toEqual(['tables.agents[0].id']);
  });
});

describe("importing an API key whose company is not its workspace's", () => {
  const h = useMock(fetchHandler);

  it('refuses it: GET /v1/me showed a company the workspace does not belong to', async () => {
    const [workspace] = h.mock.exportState().workspaces;
    expect(await refusedImport(h, (s) => (s.api_keys[0].company_id = crypto.randomUUID()))).toEqual(
      [
        {
          field: 'api_keys[0].company_id',
          rule: 'invalid',
          message: `api_keys[0].company_id: must be ${workspace?.company_id}, the company_id of its workspace (workspaces[0])`,
        },
      ],
    );
    const me = await h.call('GET', '/v1/me');
    expect(me.body.data.company_id).toBe(workspace?.company_id);
  });
});

// Alert e-mails are Variant B's (a failing webhook sends them): a Variant A import refuses any.
describe('importing alerts that name other rows, in Variant B', () => {
  const h = useMock(fetchHandler, { variant: 'B', deliveryFetch });

  /** A client of a second workspace, with a key of its own. */
  function otherWorkspace() {
    const { key } = h.mock.createApiKey({ scopes: 'all', name: 'other' });
    return apiClient(h.connection, key);
  }

  /** An alert of h's workspace, as the mock records one, about `webhookId`. */
  const alert = (webhookId: string) => alertFor(h.workspaceId, webhookId);

  it("refuses an alert of no workspace, or about another workspace's webhook, naming the alert", async () => {
    await fillState(h, 'B');
    const hook = h.mock.exportState().tables.webhooks[0]?.id as string;
    const elsewhere = await otherWorkspace()('POST', '/v1/webhooks', {
      body: { url: 'https://other.example/hook', events: ['*'] },
    });
    const mine = alert(hook);
    const cases: [Edit, string, string][] = [
      [
        (s) => (s.alerts = [{ ...mine, workspace_id: MISSING }]),
        'alerts[0].workspace_id',
        `alerts[0].workspace_id: no such workspace (alert id ${mine.id})`,
      ],
      [
        (s) => (s.alerts = [{ ...mine, webhook_id: elsewhere.body.data.id }]),
        'alerts[0].webhook_id',
        `alerts[0].webhook_id: is the id of another workspace's webhook (alert id ${mine.id})`,
      ],
    ];
    for (const [edit, field, message] of cases) {
      expect(await refusedImport(h, edit), field).toEqual([{ field, rule: 'exists', message }]);
    }
  });

  it('refuses an alert id twice, and an alert that is no object, with one detail', async () => {
    await fillState(h, 'B');
    const first = alert(MISSING);
    expect(await refusedImport(h, (s) => (s.alerts = [first, { ...first }]))).toEqual([
      {
        field: 'alerts[1].id',
        rule: 'unique',
        message: `alerts[1].id: is also the id of alerts[0] (alert id ${first.id})`,
      },
    ]);
    for (const value of [null, 'alert', [first]]) {
      expect(await refusedImport(h, (s) => (s.alerts = [value])), String(value)).toEqual([
        expect.objectContaining({ field: 'alerts[0]', rule: 'type' }),
      ]);
    }
  });

  it('imports an alert about a webhook deleted since, as the mock keeps it', async () => {
    await fillState(h, 'B');
    const snapshot = h.mock.exportState();
    snapshot.alerts = [alert(MISSING), alert(snapshot.tables.webhooks[0]?.id as string)];
    expect((await h.call('PUT', '/__mock/state', { body: snapshot })).status).toBe(204);
    expect(h.mock.exportState()).toEqual(snapshot);
  });
});
