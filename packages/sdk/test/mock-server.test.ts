import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  AgentPlatform,
  APIConnectionError,
  type APIError,
  AuthenticationError,
  type ClientOptions,
  type Clock,
  ConflictError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from '../src/index.js';
import { createMockServer, type MockServer, mswHandlers } from './support/mock-server.js';

const mock: MockServer = createMockServer({ clock: 'manual', startTime: '2026-11-20T10:00:00Z' });

/** The SDK sleeps on the mock's clock: waiting moves the server's time forward (the README's form). */
const mockClock: Clock = {
  now: () => mock.clock.now(),
  sleep: async (ms) => {
    await mock.clock.advance(ms);
  },
};

const msw = setupServer(...mswHandlers(mock));

// Built before MSW patches the global fetch: the SDK looks fetch up per request, so MSW still
// answers (openapi-fetch alone would have captured the unpatched fetch here).
const early = new AgentPlatform({ apiKey: 'set-later', baseUrl: mock.baseUrl, clock: mockClock });

// One suite, two transports: the in-process fetch, and MSW intercepting the global fetch.
const targets: [string, () => Partial<ClientOptions>][] = [
  ['mock.fetch', () => ({ fetch: mock.fetch })],
  ['MSW setupServer(...mswHandlers(mock))', () => ({})],
];

