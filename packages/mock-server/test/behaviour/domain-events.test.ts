import { describe, expect, it } from 'vitest';
import { listOperations, loadSpec } from '../../../../test/spec/load-spec.js';
import type { Call } from '../support/api.js';
import { recordEvents } from '../support/events.js';
import { useMock } from '../support/harness.js';
import { domainEventProblems, variantsOf } from '../support/spec-contract.js';
import { transports } from '../support/transports.js';

interface Ids {
  agent: string;
  contact: string;
  appointment: string;
  whatsapp: string;
  widget: string;
  /** A chat in human mode whose channel was deleted. */
  channelless: string;
  /** An open chat whose channel was deleted: the AI's answers in it fail. */
  orphaned: string;
  /** A closed conversation without a channel, served through the API. */
  closed: string;
  /** A chat in human mode without a channel, served through the API. */
  human: string;
  /** An MCP server connected to no agent. */
  mcp: string;
  /** An MCP server connected to `agent`. */
  linked: string;
}

interface Row {
  operation: string;
  run(call: Call, ids: Ids): Promise<unknown>;
  A: string[];
  B: string[];
}

const post = (call: Call, path: string, body?: unknown) => call('POST', path, { body });

/** api-decisions section 6: which operations emit which events, per variant. */
const TABLE: Row[] = [
  {
    operation: 'POST /v1/agents/{id}/conversation',
    run: (call, ids) => post(call, `/v1/agents/${ids.agent}/conversation`, { message: 'Hi' }),
    A: ['conversation.created', 'message.received', 'message.sent'],
    B: ['conversation.created', 'message.received', 'message.sent'],
  },
  {
    operation: 'POST /v1/contacts',
    run: (call) => post(call, '/v1/contacts', { name: 'New' }),
    A: ['contact.created'],
    B: ['contact.created'],
  },
  {
    operation: 'PUT /v1/contacts/{id}',
    run: (call, ids) => call('PUT', `/v1/contacts/${ids.contact}`, { body: { name: 'Renamed' } }),
    A: ['contact.updated'],
    B: ['contact.updated'],
  },
  {
    operation: 'DELETE /v1/contacts/{id} (with a scheduled appointment, cancelled)',
    run: (call, ids) => call('DELETE', `/v1/contacts/${ids.contact}`),
    A: ['appointment.cancelled'],
    B: ['contact.deleted', 'appointment.canceled'],
  },
  {
    operation: 'POST /v1/appointments',
    run: (call, ids) =>
      post(call, '/v1/appointments', {
        contact_id: ids.contact,
        title: 'Call',
        starts_at: '2026-12-01T10:00:00Z',
      }),
    A: ['appointment.created'],
    B: ['appointment.scheduled'],
  },
  {
    operation: 'PUT /v1/appointments/{id} (new starts_at)',
    run: (call, ids) =>
      call('PUT', `/v1/appointments/${ids.appointment}`, {
        body: { starts_at: '2026-12-03T10:00:00Z' },
      }),
    A: [],
    B: ['appointment.rescheduled'],
  },
  {
    operation: 'PUT /v1/appointments/{id} (title only)',
    run: (call, ids) =>
      call('PUT', `/v1/appointments/${ids.appointment}`, { body: { title: 'Renamed' } }),
    A: [],
    B: [],
  },
  {
    // The fixture's appointment starts 2026-12-01T10:00Z; the clock starts 2026-11-20T10:00Z.
    operation: 'POST /__mock/clock/advance (to 24 hours before a scheduled appointment)',
    run: (call) => post(call, '/__mock/clock/advance', { ms: 10 * 24 * 3_600_000 }),
    A: [],
    B: ['appointment.reminder_sent'],
  },
  {
    operation: 'POST /v1/appointments/{id}/cancel',
    run: (call, ids) => post(call, `/v1/appointments/${ids.appointment}/cancel`),
    A: ['appointment.cancelled'],
    B: ['appointment.canceled'],
  },
  {
    operation: 'POST /v1/appointments/{id}/complete',
    run: (call, ids) => post(call, `/v1/appointments/${ids.appointment}/complete`),
    A: ['appointment.completed'],
    B: [],
  },
  {
    operation: 'POST /v1/channels (widget)',
    run: (call) => post(call, '/v1/channels', { name: 'Web' }),
    A: [],
    B: ['channel.connected'],
  },
  {
    operation: 'POST /v1/channels (whatsapp)',
    run: (call) => post(call, '/v1/channels', { name: 'WA', type: 'whatsapp' }),
    A: [],
    B: [],
  },
  {
    operation: 'POST /__mock/channels/{id}/pair',
    run: (call, ids) => post(call, `/__mock/channels/${ids.whatsapp}/pair`),
    A: [],
    B: ['channel.connected'],
  },
  {
    operation: 'DELETE /v1/channels/{id}',
    run: (call, ids) => call('DELETE', `/v1/channels/${ids.widget}`),
    A: [],
    B: ['channel.disconnected'],
  },
  {
    operation: 'POST /v1/chats/{id}/messages (its channel deleted)',
    run: (call, ids) => post(call, `/v1/chats/${ids.channelless}/messages`, { content: 'Hi' }),
    A: [],
    B: ['message.failed'],
  },
  {
    operation: 'POST /v1/conversations/{id}/messages (open, its channel deleted)',
    run: (call, ids) => post(call, `/v1/conversations/${ids.orphaned}/messages`, { message: 'Hi' }),
    A: ['message.received'],
    B: ['message.received', 'message.failed'],
  },
  {
    // Refused (409): nothing comes in through a channel that is gone.
    operation: 'POST /__mock/conversations/{id}/inbound (open, its channel deleted)',
    run: (call, ids) =>
      post(call, `/__mock/conversations/${ids.orphaned}/inbound`, { content: 'Hi' }),
    A: [],
    B: [],
  },
  {
    operation: 'POST /v1/conversations/{id}/messages (closed)',
    run: (call, ids) => post(call, `/v1/conversations/${ids.closed}/messages`, { message: 'Hi' }),
    A: ['message.received', 'message.sent'],
    B: ['conversation.reopened', 'message.received', 'message.sent'],
  },
  {
    operation: 'POST /v1/conversations/{id}/reopen',
    run: (call, ids) => post(call, `/v1/conversations/${ids.closed}/reopen`),
    A: [],
    B: ['conversation.reopened'],
  },
  {
    operation: 'POST /v1/conversations/{id}/close (human)',
    run: (call, ids) => post(call, `/v1/conversations/${ids.human}/close`),
    A: ['conversation.closed'],
    B: ['conversation.closed'],
  },
  {
    operation: 'POST /v1/conversations/{id}/transfer',
    run: (call, ids) =>
      post(call, `/v1/conversations/${ids.orphaned}/transfer`, { agent_id: ids.agent }),
    A: ['conversation.transferred'],
    B: ['agent.transferred'],
  },
  {
    operation: 'POST /v1/chats/{id}/start-human (with assigned_to)',
    run: (call, ids) =>
      post(call, `/v1/chats/${ids.orphaned}/start-human`, { assigned_to: crypto.randomUUID() }),
    A: ['agent.handoff_started'],
    B: ['agent.handoff_started', 'conversation.assigned'],
  },
  {
    operation: 'POST /v1/chats/{id}/start-human (without assigned_to)',
    run: (call, ids) => post(call, `/v1/chats/${ids.orphaned}/start-human`),
    A: ['agent.handoff_started'],
    B: ['agent.handoff_started'],
  },
  {
    operation: 'POST /v1/chats/{id}/messages',
    run: (call, ids) => post(call, `/v1/chats/${ids.human}/messages`, { content: 'Hi' }),
    A: ['message.sent'],
    B: ['message.sent'],
  },
  {
    operation: 'POST /v1/chats/{id}/stop-human',
    run: (call, ids) => post(call, `/v1/chats/${ids.human}/stop-human`),
    A: ['agent.handoff_completed'],
    B: ['agent.handoff_completed'],
  },
  // MCP servers change no chat: none of the variant's events is about them.
  {
    operation: 'POST /v1/mcp-servers',
    run: (call) => post(call, '/v1/mcp-servers', { name: 'Docs', url: 'https://mcp.test' }),
    A: [],
    B: [],
  },
  {
    operation: 'PUT /v1/mcp-servers/{id}',
    run: (call, ids) => call('PUT', `/v1/mcp-servers/${ids.mcp}`, { body: { name: 'Renamed' } }),
    A: [],
    B: [],
  },
  {
    operation: 'PUT /v1/mcp-servers/{id}/tools/{toolName}',
    run: (call, ids) =>
      call('PUT', `/v1/mcp-servers/${ids.mcp}/tools/search`, { body: { enabled: false } }),
    A: [],
    B: [],
  },
  {
    operation: 'POST /v1/agent/{id}/mcp/connect',
    run: (call, ids) => post(call, `/v1/agent/${ids.agent}/mcp/connect`, { mcp_id: ids.mcp }),
    A: [],
    B: [],
  },
  {
    operation: 'POST /v1/agent/{id}/mcp/disconnect',
    run: (call, ids) => post(call, `/v1/agent/${ids.agent}/mcp/disconnect`, { mcp_id: ids.linked }),
    A: [],
    B: [],
  },
  {
    operation: 'PUT /__mock/mcp-servers/{id} (tools and the error status)',
    run: (call, ids) =>
      call('PUT', `/__mock/mcp-servers/${ids.linked}`, {
        body: { tools: [{ name: 'lookup' }], error: true },
      }),
    A: [],
    B: [],
  },
  {
    operation: 'DELETE /v1/mcp-servers/{id} (connected)',
    run: (call, ids) => call('DELETE', `/v1/mcp-servers/${ids.linked}`),
    A: [],
    B: [],
  },
  {
    operation: 'POST /v1/agents',
    run: (call) => post(call, '/v1/agents', { name: 'Quiet' }),
    A: [],
    B: [],
  },
  {
    operation: 'POST /v1/custom-fields',
    run: (call) => post(call, '/v1/custom-fields', { name: 'f', type: 'text' }),
    A: [],
    B: [],
  },
  {
    operation: 'POST /v1/webhooks',
    run: (call) => post(call, '/v1/webhooks', { url: 'https://h.test', events: ['*'] }),
    A: [],
    B: [],
  },
];

