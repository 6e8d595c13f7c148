// The model test's commands that move a chat: handoff and back, close, reopen, transfer.
import { expect } from 'vitest';
import {
  chatView,
  convView,
  type Expected,
  expectEvent,
  iso,
  type MConv,
  type Status,
} from './chat-model.js';
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

/**
 * A command that moves a conversation from one of the statuses `from` to `to` by `POST /v1/{path}`,
 * answered with the chat view and firing `event` (with `view`); from any other status it is 409
 * naming `needs`. Leaving `human` clears the handoff's fields.
 */
const transition =
  (
    name: string,
    path: (id: string) => string,
    action: string,
    from: readonly Status[],
    needs: string,
    to: Status,
    event: string,
    view: (c: MConv) => unknown,
  ) =>
  (convN: number) =>
    new Cmd(
      `${name}(${convN})`,
      async (m, r) => {
        const c = pick(m.convs, convN);
        const out: Expected[] = [];
        const res = await r.call('POST', `/v1/${path(c.id)}`);
        if (!from.includes(c.status)) {
          const e = conflict(c, action, needs);
          await expectError(res, e.status, e.message);
        } else {
          if (c.status === 'human') {
            c.assigned_to = null;
            c.human_started_at = null;
          }
          c.status = to;
          c.changes++;
          c.updated_at = iso(m);
          expect(res.status).toBe(200);
          expect(res.body.data).toEqual(chatView(c));
          expectEvent(m, out, event, view(c));
        }
        await emitted(m, r, out, name);
      },
      (m) => m.convs.length > 0,
    );

export const stopHuman = transition(
  'stopHuman',
  (id) => `chats/${id}/stop-human`,
  'stop-human',
  ['human'],
  'human',
  'open',
  'handoff.completed',
  chatView,
);

export const close = transition(
  'close',
  (id) => `conversations/${id}/close`,
  'close',
  ['open', 'human'],
  'open or human',
  'closed',
  'conversation.closed',
  convView,
);

export const reopen = transition(
  'reopen',
  (id) => `conversations/${id}/reopen`,
  'reopen',
  ['closed'],
  'closed',
  'open',
  'conversation.reopened',
  convView,
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
