// The model test's commands on messages: a conversation started, customer messages (answered at
// once or slowly), human replies, edits, deletions and receipts.
import { expect } from 'vitest';
import type { DomainEvent } from '../../src/index.js';
import {
  agentOf,
  answerOf,
  chatMessageView,
  convView,
  deadChannel,
  type Expected,
  expectEvent,
  iso,
  type MAgent,
  type MConv,
  type MMsg,
  type Model,
  messageView,
  type Pending,
} from './chat-model.js';
import { Cmd, conflict, emitted, expectError, pick, store, tick } from './chat-model-run.js';

export const startConversation = (agentN: number, contactN: number | null, text: string) =>
  new Cmd(
    `startConversation(${agentN}, ${contactN}, ${JSON.stringify(text)})`,
    async (m, r) => {
      const agent = pick(m.agents, agentN);
      const contact =
        contactN === null || m.contacts.length === 0 ? null : pick(m.contacts, contactN);
      const res = await r.call('POST', `/v1/agents/${agent.id}/conversation`, {
        body: { message: text, ...(contact ? { contact_id: contact.id } : {}) },
      });
      const out: Expected[] = [];
      if (agent.deleted || contact?.deleted) await expectError(res, 404);
      else if (agent.status !== 'active') await expectError(res, 409);
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        const { conversation_id, message_id, response_message_id } = res.body.data;
        const channel = m.channels.find(
          (ch) => !ch.deleted && ch.agent_id === agent.id && ch.status === 'active',
        );
        const c: MConv = {
          id: conversation_id,
          agent_id: agent.id,
          contact_id: contact?.id ?? null,
          channel_id: channel?.id ?? null,
          channelDeleted: false,
          status: 'open',
          assigned_to: null,
          human_started_at: null,
          created_at: iso(m),
          updated_at: iso(m),
          changes: 0,
        };
        m.convs.push(c);
        expectEvent(m, out, 'conversation.created', convView(c));
        const received = store(m, c, message_id, {
          content: text,
          sender: 'customer',
          sender_id: c.contact_id,
          status: 'delivered',
        });
        expectEvent(m, out, 'message.received', messageView(received));
        const reply = store(m, c, response_message_id, {
          content: answerOf(agent.name, text),
          sender: 'agent',
          sender_id: agent.id,
          status: 'sent',
        });
        expectEvent(m, out, 'message.sent', messageView(reply));
        expect(res.body.data).toEqual({
          conversation_id: c.id,
          response: reply.content,
          message_id: received.id,
          response_message_id: reply.id,
        });
      }
      await emitted(m, r, out, 'startConversation');
    },
    (m) => m.agents.length > 0,
  );

/** The AI's answer to `text`, stored as the mock stores it (failed when the channel cannot carry it). */
function aiAnswer(
  m: Model,
  c: MConv,
  agent: MAgent,
  id: string,
  text: string,
  out: Expected[],
): MMsg {
  const failed = deadChannel(m, c);
  const reply = store(m, c, id, {
    content: answerOf(agent.name, text),
    sender: 'agent',
    sender_id: agent.id,
    status: failed ? 'failed' : 'sent',
  });
  expectEvent(m, out, failed ? 'message.failed' : 'message.sent', messageView(reply));
  return reply;
}

