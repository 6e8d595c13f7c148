// The spec's operations and the SDK method that calls each: shared by the tests that check the
// methods' requests (operations.test.ts) and their doc comments (operation-docs.test.ts).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import type { AgentPlatform } from '../../src/index.js';

/** spec/openapi.yaml, the source of truth. */
export const SPEC_URL = new URL('../../../../spec/openapi.yaml', import.meta.url);

/** Calls the method with arguments the spec takes. */
export type Call = (c: AgentPlatform) => PromiseLike<unknown>;

/** The path's `id` in the calls. */
export const ID = 'id-1';
/** A second id in the path (`messageId`, `toolName`) or in the body. */
export const OTHER = 'id-2';

/** Every operationId of the spec and the SDK method that calls it. */
export const METHODS: Record<string, [name: string, call: Call]> = {
  healthRetrieve: ['health', (c) => c.health()],
  meRetrieve: ['me', (c) => c.me()],
  agentsList: ['agents.list', (c) => c.agents.list()],
  agentsCreate: ['agents.create', (c) => c.agents.create({ name: 'a' })],
  agentsRetrieve: ['agents.retrieve', (c) => c.agents.retrieve(ID)],
  agentsUpdate: ['agents.update', (c) => c.agents.update(ID, { name: 'b' })],
  agentsDelete: ['agents.delete', (c) => c.agents.delete(ID)],
  agentsActivate: ['agents.activate', (c) => c.agents.activate(ID)],
  agentsDeactivate: ['agents.deactivate', (c) => c.agents.deactivate(ID)],
  agentsStartConversation: [
    'agents.startConversation',
    (c) => c.agents.startConversation(ID, { message: 'hi' }),
  ],
  trainingsList: ['trainings.list', (c) => c.trainings.list(ID)],
  trainingsCreate: [
    'trainings.create',
    (c) => c.trainings.create(ID, { type: 'text', content: 'x', title: 't' }),
  ],
  trainingsRetrieve: ['trainings.retrieve', (c) => c.trainings.retrieve(ID)],
  trainingsUpdate: ['trainings.update', (c) => c.trainings.update(ID, { title: 't' })],
  trainingsDelete: ['trainings.delete', (c) => c.trainings.delete(ID)],
  channelsList: ['channels.list', (c) => c.channels.list()],
  channelsCreate: ['channels.create', (c) => c.channels.create({ name: 'web' })],
  channelsRetrieve: ['channels.retrieve', (c) => c.channels.retrieve(ID)],
  channelsUpdate: ['channels.update', (c) => c.channels.update(ID, { name: 'web' })],
  channelsDelete: ['channels.delete', (c) => c.channels.delete(ID)],
  channelsRetrieveSettings: ['channels.retrieveSettings', (c) => c.channels.retrieveSettings(ID)],
  channelsUpdateSettings: [
    'channels.updateSettings',
    (c) => c.channels.updateSettings(ID, { language: 'en' }),
  ],
  channelsRetrieveQrCode: ['channels.retrieveQrCode', (c) => c.channels.retrieveQrCode(ID)],
  channelsRetrieveWidget: ['channels.retrieveWidget', (c) => c.channels.retrieveWidget(ID)],
  contactsList: ['contacts.list', (c) => c.contacts.list()],
  contactsCreate: ['contacts.create', (c) => c.contacts.create({ name: 'Ann' })],
  contactsRetrieve: ['contacts.retrieve', (c) => c.contacts.retrieve(ID)],
  contactsUpdate: ['contacts.update', (c) => c.contacts.update(ID, { name: 'Ann' })],
  contactsDelete: ['contacts.delete', (c) => c.contacts.delete(ID)],
  customFieldsList: ['customFields.list', (c) => c.customFields.list()],
  customFieldsCreate: [
    'customFields.create',
    (c) => c.customFields.create({ name: 'tier', type: 'text' }),
  ],
  customFieldsRetrieve: ['customFields.retrieve', (c) => c.customFields.retrieve(ID)],
  customFieldsUpdate: [
    'customFields.update',
    (c) => c.customFields.update(ID, { description: 'd' }),
  ],
  customFieldsArchive: ['customFields.archive', (c) => c.customFields.archive(ID)],
  customFieldsUnarchive: ['customFields.unarchive', (c) => c.customFields.unarchive(ID)],
  conversationsList: ['conversations.list', (c) => c.conversations.list()],
  conversationsRetrieve: ['conversations.retrieve', (c) => c.conversations.retrieve(ID)],
  conversationsListMessages: [
    'conversations.listMessages',
    (c) => c.conversations.listMessages(ID),
  ],
  conversationsSendMessage: [
    'conversations.sendMessage',
    (c) => c.conversations.sendMessage(ID, { message: 'hi' }),
  ],
  conversationsEditMessage: [
    'conversations.editMessage',
    (c) => c.conversations.editMessage(ID, OTHER, { content: 'fixed' }),
  ],
  conversationsClose: ['conversations.close', (c) => c.conversations.close(ID)],
  conversationsReopen: ['conversations.reopen', (c) => c.conversations.reopen(ID)],
  conversationsTransfer: [
    'conversations.transfer',
    (c) => c.conversations.transfer(ID, { agent_id: OTHER }),
  ],
  chatsList: ['chats.list', (c) => c.chats.list()],
  chatsRetrieve: ['chats.retrieve', (c) => c.chats.retrieve(ID)],
  chatsStartHuman: ['chats.startHuman', (c) => c.chats.startHuman(ID)],
  chatsSendMessage: ['chats.sendMessage', (c) => c.chats.sendMessage(ID, { content: 'hello' })],
  chatsStopHuman: ['chats.stopHuman', (c) => c.chats.stopHuman(ID)],
  chatsDeleteMessage: ['chats.deleteMessage', (c) => c.chats.deleteMessage(ID, OTHER)],
  messagesRetrieve: ['messages.retrieve', (c) => c.messages.retrieve(ID)],
  messagesDelete: ['messages.delete', (c) => c.messages.delete(ID)],
  mcpServersList: ['mcpServers.list', (c) => c.mcpServers.list()],
  mcpServersCreate: [
    'mcpServers.create',
    (c) => c.mcpServers.create({ name: 'docs', url: 'https://mcp.test' }),
  ],
  mcpServersRetrieve: ['mcpServers.retrieve', (c) => c.mcpServers.retrieve(ID)],
  mcpServersUpdate: ['mcpServers.update', (c) => c.mcpServers.update(ID, { name: 'docs' })],
  mcpServersDelete: ['mcpServers.delete', (c) => c.mcpServers.delete(ID)],
  mcpServersListTools: ['mcpServers.listTools', (c) => c.mcpServers.listTools(ID)],
  mcpServersUpdateTool: [
    'mcpServers.updateTool',
    (c) => c.mcpServers.updateTool(ID, OTHER, { enabled: true }),
  ],
  mcpServersConnect: ['mcpServers.connect', (c) => c.mcpServers.connect(ID, { mcp_id: OTHER })],
  mcpServersDisconnect: [
    'mcpServers.disconnect',
    (c) => c.mcpServers.disconnect(ID, { mcp_id: OTHER }),
  ],
  mcpServersListForAgent: ['mcpServers.listForAgent', (c) => c.mcpServers.listForAgent(ID)],
  webhooksList: ['webhooks.list', (c) => c.webhooks.list()],
  webhooksCreate: [
    'webhooks.create',
    (c) => c.webhooks.create({ url: 'https://hook.test', events: ['*'] }),
  ],
  webhooksRetrieve: ['webhooks.retrieve', (c) => c.webhooks.retrieve(ID)],
  webhooksUpdate: ['webhooks.update', (c) => c.webhooks.update(ID, { active: true })],
  webhooksDelete: ['webhooks.delete', (c) => c.webhooks.delete(ID)],
  webhooksTest: ['webhooks.test', (c) => c.webhooks.test(ID)],
  webhooksListDeliveries: ['webhooks.deliveries', (c) => c.webhooks.deliveries(ID)],
  webhooksRotateSecret: ['webhooks.rotateSecret', (c) => c.webhooks.rotateSecret(ID)],
  appointmentsList: ['appointments.list', (c) => c.appointments.list()],
  appointmentsCreate: [
    'appointments.create',
    (c) =>
      c.appointments.create({
        contact_id: ID,
        starts_at: '2026-11-21T10:00:00.000Z',
        title: 'Call',
      }),
  ],
  appointmentsRetrieve: ['appointments.retrieve', (c) => c.appointments.retrieve(ID)],
  appointmentsUpdate: ['appointments.update', (c) => c.appointments.update(ID, { title: 'x' })],
  appointmentsCancel: ['appointments.cancel', (c) => c.appointments.cancel(ID)],
  appointmentsComplete: ['appointments.complete', (c) => c.appointments.complete(ID)],
};

export interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
}

export function specOperations(): SpecOperation[] {
  const spec = parse(readFileSync(SPEC_URL, 'utf8'));
  const out: SpecOperation[] = [];
  for (const [path, item] of Object.entries<Record<string, { operationId?: string }>>(spec.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (op?.operationId)
        out.push({ operationId: op.operationId, method: method.toUpperCase(), path });
    }
  }
  return out;
}
