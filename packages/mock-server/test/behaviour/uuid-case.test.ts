import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('UUIDs in any case over $name', (transport) => {
  const h = useMock(transport);
  const upper = (id: string) => id.toUpperCase();

  async function create(path: string, body: unknown): Promise<string> {
    const res = await h.call('POST', path, { body });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    return res.body.data.id ?? res.body.data.conversation_id;
  }

  it('finds a resource by its id in upper case, and answers with the id in lower case', async () => {
    const agent = await create('/v1/agents', { name: 'Support' });
    const read = await h.call('GET', `/v1/agents/${upper(agent)}`);
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(agent);
    const renamed = await h.call('PUT', `/v1/agents/${upper(agent)}`, { body: { name: 'Help' } });
    expect(renamed.body.data).toMatchObject({ id: agent, name: 'Help' });
    expect((await h.call('POST', `/v1/agents/${upper(agent)}/deactivate`)).status).toBe(200);
    expect((await h.call('DELETE', `/v1/agents/${upper(agent)}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/agents/${agent}`)).status).toBe(404);
  });

  it('names a missing id in lower case', async () => {
    const res = await h.call('GET', '/v1/agents/9CF80865-E861-40AD-9A3B-5E6F7A8B9C0D');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toContain('9cf80865-e861-40ad-9a3b-5e6f7a8b9c0d');
    expect(res.body.error.message).not.toContain('9CF80865');
  });

  it('stores ids given in a body in lower case and finds what they refer to', async () => {
    const agent = await create('/v1/agents', { name: 'Support' });
    const contact = await create('/v1/contacts', { name: 'Ada' });
    const channel = await h.call('POST', '/v1/channels', {
      body: { name: 'Web', agent_id: upper(agent) },
    });
    expect(channel.status).toBe(201);
    expect(channel.body.data.agent_id).toBe(agent);
    const started = await h.call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'Hello', contact_id: upper(contact) },
    });
    expect(started.status).toBe(200);
    const conversation = started.body.data.conversation_id;
    expect((await h.call('GET', `/v1/conversations/${conversation}`)).body.data.contact_id).toBe(
      contact,
    );
    const appointment = await h.call('POST', '/v1/appointments', {
      body: {
        contact_id: upper(contact),
        agent_id: upper(agent),
        title: 'Call',
        starts_at: '2026-12-01T10:00:00Z',
      },
    });
    expect(appointment.status).toBe(201);
    expect(appointment.body.data).toMatchObject({ contact_id: contact, agent_id: agent });
    const mcp = await create('/v1/mcp-servers', { name: 'Docs', url: 'https://mcp.test' });
    const connected = await h.call('POST', `/v1/agent/${upper(agent)}/mcp/connect`, {
      body: { mcp_id: upper(mcp) },
    });
    expect(connected.status).toBe(200);
    expect(connected.body.data.id).toBe(mcp);
    const handoff = await h.call('POST', `/v1/chats/${upper(conversation)}/start-human`, {
      body: { assigned_to: upper(contact) },
    });
    expect(handoff.status).toBe(200);
    expect(handoff.body.data).toMatchObject({ id: conversation, assigned_to: contact });
  });

  it('filters by an id given in upper case in the query', async () => {
    const agent = await create('/v1/agents', { name: 'Support' });
    const contact = await create('/v1/contacts', { name: 'Ada' });
    await create('/v1/channels', { name: 'Web', agent_id: agent });
    await create(`/v1/agents/${agent}/conversation`, { message: 'Hi', contact_id: contact });
    const channels = await h.call('GET', `/v1/channels?agent_id=${upper(agent)}`);
    expect(channels.body.pagination.total).toBe(1);
    const byAgent = await h.call('GET', `/v1/conversations?agent_id=${upper(agent)}`);
    expect(byAgent.body.pagination.total).toBe(1);
    const byContact = await h.call('GET', `/v1/conversations?contact_id=${upper(contact)}`);
    expect(byContact.body.pagination.total).toBe(1);
  });

  it('reaches resources of an imported snapshot whose ids are in upper case', async () => {
    const agent = await create('/v1/agents', { name: 'Imported' });
    const state = (await h.call('GET', '/__mock/state')).body;
    // A hand-written fixture: every id and reference in upper case.
    const shout = JSON.parse(
      JSON.stringify(state).replace(
        /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g,
        (id) => id.toUpperCase(),
      ),
    );
    expect((await h.call('PUT', '/__mock/state', { body: shout })).status).toBe(204);
    const read = await h.call('GET', `/v1/agents/${agent}`);
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(agent);
    expect((await h.call('GET', `/v1/agents/${upper(agent)}`)).status).toBe(200);
    // The key still works: its workspace matched in lower case.
    expect((await h.call('GET', '/v1/agents')).body.pagination.total).toBe(1);
  });

  it('takes ids in upper case in the control API too', async () => {
    const channel = await create('/v1/channels', { name: 'WA', type: 'whatsapp' });
    const paired = await h.call('POST', `/__mock/channels/${upper(channel)}/pair`);
    expect(paired.status).toBe(200);
    expect(paired.body.data.id).toBe(channel);
    const status = await h.call('PUT', `/__mock/channels/${upper(channel)}/status`, {
      body: { status: 'error' },
    });
    expect(status.body.data.status).toBe('error');
    const key = await h.call('POST', '/__mock/api-keys', {
      body: { scopes: 'all', workspace_id: upper(h.workspaceId) },
    });
    expect(key.status).toBe(201);
    expect(key.body.data.workspace_id).toBe(h.workspaceId);
    const server = await create('/v1/mcp-servers', { name: 'Docs', url: 'https://mcp.test/sse' });
    expect(h.mock.setMcpServer(upper(server), { error: true }).status).toBe('error');
  });
});
