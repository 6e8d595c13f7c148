import type { MockServer } from '../../src/index.js';
import type { Call } from './api.js';

/** One resource of each kind in a workspace, for requests that need ids. */
export interface Fixtures {
  agent: string;
  training: string;
  channel: string;
  contact: string;
  customField: string;
  conversation: string;
  message: string;
  mcpServer: string;
  webhook: string;
  appointment: string;
}

/** Creates one resource of each kind through the API. */
export async function createFixtures(call: Call): Promise<Fixtures> {
  const post = async (path: string, body?: unknown) => {
    const res = await call('POST', path, { body, unchecked: true });
    if (res.status >= 300) throw new Error(`${path}: ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  const agent = (await post('/v1/agents', { name: 'Support' })).id;
  const contact = (await post('/v1/contacts', { name: 'Ada' })).id;
  const started = await post(`/v1/agents/${agent}/conversation`, {
    message: 'Hello',
    contact_id: contact,
  });
  return {
    agent,
    contact,
    training: (
      await post(`/v1/agents/${agent}/trainings`, {
        type: 'text',
        content: 'Shipping takes 2 days.',
      })
    ).id,
    channel: (await post('/v1/channels', { name: 'Web', agent_id: agent })).id,
    customField: (await post('/v1/custom-fields', { name: 'tier', type: 'text' })).id,
    conversation: started.conversation_id,
    message: started.message_id,
    mcpServer: (await post('/v1/mcp-servers', { name: 'Docs', url: 'https://mcp.test' })).id,
    webhook: (await post('/v1/webhooks', { url: 'http://127.0.0.1:9/hooks', events: ['contacts'] }))
      .id,
    appointment: (
      await post('/v1/appointments', {
        contact_id: contact,
        title: 'Call',
        starts_at: '2026-12-01T10:00:00Z',
      })
    ).id,
  };
}

/** The concrete path of an operation for the fixtures' ids. */
export function concretePath(template: string, f: Fixtures): string {
  const idFor: [RegExp, string][] = [
    [/^\/v1\/agents?\/\{id\}/, f.agent],
    [/^\/v1\/trainings\/\{id\}/, f.training],
    [/^\/v1\/channels\/\{id\}/, f.channel],
    [/^\/v1\/contacts\/\{id\}/, f.contact],
    [/^\/v1\/custom-fields\/\{id\}/, f.customField],
    [/^\/v1\/(conversations|chats)\/\{id\}/, f.conversation],
    [/^\/v1\/messages\/\{id\}/, f.message],
    [/^\/v1\/mcp-servers\/\{id\}/, f.mcpServer],
    [/^\/v1\/webhooks\/\{id\}/, f.webhook],
    [/^\/v1\/appointments\/\{id\}/, f.appointment],
  ];
  const id = idFor.find(([pattern]) => pattern.test(template))?.[1] ?? '';
  return template
    .replace('{id}', id)
    .replace('{messageId}', f.message)
    .replace('{toolName}', 'search');
}

/** A valid body for every operation that takes one (so that only the check under test can fail). */
export function validBody(operationId: string, f: Fixtures): unknown {
  const bodies: Record<string, unknown> = {
    agentsCreate: { name: 'New agent' },
    agentsUpdate: { description: 'Updated' },
    agentsStartConversation: { message: 'Hi' },
    trainingsCreate: { type: 'text', content: 'More knowledge' },
    trainingsUpdate: { title: 'Renamed' },
    channelsCreate: { name: 'Email', type: 'email' },
    channelsUpdate: { name: 'Renamed' },
    channelsUpdateSettings: { welcome_message: 'Hello!' },
    contactsCreate: { email: 'new@example.com' },
    contactsUpdate: { name: 'Renamed' },
    customFieldsCreate: { name: `field_${Math.random().toString(36).slice(2, 8)}`, type: 'number' },
    customFieldsUpdate: { description: 'About the tier' },
    conversationsSendMessage: { message: 'Another question' },
    conversationsEditMessage: { content: 'Edited' },
    conversationsTransfer: { agent_id: f.agent },
    chatsStartHuman: {},
    chatsSendMessage: { content: 'A person here' },
    mcpServersCreate: { name: 'CRM', url: 'https://crm.test/mcp' },
    mcpServersUpdate: { name: 'Renamed' },
    mcpServersUpdateTool: { enabled: false },
    mcpServersConnect: { mcp_id: f.mcpServer },
    mcpServersDisconnect: { mcp_id: f.mcpServer },
    webhooksCreate: { url: 'http://127.0.0.1:9/other', events: ['*'] },
    webhooksUpdate: { description: 'CRM sync' },
    appointmentsCreate: {
      contact_id: f.contact,
      title: 'Follow-up',
      starts_at: '2026-12-05T10:00:00Z',
    },
    appointmentsUpdate: { title: 'Renamed' },
  };
  return bodies[operationId];
}

/** A key with every scope of the variant except the given ones. */
export function keyWithout(mock: MockServer, workspaceId: string, missing: readonly string[]) {
  const all = mock.createApiKey({ scopes: 'all', workspace_id: workspaceId }).scopes;
  return mock.createApiKey({
    scopes: all.filter((s) => !missing.includes(s)),
    workspace_id: workspaceId,
  });
}