describe.each(targets)('against the mock through %s', (_name, transport) => {
  let apiKey: string;
  const client = (options: Partial<ClientOptions> = {}) =>
    new AgentPlatform({
      apiKey,
      baseUrl: mock.baseUrl,
      clock: mockClock,
      ...transport(),
      ...options,
    });

  beforeAll(() => msw.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => msw.close());
  beforeEach(() => {
    mock.reset();
    apiKey = mock.createApiKey({ scopes: 'all', name: 'sdk tests' }).key;
  });

  it('reaches MSW with a client built before it listened', async () => {
    const health = await early.health();
    expect(health.status).toBe('ok');
    expect(mock.requests().at(-1)?.path).toBe('/v1/health');
  });

  it("retries a 503 after a jittered backoff slept on the mock's clock", async () => {
    mock.faults.add({ method: 'GET', path: '/v1/agents', status: 503, times: 1 });
    const before = mock.clock.now();
    // A backoff with jitter is a fraction of a millisecond: the clock takes it, rounded up.
    const sdk = client({ maxRetries: 1 });
    await expect(sdk.agents.list()).resolves.toMatchObject({ data: [] });
    expect(mock.clock.now() - before).toBeGreaterThanOrEqual(375);
    expect(Number.isInteger(mock.clock.now())).toBe(true);
  });

  it('introspects the key and checks health', async () => {
    const sdk = client();
    const me = await sdk.me();
    expect(me.key_name).toBe('sdk tests');
    expect(me.scopes.length).toBeGreaterThan(0);
    expect(await sdk.health()).toMatchObject({ status: 'ok' });
  });

  it('runs agents through create, update, (de)activate, list and delete', async () => {
    const sdk = client();
    const agent = await sdk.agents.create({ name: 'Support', temperature: 0.3 });
    expect(agent).toMatchObject({ name: 'Support', status: 'active', temperature: 0.3 });
    expect((await sdk.agents.deactivate(agent.id)).status).toBe('inactive');
    expect((await sdk.agents.activate(agent.id)).status).toBe('active');
    expect((await sdk.agents.update(agent.id, { description: 'Tier 1' })).description).toBe(
      'Tier 1',
    );
    expect(await sdk.agents.retrieve(agent.id)).toMatchObject({ id: agent.id, name: 'Support' });
    const { data, requestId, rateLimit } = await sdk.agents.retrieve(agent.id).withResponse();
    expect(data.id).toBe(agent.id);
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(rateLimit).toMatchObject({ limit: 100 });
    expect(await sdk.agents.delete(agent.id)).toBeUndefined();
    await expect(sdk.agents.retrieve(agent.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('iterates every agent across pages', async () => {
    const sdk = client();
    for (let i = 0; i < 7; i++) await sdk.agents.create({ name: `agent ${i}` });
    const names: string[] = [];
    for await (const agent of sdk.agents.list({ limit: 3, order: 'asc' })) names.push(agent.name);
    expect(names).toEqual(Array.from({ length: 7 }, (_, i) => `agent ${i}`));
    const first = await sdk.agents.list({ limit: 3 });
    expect(first.pagination).toEqual({ page: 1, limit: 3, total: 7, total_pages: 3 });
    const pages = [];
    for await (const page of sdk.agents.list({ limit: 3 }).pages()) pages.push(page.data.length);
    expect(pages).toEqual([3, 3, 1]);
  });

  it('retries the page that failed, not the whole list, when page 2 fails once', async () => {
    const sdk = client({ maxRetries: 1 });
    for (let i = 0; i < 7; i++) await sdk.agents.create({ name: `agent ${i}` });
    mock.faults.add({ method: 'GET', path: '/v1/agents', status: 503, after: 1 });
    const names: string[] = [];
    for await (const agent of sdk.agents.list({ limit: 3, order: 'asc' })) names.push(agent.name);
    expect(names).toEqual(Array.from({ length: 7 }, (_, i) => `agent ${i}`));
    const pages = mock
      .requests({ method: 'GET', path: '/v1/agents' })
      .map((r) => [new URLSearchParams(r.query).get('page') ?? '1', r.status]);
    expect(pages).toEqual([
      ['1', 200],
      ['2', 503],
      ['2', 200],
      ['3', 200],
    ]);
  });

  it('manages trainings, channels, contacts and custom fields', async () => {
    const sdk = client();
    const agent = await sdk.agents.create({ name: 'Support' });
    const training = await sdk.trainings.create(agent.id, {
      type: 'text',
      content: 'Refunds take 5 days.',
    });
    expect((await sdk.trainings.update(training.id, { title: 'Refunds' })).title).toBe('Refunds');
    expect((await sdk.trainings.list(agent.id)).data.map((t) => t.id)).toEqual([training.id]);
    await sdk.trainings.delete(training.id);

    const widget = await sdk.channels.create({ name: 'Site', agent_id: agent.id });
    expect(widget.type).toBe('widget');
    expect(await sdk.channels.retrieveWidget(widget.id)).toHaveProperty('embed_script');
    await expect(sdk.channels.retrieveQrCode(widget.id)).rejects.toBeInstanceOf(ConflictError);
    const settings = await sdk.channels.updateSettings(widget.id, { language: 'pt' });
    expect(settings.language).toBe('pt');

    const field = await sdk.customFields.create({ name: 'tier', type: 'text' });
    expect((await sdk.customFields.archive(field.id)).archived).toBe(true);
    expect((await sdk.customFields.unarchive(field.id)).archived).toBe(false);

    const contact = await sdk.contacts.create({ name: 'Ann', custom_fields: { tier: 'gold' } });
    const found = await sdk.contacts.list({ q: 'ann' });
    expect(found.data.map((c) => c.id)).toEqual([contact.id]);
    await sdk.contacts.delete(contact.id);
    await expect(sdk.contacts.retrieve(contact.id)).rejects.toBeInstanceOf(NotFoundError);
  });

  it('creates a webhook with its secret once and rotates it', async () => {
    const sdk = client();
    const hook = await sdk.webhooks.create({ url: 'https://example.com/hook', events: ['*'] });
    expect(hook.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const rotated = await sdk.webhooks.rotateSecret(hook.id);
    expect(rotated.secret).not.toBe(hook.secret);
    expect(await sdk.webhooks.retrieve(hook.id)).not.toHaveProperty('secret');
    const graced = await sdk.webhooks.rotateSecret(hook.id, { grace_seconds: 3600 });
    expect(graced.secret).not.toBe(rotated.secret);
    await expect(sdk.webhooks.rotateSecret(hook.id, { grace_seconds: -1 })).rejects.toMatchObject({
      status: 400,
      details: [{ field: 'grace_seconds', rule: 'minimum' }],
    });
  });

  it('converses, hands a chat to a human and back, and edits and deletes messages', async () => {
    const sdk = client();
    const agent = await sdk.agents.create({ name: 'Support' });
    const reply = await sdk.agents.startConversation(agent.id, { message: 'Where is my order?' });
    expect(reply.response).toEqual(expect.any(String));
    const id = reply.conversation_id;
    expect((await sdk.conversations.retrieve(id)).agent_id).toBe(agent.id);

    const human = await sdk.chats.startHuman(id);
    expect(human.status).toBe('human');
    await expect(sdk.chats.startHuman(id)).rejects.toBeInstanceOf(ConflictError);
    const sent = await sdk.chats.sendMessage(id, { content: 'A human here.' });
    expect(sent).toMatchObject({ sender_type: 'human', content: 'A human here.' });
    const silent = await sdk.conversations.sendMessage(id, { message: 'Thanks' });
    expect(silent.response).toBeNull();
    expect((await sdk.chats.stopHuman(id)).status).toBe('open');
    await expect(sdk.chats.stopHuman(id)).rejects.toBeInstanceOf(ConflictError);

    const messages = [];
    for await (const m of sdk.conversations.listMessages(id, { order: 'asc', limit: 2 })) {
      messages.push(m);
    }
    expect(messages.map((m) => m.sender_type)).toEqual(['customer', 'agent', 'human', 'customer']);
    const first = messages[0];
    if (!first) throw new Error('no message');
    const edited = await sdk.conversations.editMessage(id, first.id, {
      content: 'Where is order 42?',
    });
    expect(edited.is_edited).toBe(true);
    expect((await sdk.messages.retrieve(first.id)).content).toBe('Where is order 42?');
    const last = messages[3];
    if (!last) throw new Error('no message');
    await sdk.chats.deleteMessage(id, last.id);
    await expect(sdk.messages.retrieve(last.id)).rejects.toBeInstanceOf(NotFoundError);

    expect((await sdk.conversations.close(id)).status).toBe('closed');
    expect((await sdk.conversations.reopen(id)).status).toBe('open');
    const other = await sdk.agents.create({ name: 'Billing' });
    expect((await sdk.conversations.transfer(id, { agent_id: other.id })).agent_id).toBe(other.id);
    expect((await sdk.chats.list()).data.map((c) => c.id)).toContain(id);
  });

  it('registers MCP servers, toggles their tools and links them to agents', async () => {
    const sdk = client();
    const agent = await sdk.agents.create({ name: 'Support' });
    const server = await sdk.mcpServers.create({ name: 'docs', url: 'https://mcp.example.com' });
    const tools = await sdk.mcpServers.listTools(server.id);
    const tool = tools.data[0];
    if (!tool) throw new Error('the mock registers servers with tools');
    expect(
      (await sdk.mcpServers.updateTool(server.id, tool.name, { enabled: false })).enabled,
    ).toBe(false);
    expect((await sdk.mcpServers.connect(agent.id, { mcp_id: server.id })).id).toBe(server.id);
    expect((await sdk.mcpServers.listForAgent(agent.id)).data.map((m) => m.id)).toEqual([
      server.id,
    ]);
    await sdk.mcpServers.disconnect(agent.id, { mcp_id: server.id });
    expect((await sdk.mcpServers.listForAgent(agent.id)).data).toEqual([]);
    await sdk.mcpServers.delete(server.id);
  });

  it('schedules, reschedules, completes and cancels appointments', async () => {
    const sdk = client();
    const contact = await sdk.contacts.create({ name: 'Ann' });
    const appointment = await sdk.appointments.create({
      contact_id: contact.id,
      title: 'Onboarding call',
      starts_at: '2026-11-25T15:00:00.000Z',
    });
    expect(appointment.status).toBe('scheduled');
    const moved = await sdk.appointments.update(appointment.id, {
      starts_at: '2026-11-26T15:00:00.000Z',
    });
    expect(moved.starts_at).toBe('2026-11-26T15:00:00.000Z');
    expect((await sdk.appointments.complete(appointment.id)).status).toBe('completed');
    await expect(sdk.appointments.cancel(appointment.id)).rejects.toBeInstanceOf(ConflictError);
    expect((await sdk.appointments.list({ contact_id: contact.id })).pagination.total).toBe(1);
  });

  describe('errors per status', () => {
    it('401 AuthenticationError for an unknown key', async () => {
      const error = await client({ apiKey: 'nope' })
        .me()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AuthenticationError);
      expect(error).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
      expect((error as APIError).requestId).toBeTruthy();
    });

    it('403 PermissionDeniedError for a missing scope', async () => {
      const { key } = mock.createApiKey({ scopes: ['agents:read'] });
      await expect(client({ apiKey: key }).contacts.list()).rejects.toBeInstanceOf(
        PermissionDeniedError,
      );
    });

    it('400 ValidationError naming the field', async () => {
      const error = await client()
        .agents.list({ limit: 500 })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).message).toContain('limit');
      expect((error as ValidationError).details?.[0]?.field).toContain('limit');
    });

    it('413 PayloadTooLargeError for a body over 1 MiB', async () => {
      const error = await client()
        .agents.create({ name: 'big', instructions: 'x'.repeat(1_100_000) })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(PayloadTooLargeError);
    });

    it('503 ServiceUnavailableError in maintenance, after retrying a GET', async () => {
      mock.setHealth('maintenance');
      const before = mock.requests().length;
      await expect(client().agents.list()).rejects.toBeInstanceOf(ServiceUnavailableError);
      expect(mock.requests().length - before).toBe(3);
    });

    it('503 ServiceUnavailableError from health(), with its code and the health status', async () => {
      mock.setHealth('degraded');
      const error = await client({ maxRetries: 0 })
        .health()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceUnavailableError);
      expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect((error as ServiceUnavailableError).body).toMatchObject({ status: 'degraded' });
      mock.setHealth('ok');
    });
  });

  describe('429 through fault injection', () => {
    it('retries after Retry-After on the mock clock, even a POST', async () => {
      mock.faults.add({
        method: 'POST',
        path: '/v1/agents',
        status: 429,
        retry_after: 2,
        times: 2,
      });
      const start = mock.clock.now();
      const agent = await client().agents.create({ name: 'Patient' });
      expect(agent.name).toBe('Patient');
      expect(mock.clock.now() - start).toBe(4000);
      const statuses = mock.requests().map((r) => r.status);
      expect(statuses.slice(-3)).toEqual([429, 429, 201]);
    });

    it('throws RateLimitError at once when Retry-After exceeds maxRetryAfter', async () => {
      mock.faults.add({ path: '/v1/agents', status: 429, retry_after: 120 });
      const start = mock.clock.now();
      const error = await client()
        .agents.list()
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBe(120);
      expect(mock.clock.now()).toBe(start);
    });

    it('retries an injected 500 on GET but not on POST', async () => {
      mock.faults.add({ path: '/v1/agents', status: 500, times: 1 });
      expect((await client().agents.list()).data).toEqual([]);
      mock.faults.add({ method: 'POST', path: '/v1/agents', status: 500, times: 1 });
      await expect(client().agents.create({ name: 'once' })).rejects.toMatchObject({ status: 500 });
      expect((await client().agents.list()).data).toEqual([]);
    });
  });

  describe('dropped connections through fault injection', () => {
    it('retries a GET whose request the network lost, and a PUT whose answer it lost', async () => {
      mock.faults.add({ method: 'GET', path: '/v1/agents', drop: 'request' });
      expect((await client().agents.list()).data).toEqual([]);
      const agent = await client().agents.create({ name: 'Before' });
      mock.faults.add({ method: 'PUT', path: '/v1/agents/{id}', drop: 'response' });
      const updated = await client().agents.update(agent.id, { name: 'After' });
      expect(updated.name).toBe('After');
      expect(mock.requests().map((r) => [r.method, r.status, r.dropped])).toEqual([
        ['GET', 0, 'request'],
        ['GET', 200, undefined],
        ['POST', 201, undefined],
        ['PUT', 200, 'response'],
        ['PUT', 200, undefined],
      ]);
    });

    it('does not retry a POST whose answer was lost: the agent exists once, the caller sees APIConnectionError', async () => {
      mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'response' });
      const error = await client()
        .agents.create({ name: 'Maybe' })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIConnectionError);
      expect(mock.requests()).toHaveLength(1);
      expect((await client().agents.list()).data.map((a) => a.name)).toEqual(['Maybe']);
    });

    it('fails a 2xx whose body is cut with APIConnectionError, without a retry', async () => {
      await client().agents.create({ name: 'Listed' });
      mock.faults.add({ method: 'GET', path: '/v1/agents', drop: 'body' });
      await expect(client().agents.list()).rejects.toBeInstanceOf(APIConnectionError);
      expect(mock.requests().at(-1)).toMatchObject({ status: 200, dropped: 'body' });
    });
  });

  it('throttle: a burst of 300 calls on one key finishes without a single 429', async () => {
    const sdk = client({ throttle: true });
    const before = mock.requests().length;
    const results = await Promise.all(Array.from({ length: 300 }, () => sdk.me()));
    expect(results).toHaveLength(300);
    const statuses = mock
      .requests()
      .slice(before)
      .map((r) => r.status);
    expect(statuses).toHaveLength(300);
    expect(statuses.filter((s) => s === 429)).toEqual([]);
  });

  it('throttle: a health check first (answered without rate-limit headers) changes nothing', async () => {
    const sdk = client({ throttle: true, maxRetries: 0 });
    await sdk.health();
    const before = mock.requests().length;
    const results = await Promise.allSettled(Array.from({ length: 150 }, () => sdk.me()));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    expect(
      mock
        .requests()
        .slice(before)
        .filter((r) => r.status === 429),
    ).toEqual([]);
  });

  it('without throttle the same burst draws 429s (so the test above can fail)', async () => {
    const sdk = client({ maxRetries: 0 });
    const before = mock.requests().length;
    await Promise.allSettled(Array.from({ length: 150 }, () => sdk.me()));
    const statuses = mock
      .requests()
      .slice(before)
      .map((r) => r.status);
    expect(statuses.filter((s) => s === 429)).toHaveLength(50);
  });
});
