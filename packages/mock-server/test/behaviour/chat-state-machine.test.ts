import { describe, expect, it } from 'vitest';
import { CONFLICT_HINTS } from '../support/chat-model-run.js';
import { recordEvents } from '../support/events.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

type Status = 'open' | 'human' | 'closed';

interface Action {
  name: string;
  request(id: string, otherAgent: string, messageId: string): [string, string, unknown?];
  /** The status each allowed starting status leads to; absent: 409. */
  to: Partial<Record<Status, Status>>;
  /** The events it emits per starting status, per variant. */
  events: Partial<Record<Status, { A: string[]; B: string[] }>>;
}

const same = (names: string[]) => ({ A: names, B: names });
/** An action every status allows, which changes no status and emits nothing. */
const anyStatus = {
  to: { open: 'open', human: 'human', closed: 'closed' },
  events: { open: same([]), human: same([]), closed: same([]) },
} as const;

/** A customer's message, by the API or from the channel: the agent answers unless a human has the chat. */
const customerMessage: Pick<Action, 'to' | 'events'> = {
  to: { open: 'open', human: 'human', closed: 'open' },
  events: {
    open: same(['message.received', 'message.sent']),
    human: same(['message.received']),
    closed: {
      A: ['message.received', 'message.sent'],
      B: ['conversation.reopened', 'message.received', 'message.sent'],
    },
  },
};

const ACTIONS: Action[] = [
  {
    name: 'start-human',
    request: (id) => ['POST', `/v1/chats/${id}/start-human`],
    to: { open: 'human' },
    events: { open: same(['agent.handoff_started']) },
  },
  {
    name: 'send-message',
    request: (id) => ['POST', `/v1/chats/${id}/messages`, { content: 'A person here.' }],
    to: { human: 'human' },
    events: { human: same(['message.sent']) },
  },
  {
    name: 'stop-human',
    request: (id) => ['POST', `/v1/chats/${id}/stop-human`],
    to: { human: 'open' },
    events: { human: same(['agent.handoff_completed']) },
  },
  {
    name: 'close',
    request: (id) => ['POST', `/v1/conversations/${id}/close`],
    to: { open: 'closed', human: 'closed' },
    events: { open: same(['conversation.closed']), human: same(['conversation.closed']) },
  },
  {
    name: 'reopen',
    request: (id) => ['POST', `/v1/conversations/${id}/reopen`],
    to: { closed: 'open' },
    events: { closed: { A: [], B: ['conversation.reopened'] } },
  },
  {
    name: 'customer message',
    request: (id) => [
      'POST',
      `/v1/conversations/${id}/messages`,
      { message: 'Where is my order?' },
    ],
    ...customerMessage,
  },
  {
    // The same customer message, arriving from the channel (control API).
    name: 'inbound message',
    request: (id) => [
      'POST',
      `/__mock/conversations/${id}/inbound`,
      { content: 'Where is my order?' },
    ],
    ...customerMessage,
  },
  {
    name: 'edit message',
    request: (id, _agent, messageId) => [
      'PUT',
      `/v1/conversations/${id}/messages/${messageId}`,
      { content: 'Edited' },
    ],
    ...anyStatus,
  },
  {
    name: 'delete chat message',
    request: (id, _agent, messageId) => ['DELETE', `/v1/chats/${id}/messages/${messageId}`],
    ...anyStatus,
  },
  {
    name: 'delete message',
    request: (_id, _agent, messageId) => ['DELETE', `/v1/messages/${messageId}`],
    ...anyStatus,
  },
  {
    name: 'transfer',
    request: (id, otherAgent) => [
      'POST',
      `/v1/conversations/${id}/transfer`,
      { agent_id: otherAgent },
    ],
    to: { open: 'open', human: 'human' },
    events: {
      open: { A: ['conversation.transferred'], B: ['agent.transferred'] },
      human: { A: ['conversation.transferred'], B: ['agent.transferred'] },
    },
  },
];

const STATUSES: Status[] = ['open', 'human', 'closed'];
const NEEDS: Record<string, string> = {
  'start-human': 'open',
  'send-message': 'human',
  'stop-human': 'human',
  close: 'open or human',
  reopen: 'closed',
  transfer: 'open or human',
};

describe.each(transports)('the chat state machine over $name', (transport) => {
  describe.each(['A', 'B'] as const)('Variant %s', (variant) => {
    const h = useMock(transport, { variant });
    const events = recordEvents(h);

    async function chatIn(
      status: Status,
    ): Promise<{ id: string; otherAgent: string; messageId: string }> {
      const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Support' } })).body.data
        .id;
      const otherAgent = (await h.call('POST', '/v1/agents', { body: { name: 'Backup' } })).body
        .data.id;
      const started = (
        await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hello' } })
      ).body.data;
      const id: string = started.conversation_id;
      if (status === 'human') await h.call('POST', `/v1/chats/${id}/start-human`);
      if (status === 'closed') await h.call('POST', `/v1/conversations/${id}/close`);
      expect((await h.call('GET', `/v1/chats/${id}`)).body.data.status).toBe(status);
      events.take();
      return { id, otherAgent, messageId: started.message_id };
    }

    for (const action of ACTIONS) {
      for (const from of STATUSES) {
        const to = action.to[from];
        if (to) {
          it(`${from} + ${action.name} -> ${to}`, async () => {
            const { id, otherAgent, messageId } = await chatIn(from);
            const [method, path, body] = action.request(id, otherAgent, messageId);
            const res = await h.call(method, path, { body });
            expect(res.status).toBeLessThan(300);
            expect((await h.call('GET', `/v1/chats/${id}`)).body.data.status).toBe(to);
            expect(events.take()).toEqual(action.events[from]?.[variant]);
          });
        } else {
          it(`${from} + ${action.name} -> 409, nothing changes`, async () => {
            const { id, otherAgent, messageId } = await chatIn(from);
            const before = h.mock.exportState();
            const [method, path, body] = action.request(id, otherAgent, messageId);
            const res = await h.call(method, path, { body });
            expect(res.status).toBe(409);
            expect(res.body.error.code).toBe('CONFLICT');
            expect(res.body.error.message).toBe(
              `chat ${id} is ${from}; ${action.name} needs ${NEEDS[action.name]}${
                CONFLICT_HINTS[action.name]?.[from]
                  ? `: ${CONFLICT_HINTS[action.name]?.[from]}`
                  : ''
              }`,
            );
            expect(h.mock.exportState()).toEqual(before);
            expect(events.take()).toEqual([]);
          });
        }
      }
    }

    it('sets assigned_to and human_started_at while human, and clears them after', async () => {
      const { id } = await chatIn('open');
      const assignee = crypto.randomUUID();
      await h.mock.clock.advance(1000);
      const started = await h.call('POST', `/v1/chats/${id}/start-human`, {
        body: { assigned_to: assignee },
      });
      expect(started.body.data).toMatchObject({
        status: 'human',
        assigned_to: assignee,
        human_started_at: '2026-11-20T10:00:01.000Z',
      });
      expect(events.take()).toEqual(
        variant === 'B'
          ? ['agent.handoff_started', 'conversation.assigned']
          : ['agent.handoff_started'],
      );
      const stopped = await h.call('POST', `/v1/chats/${id}/stop-human`);
      expect(stopped.body.data).toMatchObject({
        status: 'open',
        assigned_to: null,
        human_started_at: null,
      });
    });
  });
});