export const customerMessage = (convN: number, text: string, inbound: boolean) =>
  new Cmd(
    `customerMessage(${convN}, ${JSON.stringify(text)}, ${inbound ? 'inbound' : 'api'})`,
    async (m, r) => {
      const c = pick(m.convs, convN);
      const out: Expected[] = [];
      const res = inbound
        ? await r.call('POST', `/__mock/conversations/${c.id}/inbound`, { body: { content: text } })
        : await r.call('POST', `/v1/conversations/${c.id}/messages`, { body: { message: text } });
      if (inbound && deadChannel(m, c)) {
        await expectError(res, 409);
        await emitted(m, r, out, 'inbound');
        return;
      }
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      if (c.status === 'closed') {
        c.status = 'open';
        c.changes++;
        c.updated_at = iso(m);
        expectEvent(m, out, 'conversation.reopened', convView(c));
      }
      const messageId = inbound ? res.body.data.message.id : res.body.data.message_id;
      const received = store(m, c, messageId, {
        content: text,
        sender: 'customer',
        sender_id: c.contact_id,
        status: 'delivered',
      });
      expectEvent(m, out, 'message.received', messageView(received));
      const agent = agentOf(m, c);
      let reply: MMsg | null = null;
      if (c.status === 'open' && agent && agent.status === 'active') {
        let replyId: string;
        if (inbound) {
          const newest = await r.call('GET', `/v1/conversations/${c.id}/messages?limit=1`);
          replyId = newest.body.data[0].id;
        } else replyId = res.body.data.response_message_id;
        reply = aiAnswer(m, c, agent, replyId, text, out);
      }
      if (inbound) {
        expect(res.body.data).toEqual({
          message: messageView(received),
          response: reply?.content ?? null,
        });
      } else {
        expect(res.body.data).toEqual({
          conversation_id: c.id,
          response: reply?.content ?? null,
          message_id: received.id,
          response_message_id: reply?.id ?? null,
        });
      }
      await emitted(m, r, out, 'customerMessage');
    },
    (m) => m.convs.length > 0,
  );

export const humanReply = (convN: number, text: string, image: boolean) =>
  new Cmd(
    `humanReply(${convN}, ${JSON.stringify(text)}, ${image})`,
    async (m, r) => {
      const c = pick(m.convs, convN);
      const out: Expected[] = [];
      const media = image ? { type: 'image', media_url: 'https://cdn.test/photo.PNG' } : {};
      const res = await r.call('POST', `/v1/chats/${c.id}/messages`, {
        body: { content: text, ...media },
      });
      if (c.status !== 'human') {
        const e = conflict(c, 'send-message', 'human');
        await expectError(res, e.status, e.message);
      } else {
        expect(res.status, JSON.stringify(res.body)).toBe(201);
        const failed = deadChannel(m, c);
        const msg = store(m, c, res.body.data.id, {
          content: text,
          sender: 'human',
          sender_id: c.assigned_to,
          status: failed ? 'failed' : 'sent',
          ...(image ? { type: 'image', media_url: media.media_url, media_type: 'image/png' } : {}),
        });
        expect(res.body.data).toEqual(chatMessageView(msg));
        expectEvent(m, out, failed ? 'message.failed' : 'message.sent', messageView(msg));
      }
      await emitted(m, r, out, 'humanReply');
    },
    (m) => m.convs.length > 0,
  );

export const editMessage = (msgN: number, convN: number | null, long: boolean) =>
  new Cmd(
    `editMessage(${msgN}, ${convN}, ${long})`,
    async (m, r) => {
      const msg = pick(m.msgs, msgN);
      const conv = convN === null ? msg.conversation_id : pick(m.convs, convN).id;
      const content = long ? 'é'.repeat(4097) : `edited ${msgN}`;
      const res = await r.call('PUT', `/v1/conversations/${conv}/messages/${msg.id}`, {
        body: { content },
      });
      if (msg.deleted || conv !== msg.conversation_id) await expectError(res, 404);
      else if (long && msg.sender === 'human') await expectError(res, 400);
      else {
        msg.content = content;
        msg.is_edited = true;
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(messageView(msg));
        const read = await r.call('GET', `/v1/messages/${msg.id}`);
        expect(read.body.data).toEqual(messageView(msg));
      }
      await emitted(m, r, [], 'editMessage');
    },
    (m) => m.msgs.length > 0,
  );

