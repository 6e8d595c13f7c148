// The model test's commands on what lies under a chat: the clock, agents, contacts, channels, and
// the whole state exported and imported again.
import { expect } from 'vitest';
import { type Expected, expectEvent, iso } from './chat-model.js';
import { Cmd, emitted, expectError, pick } from './chat-model-run.js';

export const advance = (ms: number) =>
  new Cmd(`advance(${ms})`, async (m, r) => {
    await r.mock.clock.advance(ms);
    m.now += ms;
    await emitted(m, r, [], 'advance');
  });

export const createAgent = () =>
  new Cmd(
    'createAgent()',
    async (m, r) => {
      const name = `Agent ${m.agents.length}`;
      const res = await r.call('POST', '/v1/agents', { body: { name } });
      expect(res.status).toBe(201);
      m.agents.push({ id: res.body.data.id, name, status: 'active', deleted: false });
      await emitted(m, r, [], 'createAgent');
    },
    (m) => m.agents.length < 4,
  );

export const setAgentStatus = (agentN: number, status: 'active' | 'inactive') =>
  new Cmd(
    `setAgentStatus(${agentN}, ${status})`,
    async (m, r) => {
      const agent = pick(m.agents, agentN);
      const verb = status === 'active' ? 'activate' : 'deactivate';
      const res = await r.call('POST', `/v1/agents/${agent.id}/${verb}`);
      if (agent.deleted) await expectError(res, 404);
      else {
        expect(res.status).toBe(200);
        if (agent.status !== status) {
          for (const c of m.convs) if (c.agent_id === agent.id) c.changes++;
        }
        agent.status = status;
        expect(res.body.data.status).toBe(status);
      }
      await emitted(m, r, [], 'setAgentStatus');
    },
    (m) => m.agents.length > 0,
  );

export const deleteAgent = (agentN: number) =>
  new Cmd(
    `deleteAgent(${agentN})`,
    async (m, r) => {
      const agent = pick(m.agents, agentN);
      const res = await r.call('DELETE', `/v1/agents/${agent.id}`);
      if (agent.deleted) await expectError(res, 404);
      else {
        expect(res.status).toBe(204);
        agent.deleted = true;
        for (const ch of m.channels) if (ch.agent_id === agent.id) ch.agent_id = null;
      }
      await emitted(m, r, [], 'deleteAgent');
    },
    (m) => m.agents.length > 0,
  );

export const createContact = () =>
  new Cmd(
    'createContact()',
    async (m, r) => {
      const res = await r.call('POST', '/v1/contacts', {
        body: { name: `Contact ${m.contacts.length}` },
      });
      expect(res.status).toBe(201);
      m.contacts.push({ id: res.body.data.id, deleted: false });
      const out: Expected[] = [];
      expectEvent(m, out, 'contact.created', res.body.data);
      await emitted(m, r, out, 'createContact');
    },
    (m) => m.contacts.length < 3,
  );

export const deleteContact = (contactN: number) =>
  new Cmd(
    `deleteContact(${contactN})`,
    async (m, r) => {
      const contact = pick(m.contacts, contactN);
      const before = (await r.call('GET', `/v1/contacts/${contact.id}`)).body.data;
      const res = await r.call('DELETE', `/v1/contacts/${contact.id}`);
      const out: Expected[] = [];
      if (contact.deleted) await expectError(res, 404);
      else {
        expect(res.status).toBe(204);
        contact.deleted = true;
        for (const c of m.convs) {
          if (c.contact_id !== contact.id) continue;
          c.contact_id = null;
          c.updated_at = iso(m);
        }
        expectEvent(m, out, 'contact.deleted', before);
      }
      await emitted(m, r, out, 'deleteContact');
    },
    (m) => m.contacts.length > 0,
  );

export const createChannel = (agentN: number | null, type: 'widget' | 'whatsapp') =>
  new Cmd(
    `createChannel(${agentN}, ${type})`,
    async (m, r) => {
      const agent = agentN === null || m.agents.length === 0 ? null : pick(m.agents, agentN);
      const res = await r.call('POST', '/v1/channels', {
        body: {
          name: `Channel ${m.channels.length}`,
          type,
          ...(agent ? { agent_id: agent.id } : {}),
        },
      });
      const out: Expected[] = [];
      if (agent?.deleted) await expectError(res, 404);
      else {
        expect(res.status).toBe(201);
        const status = type === 'widget' ? 'active' : 'pending';
        m.channels.push({
          id: res.body.data.id,
          type,
          status,
          agent_id: agent?.id ?? null,
          deleted: false,
        });
        expect(res.body.data).toMatchObject({ status, agent_id: agent?.id ?? null });
        if (status === 'active') expectEvent(m, out, 'channel.connected', res.body.data);
      }
      await emitted(m, r, out, 'createChannel');
    },
    (m) => m.channels.length < 3,
  );

export const setChannelStatus = (
  chN: number,
  status: 'pair' | 'active' | 'disconnected' | 'error',
) =>
  new Cmd(
    `setChannelStatus(${chN}, ${status})`,
    async (m, r) => {
      const ch = pick(m.channels, chN);
      const res =
        status === 'pair'
          ? await r.call('POST', `/__mock/channels/${ch.id}/pair`)
          : await r.call('PUT', `/__mock/channels/${ch.id}/status`, { body: { status } });
      const out: Expected[] = [];
      const to = status === 'pair' ? 'active' : status;
      if (ch.deleted) await expectError(res, 404);
      else if (status === 'pair' && ch.type !== 'whatsapp') await expectError(res, 409);
      else {
        expect(res.status, JSON.stringify(res.body)).toBe(200);
        if (ch.status !== to) {
          ch.status = to;
          const kind = { active: 'connected', disconnected: 'disconnected', error: 'error' }[to];
          expectEvent(m, out, `channel.${kind}`, res.body.data);
        }
        expect(res.body.data.status).toBe(to);
      }
      await emitted(m, r, out, 'setChannelStatus');
    },
    (m) => m.channels.length > 0,
  );

export const deleteChannel = (chN: number) =>
  new Cmd(
    `deleteChannel(${chN})`,
    async (m, r) => {
      const ch = pick(m.channels, chN);
      const before = (await r.call('GET', `/v1/channels/${ch.id}`)).body.data;
      const res = await r.call('DELETE', `/v1/channels/${ch.id}`);
      const out: Expected[] = [];
      if (ch.deleted) await expectError(res, 404);
      else {
        expect(res.status).toBe(204);
        ch.deleted = true;
        for (const c of m.convs) {
          if (c.channel_id !== ch.id) continue;
          c.channel_id = null;
          c.channelDeleted = true;
          c.updated_at = iso(m);
        }
        expectEvent(m, out, 'channel.disconnected', { ...before, status: 'disconnected' });
      }
      await emitted(m, r, out, 'deleteChannel');
    },
    (m) => m.channels.length > 0,
  );

/**
 * The state is exported and imported again (through JSON, as PUT /__mock/state would): everything
 * reads the same, and an AI answer still being thought about belongs to the state replaced, so it
 * is dropped, as after a reset.
 */
export const roundTrip = () =>
  new Cmd('roundTrip()', async (m, r) => {
    r.mock.importState(JSON.parse(JSON.stringify(r.mock.exportState())));
    expect(r.mock.clock.now()).toBe(m.now);
    for (const p of m.pending) p.turn = -1;
    await emitted(m, r, [], 'roundTrip');
  });
