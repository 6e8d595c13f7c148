import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('agents and trainings over $name', (transport) => {
  const h = useMock(transport);

  it('creates an active agent with defaults, reads, updates partially, and deletes it', async () => {
    const created = await h.call('POST', '/v1/agents', {
      body: { name: 'Support', temperature: 0.2 },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Support',
      status: 'active',
      temperature: 0.2,
      model: 'default',
      description: null,
      created_at: '2026-11-20T10:00:00.000Z',
    });
    const id = created.body.data.id;
    await h.mock.clock.advance(5000);
    const updated = await h.call('PUT', `/v1/agents/${id}`, { body: { description: 'Helps' } });
    expect(updated.body.data).toMatchObject({
      name: 'Support',
      description: 'Helps',
      temperature: 0.2,
    });
    expect(updated.body.data.updated_at).toBe('2026-11-20T10:00:05.000Z');
    expect((await h.call('GET', `/v1/agents/${id}`)).body.data.description).toBe('Helps');
    expect((await h.call('DELETE', `/v1/agents/${id}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/agents/${id}`)).status).toBe(404);
  });

  it('deactivates and activates an agent, idempotently', async () => {
    const id = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    expect((await h.call('POST', `/v1/agents/${id}/deactivate`)).body.data.status).toBe('inactive');
    expect((await h.call('POST', `/v1/agents/${id}/deactivate`)).body.data.status).toBe('inactive');
    expect((await h.call('POST', `/v1/agents/${id}/activate`)).body.data.status).toBe('active');
  });

  it('stores trainings per type and checks content and url', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    const text = await h.call('POST', `/v1/agents/${agent}/trainings`, {
      body: { type: 'text', title: 'FAQ', content: 'Ship in 2 days' },
    });
    expect(text.status).toBe(201);
    expect(text.body.data).toMatchObject({
      agent_id: agent,
      type: 'text',
      content: 'Ship in 2 days',
      url: null,
    });
    const noUrl = await h.call('POST', `/v1/agents/${agent}/trainings`, { body: { type: 'url' } });
    expect(noUrl.status).toBe(400);
    expect(noUrl.body.error.details).toEqual([
      { field: 'url', rule: 'required', message: 'url: is required' },
    ]);
    const badType = await h.call('POST', `/v1/agents/${agent}/trainings`, {
      body: { type: 'pdf', url: 'https://x.test/a.pdf' },
    });
    expect(badType.body.error.details[0]).toMatchObject({ field: 'type', rule: 'enum' });
    const doc = await h.call('POST', `/v1/agents/${agent}/trainings`, {
      body: { type: 'document', url: 'https://x.test/a.pdf' },
    });
    const wrongField = await h.call('PUT', `/v1/trainings/${doc.body.data.id}`, {
      body: { content: 'x' },
    });
    expect(wrongField.status).toBe(400);
    expect(wrongField.body.error.message).toMatch(/^content: applies only to text trainings/);
    const list = await h.call('GET', `/v1/agents/${agent}/trainings?type=text`);
    expect(list.body.data.map((t: { id: string }) => t.id)).toEqual([text.body.data.id]);
    expect((await h.call('GET', `/v1/agents/${crypto.randomUUID()}/trainings`)).status).toBe(404);
  });

  const notHttp = [
    'javascript:alert(1)',
    'mailto:a@b.test',
    'file:///etc/passwd',
    'ftp://x.test/a',
  ];
  const httpOnly = (field: string) => [
    { field, rule: 'pattern', message: `${field}: must be an http or https URL` },
  ];

  it('takes only an http or https avatar_url, on create and update', async () => {
    for (const url of notHttp) {
      const created = await h.call('POST', '/v1/agents', { body: { name: 'A', avatar_url: url } });
      expect(created.status, url).toBe(400);
      expect(created.body.error.details).toEqual(httpOnly('avatar_url'));
    }
    const made = await h.call('POST', '/v1/agents', {
      body: { name: 'A', avatar_url: 'HTTPS://cdn.test/a.png' },
    });
    expect(made.status).toBe(201);
    const id = made.body.data.id;
    const moved = await h.call('PUT', `/v1/agents/${id}`, {
      body: { avatar_url: 'javascript:alert(1)' },
    });
    expect(moved.status).toBe(400);
    expect(moved.body.error.details).toEqual(httpOnly('avatar_url'));
    const cleared = await h.call('PUT', `/v1/agents/${id}`, { body: { avatar_url: null } });
    expect(cleared.body.data.avatar_url).toBeNull();
  });

  it('takes only an http or https training url, on create and update', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    for (const type of ['url', 'document']) {
      for (const url of notHttp) {
        const created = await h.call('POST', `/v1/agents/${agent}/trainings`, {
          body: { type, url },
        });
        expect(created.status, `${type} ${url}`).toBe(400);
        expect(created.body.error.details).toEqual(httpOnly('url'));
      }
      const made = await h.call('POST', `/v1/agents/${agent}/trainings`, {
        body: { type, url: 'http://docs.test/faq' },
      });
      expect(made.status).toBe(201);
      const moved = await h.call('PUT', `/v1/trainings/${made.body.data.id}`, {
        body: { url: 'file:///etc/passwd' },
      });
      expect(moved.status).toBe(400);
      expect(moved.body.error.details).toEqual(httpOnly('url'));
    }
  });

  it('deletes an agent with its trainings and unbinds its channels', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    const training = (
      await h.call('POST', `/v1/agents/${agent}/trainings`, {
        body: { type: 'text', content: 'x' },
      })
    ).body.data.id;
    const channel = (
      await h.call('POST', '/v1/channels', { body: { name: 'Web', agent_id: agent } })
    ).body.data.id;
    await h.call('DELETE', `/v1/agents/${agent}`);
    expect((await h.call('GET', `/v1/trainings/${training}`)).status).toBe(404);
    expect((await h.call('GET', `/v1/channels/${channel}`)).body.data.agent_id).toBeNull();
  });

  // api-decisions section 4: deleting an agent deletes its MCP links; the servers stay.
  it('deletes an agent with its MCP links: a server only it used is disconnected again', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    const other = (await h.call('POST', '/v1/agents', { body: { name: 'B' } })).body.data.id;
    const mcp = async (name: string) =>
      (
        await h.call('POST', '/v1/mcp-servers', {
          body: { name, url: `https://${name}.example/mcp` },
        })
      ).body.data.id;
    const own = await mcp('own');
    const shared = await mcp('shared');
    for (const [a, m] of [
      [agent, own],
      [agent, shared],
      [other, shared],
    ]) {
      expect(
        (await h.call('POST', `/v1/agent/${a}/mcp/connect`, { body: { mcp_id: m } })).status,
      ).toBe(200);
    }
    expect((await h.call('GET', `/v1/mcp-servers/${own}`)).body.data.status).toBe('connected');
    expect((await h.call('DELETE', `/v1/agents/${agent}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/mcp-servers/${own}`)).body.data.status).toBe('disconnected');
    expect((await h.call('GET', `/v1/mcp-servers/${shared}`)).body.data.status).toBe('connected');
    const listed = (await h.call('GET', `/v1/agent/${other}/mcp`)).body.data;
    expect(listed.map((s: { id: string }) => s.id)).toEqual([shared]);
  });
});
