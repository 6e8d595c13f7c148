import { AgentPlatform, isAPIError } from '@agent-platform/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/create-mock-server.js';
import type { RunningServer } from '../../src/proxy.js';
import { createValidationProxy } from '../../src/proxy.js';
import { DEMO_API_KEY, DEMO_IDS } from '../../src/seed/demo-ids.js';

// The SDK driven through the proxy in front of the mock: the mock conforms to the spec, so a tour
// of the API (successes and declared errors) gives no violation of an answer, and the one request
// the tour sends wrong on purpose. Any other is drift between the mock and the spec, or a proxy
// that misreads an exchange.

/** The tour's one violation: the request it sends wrong on purpose (an empty agent name). */
const ONLY_THE_BAD_REQUEST = [
  expect.objectContaining({
    in: 'request',
    method: 'POST',
    path: '/v1/agents',
    operation_id: 'agentsCreate',
    status: 400,
    field: 'name',
    rule: 'minLength',
    message: 'name: must not be empty',
  }),
];

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const close of closers.splice(0)) await close();
});

/** A tour of the API through `client`: most operations, with a few declared errors. */
async function tour(client: AgentPlatform): Promise<number> {
  let errors = 0;
  const expectError = async (call: PromiseLike<unknown>, status: number) => {
    const error = await Promise.resolve(call).then(
      () => null,
      (e: unknown) => e,
    );
    expect(isAPIError(error) && error.status).toBe(status);
    errors++;
  };
  await client.health();
  await client.me();
  await client.agents.list({ limit: 2 });
  const agent = await client.agents.create({ name: 'Tour agent', temperature: 0.5 });
  await client.agents.retrieve(agent.id);
  await client.agents.update(agent.id, { description: 'on tour' });
  await client.agents.deactivate(agent.id);
  await expectError(client.agents.startConversation(agent.id, { message: 'hi' }), 409);
  await client.agents.activate(agent.id);
  const started = await client.agents.startConversation(DEMO_IDS.supportAgent, {
    message: 'Where is my parcel?',
  });
  const conversationId = started.conversation_id;
  await client.conversations.list();
  await client.conversations.retrieve(conversationId);
  await client.conversations.listMessages(conversationId);
  await client.conversations.sendMessage(conversationId, { message: 'And returns?' });
  await client.chats.list();
  await client.chats.retrieve(conversationId);
  await client.chats.startHuman(conversationId);
  await client.chats.sendMessage(conversationId, { content: 'A human here' });
  await client.chats.stopHuman(conversationId);
  await client.conversations.close(conversationId);
  await client.conversations.reopen(conversationId);
  await client.trainings.list(DEMO_IDS.supportAgent);
  const training = await client.trainings.create(agent.id, {
    type: 'text',
    title: 'T',
    content: 'c',
  });
  await client.trainings.retrieve(training.id);
  await client.trainings.update(training.id, { title: 'T2' });
  await client.trainings.delete(training.id);
  await client.channels.list();
  const channel = await client.channels.create({
    name: 'Web',
    type: 'widget',
    agent_id: agent.id,
  } as never);
  await client.channels.retrieve(channel.id);
  await client.channels.update(channel.id, { name: 'Web 2' });
  await client.channels.retrieveSettings(channel.id);
  await client.channels.updateSettings(channel.id, { language: 'en' });
  await client.channels.retrieveWidget(DEMO_IDS.widgetChannel);
  await client.channels.retrieveQrCode(DEMO_IDS.whatsappChannel);
  await client.channels.delete(channel.id);
  await client.contacts.list();
  const contact = await client.contacts.create({
    name: 'Tour Contact',
    email: 'tour@example.test',
  });
  await client.contacts.retrieve(contact.id);
  await client.contacts.update(contact.id, { name: 'Tour Contact 2' });
  await client.customFields.list();
  const field = await client.customFields.create({ name: 'tour_tier', type: 'text' });
  await client.customFields.retrieve(field.id);
  await client.customFields.update(field.id, { description: 'd' });
  await client.customFields.archive(field.id);
  await client.customFields.unarchive(field.id);
  const appointment = await client.appointments.create({
    contact_id: contact.id,
    starts_at: '2030-01-01T10:00:00.000Z',
    title: 'Call',
  });
  await client.appointments.list();
  await client.appointments.retrieve(appointment.id);
  await client.appointments.update(appointment.id, { title: 'Call 2' });
  await client.appointments.cancel(appointment.id);
  await client.contacts.delete(contact.id);
  await client.mcpServers.list();
  const mcp = await client.mcpServers.create({ name: 'docs', url: 'https://mcp.example.test' });
  await client.mcpServers.retrieve(mcp.id);
  await client.mcpServers.update(mcp.id, { name: 'docs 2' });
  await client.mcpServers.listTools(mcp.id);
  await client.mcpServers.updateTool(mcp.id, 'search', { enabled: false });
  await client.mcpServers.connect(agent.id, { mcp_id: mcp.id });
  await client.mcpServers.listForAgent(agent.id);
  await client.mcpServers.disconnect(agent.id, { mcp_id: mcp.id });
  await client.mcpServers.delete(mcp.id);
  await client.webhooks.list();
  const hook = await client.webhooks.create({
    url: 'https://hooks.example.test/in',
    events: ['*'],
  } as never);
  await client.webhooks.retrieve(hook.id);
  await client.webhooks.update(hook.id, { active: false } as never);
  await client.webhooks.test(hook.id);
  await client.webhooks.deliveries(hook.id);
  await client.webhooks.rotateSecret(hook.id);
  await client.webhooks.delete(hook.id);
  await expectError(client.agents.retrieve('00000000-0000-4000-8000-00000000ffff'), 404);
  await expectError(client.agents.create({ name: '' }), 400);
  await client.agents.delete(agent.id);
  return errors;
}

describe('the validation proxy in front of the mock', () => {
  it('sees no violation in a tour of the API through the SDK (the mock conforms to the spec)', async () => {
    const mock = createMockServer({
      seed: 'demo',
      clock: 'manual',
      deliveryFetch: async () => new Response('ok'),
    });
    closers.push(async () => mock.dispose());
    const proxy = createValidationProxy({ upstream: mock.baseUrl, fetch: mock.fetch });
    const client = new AgentPlatform({
      apiKey: DEMO_API_KEY,
      baseUrl: 'http://proxy.test',
      fetch: proxy.fetch,
      maxRetries: 0,
    });
    const errors = await tour(client);
    expect(errors).toBe(3);
    expect(proxy.violations()).toEqual(ONLY_THE_BAD_REQUEST);
    expect(mock.requests().length).toBeGreaterThan(60);
  });

  it('does the same over HTTP: the mock listening on loopback, the proxy listening before it', async () => {
    const mock = createMockServer({
      seed: 'demo',
      clock: 'manual',
      deliveryFetch: async () => new Response('ok'),
    });
    const upstream: RunningServer = await mock.listen({ port: 0 });
    closers.push(async () => {
      await upstream.close();
      mock.dispose();
    });
    const proxy = createValidationProxy({ upstream: upstream.url });
    const server = await proxy.listen({ port: 0 });
    closers.push(() => server.close());
    const client = new AgentPlatform({ apiKey: DEMO_API_KEY, baseUrl: server.url, maxRetries: 0 });
    await tour(client);
    expect(proxy.violations()).toEqual(ONLY_THE_BAD_REQUEST);
  });
});
