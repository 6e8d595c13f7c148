// The model test's commands that move a chat: handoff and back, close, reopen, transfer.
import { expect } from 'vitest';
import { chatView, convView, type Expected, expectEvent, iso } from './chat-model.js';
import { Cmd, conflict, emitted, expectError, pick } from './chat-model-run.js';

export const startHuman = (convN: number, assignee: string | null) =>
  new Cmd(
    `startHuman(${convN}, ${assignee})`,
    async (m, r) => {
      const c = pick(m.convs, convN);
      const out: Expected[] = [];
      const res = await r.call('POST', `/v1/chats/${c.id}/start-human`, {
        body: assignee ? { assigned_to: assignee } : undefined,
      });
      if (c.status !== 'open') {
        const e = conflict(c, 'start-human', 'open');
        await expectError(res, e.status, e.message);
      } else {
        c.status = 'human';
        c.changes++;
        c.assigned_to = assignee;
        c.human_started_at = iso(m);
        c.updated_at = iso(m);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(chatView(c));
        expectEvent(m, out, 'handoff.started', chatView(c));
        if (assignee) expectEvent(m, out, 'conversation.assigned', chatView(c));
      }
      await emitted(m, r, out, 'startHuman');
    },
    (m) => m.convs.length > 0,
  );

export const stopHuman = (convN: number) =>
  new Cmd(
    `stopHuman(${convN})`,
    async (m, r) => {
      const c = pick(m.convs, convN);
      const out: Expected[] = [];
      const res = await r.call('POST', `/v1/chats/${c.id}/stop-human`);
      if (c.status !== 'human') {
        const e = conflict(c, 'stop-human', 'human');
        await expectError(res, e.status, e.message);
      } else {
        c.status = 'open';
        c.changes++;
        c.assigned_to = null;
        c.human_started_at = null;
        c.updated_at = iso(m);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(chatView(c));
        expectEvent(m, out, 'handoff.completed', chatView(c));
      }
      await emitted(m, r, out, 'stopHuman');
    },
    (m) => m.convs.length > 0,
  );

export const close = (convN: number) =>
  new Cmd(
    `close(${convN})`,
    async (m, r) => {
      const c = pick(m.convs, convN);
      const out: Expected[] = [];
      const res = await r.call('POST', `/v1/conversations/${c.id}/close`);
      if (c.status === 'closed') {
        const e = conflict(c, 'close', 'open or human');
        await expectError(res, e.status, e.message);
      } else {
        c.status = 'closed';
        c.changes++;
        c.assigned_to = null;
        c.human_started_at = null;
        c.updated_at = iso(m);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(chatView(c));
        expectEvent(m, out, 'conversation.closed', convView(c));
      }
      await emitted(m, r, out, 'close');
    },
    (m) => m.convs.length > 0,
  );

export const reopen = (convN: number) =>
  new Cmd(
    `reopen(${convN})`,
    async (m, r) => {
      const c = pick(m.convs, convN);
      const out: Expected[] = [];
      const res = await r.call('POST', `/v1/conversations/${c.id}/reopen`);
      if (c.status !== 'closed') {
        const e = conflict(c, 'reopen', 'closed');
        await expectError(res, e.status, e.message);
      } else {
        c.status = 'open';
        c.changes++;
        c.updated_at = iso(m);
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(chatView(c));
        expectEvent(m, out, 'conversation.reopened', convView(c));
      }
      await emitted(m, r, out, 'reopen');
    },
    (m) => m.convs.length > 0,
  );

export const transfer = (convN: number, agentN: number) =>
  new Cmd(
    `transfer(${convN}, ${agentN})`,
    async (m, r) => {
      const c = pick(m.convs, convN);
      const agent = pick(m.agents, agentN);
      const out: Expected[] = [];
      const res = await r.call('POST', `/v1/conversations/${c.id}/transfer`, {
        body: { agent_id: agent.id },
      });
      if (agent.deleted) await expectError(res, 404);
      else if (c.status === 'closed') {
        const e = conflict(c, 'transfer', 'open or human');
        await expectError(res, e.status, e.message);
      } else if (agent.status !== 'active') await expectError(res, 409);
      else {
        if (c.agent_id !== agent.id) {
          c.agent_id = agent.id;
          c.changes++;
          c.updated_at = iso(m);
          expectEvent(m, out, 'conversation.transferred', convView(c));
        }
        expect(res.status).toBe(200);
        expect(res.body.data).toEqual(convView(c));
      }
      await emitted(m, r, out, 'transfer');
    },
    (m) => m.convs.length > 0 && m.agents.length > 0,
  );