export const deleteMessage = (msgN: number, viaChat: boolean) =>
  new Cmd(
    `deleteMessage(${msgN}, ${viaChat ? 'chat' : 'messages'})`,
    async (m, r) => {
      const msg = pick(m.msgs, msgN);
      const path = viaChat
        ? `/v1/chats/${msg.conversation_id}/messages/${msg.id}`
        : `/v1/messages/${msg.id}`;
      const res = await r.call('DELETE', path);
      if (msg.deleted) await expectError(res, 404);
      else {
        expect(res.status).toBe(204);
        msg.deleted = true;
      }
      const read = await r.call('GET', `/v1/messages/${msg.id}`);
      expect(read.status).toBe(404);
      await emitted(m, r, [], 'deleteMessage');
    },
    (m) => m.msgs.length > 0,
  );

export const ORDER = { sent: 0, delivered: 1, read: 2 } as const;

export const receipt = (msgN: number, status: 'delivered' | 'read') =>
  new Cmd(
    `receipt(${msgN}, ${status})`,
    async (m, r) => {
      const msg = pick(m.msgs, msgN);
      const out: Expected[] = [];
      const res = await r.call('PUT', `/__mock/messages/${msg.id}/status`, { body: { status } });
      if (msg.deleted) await expectError(res, 404);
      else if (msg.sender === 'customer' || msg.status === 'failed') await expectError(res, 409);
      else if (ORDER[msg.status] > ORDER[status]) await expectError(res, 409);
      else {
        for (const next of ['delivered', 'read'] as const) {
          if (ORDER[next] <= ORDER[msg.status] || ORDER[next] > ORDER[status]) continue;
          msg.status = next;
          expectEvent(m, out, `message.${next}`, messageView(msg));
        }
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(chatMessageView(msg));
      }
      await emitted(m, r, out, 'receipt');
    },
    (m) => m.msgs.length > 0,
  );

export const askSlowly = (convN: number, text: string) =>
  new Cmd(
    `askSlowly(${convN}, ${JSON.stringify(text)})`,
    async (m, r) => {
      const c = pick(m.convs, convN);
      const agent = agentOf(m, c) as MAgent;
      r.gated = true;
      const before = r.gates.length;
      const response = r.call('POST', `/v1/conversations/${c.id}/messages`, {
        body: { message: text },
      });
      while (r.gates.length === before) await tick();
      r.gated = false;
      const release = r.gates.pop() as () => void;
      const out: Expected[] = [];
      if (c.status === 'closed') {
        c.status = 'open';
        c.changes++;
        c.updated_at = iso(m);
        expectEvent(m, out, 'conversation.reopened', convView(c));
      }
      const event = r.events.find((e) => e.event === 'message.received') as DomainEvent;
      const messageId = (event.data as { id: string }).id;
      const received = store(m, c, messageId, {
        content: text,
        sender: 'customer',
        sender_id: c.contact_id,
        status: 'delivered',
      });
      expectEvent(m, out, 'message.received', messageView(received));
      m.pending.push({
        conv: c,
        agentId: agent.id,
        text,
        turn: c.changes,
        release,
        response,
        messageId,
      });
      await emitted(m, r, out, 'askSlowly');
    },
    (m) => {
      if (m.convs.length === 0) return false;
      const c = pick(m.convs, convN);
      return c.status !== 'human' && agentOf(m, c)?.status === 'active';
    },
  );

/** The oldest AI answer still waiting comes: stored, or dropped when the chat changed meanwhile. */
export const answerNext = () =>
  new Cmd(
    'answerNext()',
    async (m, r) => {
      const p = m.pending.shift() as Pending;
      p.release();
      const res = await p.response;
      expect(res.status).toBe(200);
      const c = p.conv;
      const agent = m.agents.find((a) => a.id === p.agentId && !a.deleted);
      const out: Expected[] = [];
      let reply: MMsg | null = null;
      if (c.changes === p.turn && c.status === 'open' && agent?.status === 'active') {
        reply = aiAnswer(m, c, agent, res.body.data.response_message_id, p.text, out);
      }
      expect(res.body.data).toEqual({
        conversation_id: c.id,
        response: reply?.content ?? null,
        message_id: p.messageId,
        response_message_id: reply?.id ?? null,
      });
      await emitted(m, r, out, 'answerNext');
    },
    (m) => m.pending.length > 0,
  );