describe('the spec, of each operation in the table', () => {
  const spec = loadSpec();
  const ops = new Map(listOperations(spec).map((o) => [`${o.method} ${o.path}`, o.op]));

  it('names in its description every event it fires, saying which variant when they differ', () => {
    const missing: string[] = [];
    for (const row of TABLE) {
      const [method, path] = row.operation.split(' ');
      const op = ops.get(`${method} ${path}`);
      if (!op) continue; // the control API's, not the spec's
      const text = String(op.description ?? '').replace(/\s+/g, ' ');
      for (const event of new Set([...row.A, ...row.B])) {
        if (!text.includes(`\`${event}\``)) missing.push(`${row.operation}: ${event}`);
      }
      const differs = JSON.stringify(row.A) !== JSON.stringify(row.B);
      if (differs && !text.includes('Variant')) missing.push(`${row.operation}: which variant`);
    }
    expect(missing).toEqual([]);
  });
});

describe.each(transports)('domain events over $name', (transport) => {
  describe.each(['A', 'B'] as const)('Variant %s', (variant) => {
    const h = useMock(transport, { variant });
    const events = recordEvents(h);

    async function fixtures(): Promise<Ids> {
      const agent = (await post(h.call, '/v1/agents', { name: 'Support' })).body.data.id;
      const contact = (await post(h.call, '/v1/contacts', { name: 'Ada' })).body.data.id;
      const appointment = (
        await post(h.call, '/v1/appointments', {
          contact_id: contact,
          title: 'Call',
          starts_at: '2026-12-01T10:00:00Z',
        })
      ).body.data.id;
      const whatsapp = (await post(h.call, '/v1/channels', { name: 'WA', type: 'whatsapp' })).body
        .data.id;
      const widget = (await post(h.call, '/v1/channels', { name: 'Web' })).body.data.id;
      const other = (await post(h.call, '/v1/agents', { name: 'Other' })).body.data.id;
      const gone = (await post(h.call, '/v1/channels', { name: 'Gone', agent_id: other })).body.data
        .id;
      const channelless = (
        await post(h.call, `/v1/agents/${other}/conversation`, { message: 'Hi' })
      ).body.data.conversation_id;
      await post(h.call, `/v1/chats/${channelless}/start-human`);
      const orphaned = (await post(h.call, `/v1/agents/${other}/conversation`, { message: 'Hi' }))
        .body.data.conversation_id;
      await h.call('DELETE', `/v1/channels/${gone}`);
      // The Support agent has no channel (the two above are bound to none).
      const start = async () =>
        (await post(h.call, `/v1/agents/${agent}/conversation`, { message: 'Hi' })).body.data
          .conversation_id as string;
      const closed = await start();
      await post(h.call, `/v1/conversations/${closed}/close`);
      const human = await start();
      await post(h.call, `/v1/chats/${human}/start-human`);
      const server = async (name: string) =>
        (await post(h.call, '/v1/mcp-servers', { name, url: 'https://mcp.test' })).body.data
          .id as string;
      const mcp = await server('Docs');
      const linked = await server('CRM');
      await post(h.call, `/v1/agent/${agent}/mcp/connect`, { mcp_id: linked });
      events.take();
      return {
        agent,
        contact,
        appointment,
        whatsapp,
        widget,
        channelless,
        orphaned,
        closed,
        human,
        mcp,
        linked,
      };
    }

    for (const row of TABLE) {
      it(`${row.operation} emits ${JSON.stringify(row[variant])}`, async () => {
        const ids = await fixtures();
        await row.run(h.call, ids);
        expect(events.take()).toEqual(row[variant]);
      });
    }

    it('names every event in the variant vocabulary and shapes its data as the spec says', async () => {
      const ids = await fixtures();
      for (const row of TABLE) await row.run(h.call, ids).catch(() => undefined);
      const conversation = (
        await post(h.call, `/v1/agents/${ids.agent}/conversation`, { message: 'Hi' })
      ).body.data.conversation_id;
      await post(h.call, `/v1/chats/${conversation}/start-human`, {
        assigned_to: crypto.randomUUID(),
      });
      await post(h.call, `/v1/chats/${conversation}/messages`, { content: 'Human here' });
      await post(h.call, `/v1/chats/${conversation}/stop-human`);
      await post(h.call, `/v1/conversations/${conversation}/transfer`, {
        agent_id: (await post(h.call, '/v1/agents', { name: 'B' })).body.data.id,
      });
      await post(h.call, `/v1/conversations/${conversation}/close`);
      await post(h.call, `/v1/conversations/${conversation}/reopen`);
      const all = events.all();
      expect(all.length).toBeGreaterThan(10);
      for (const event of all) {
        expect(variantsOf(event.event), event.event).toContain(variant);
        expect(event.workspace_id).toBe(h.workspaceId);
        expect(domainEventProblems(event)).toEqual([]);
      }
    });
  });
});
