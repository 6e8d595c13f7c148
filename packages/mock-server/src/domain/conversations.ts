import { ApiError, conflict, invalidField } from '../errors.js';
import { schemas } from '../generated/schemas.js';
import type { ConversationRow } from '../store/records.js';
import { assertTransition, chatChanged, moveChat } from './chat-state.js';
import type { DomainContext, Handler } from './context.js';
import {
  chatView,
  conversationMessageView,
  conversationStatus,
  conversationView,
} from './conversation-views.js';
import { agentReply, receiveCustomerMessage } from './customer-message.js';
import { mustGet } from './lookup.js';
import { paginate } from './paginate.js';

/** The conversation with this id in the workspace, or 404. */
export function mustGetConversation(ctx: DomainContext, ws: string, id: string): ConversationRow {
  return mustGet(ctx.state.tables.conversations, ws, id, 'conversation');
}

/**
 * POST /v1/agents/{id}/conversation: a new conversation (conversation.created) with the customer's
 * first message and the agent's answer; 409 when the agent is inactive. It goes out through the
 * agent's oldest active channel, if it has one.
 */
export const agentsStartConversation: Handler = async (ctx, { ws, params, body }) => {
  const agent = mustGet(ctx.state.tables.agents, ws, params.id as string, 'agent');
  if (body.contact_id) mustGet(ctx.state.tables.contacts, ws, body.contact_id, 'contact');
  if (agent.status !== 'active') {
    throw conflict(
      `agent ${agent.id} is inactive; activate it to start conversations (needs active)`,
    );
  }
  const channel = ctx.state.tables.channels.list(
    ws,
    (c) => c.agent_id === agent.id && c.status === 'active',
  )[0];
  const now = ctx.now();
  const row: ConversationRow = {
    id: ctx.id(),
    agent_id: agent.id,
    contact_id: body.contact_id ?? null,
    channel_id: channel?.id ?? null,
    metadata: body.metadata ?? {},
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
    _chat_status: 'open',
    _assigned_to: null,
    _human_started_at: null,
  };
  ctx.state.tables.conversations.put(row);
  ctx.emit('conversation.created', ws, conversationView(row));
  return agentReply(row, await receiveCustomerMessage(ctx, row, body.message));
};

/** GET /v1/conversations, filters `agent_id`, `contact_id`, `channel_id`, `status`. */
export const conversationsList: Handler = (ctx, { ws, query }) => {
  const conversations = ctx.state.tables.conversations;
  const filtered = query.agent_id || query.contact_id || query.channel_id || query.status;
  const rows = filtered
    ? conversations.list(
        ws,
        (c) =>
          (!query.agent_id || c.agent_id === query.agent_id) &&
          (!query.contact_id || c.contact_id === query.contact_id) &&
          (!query.channel_id || c.channel_id === query.channel_id) &&
          (!query.status || conversationStatus(c) === query.status),
      )
    : conversations.ordered(ws);
  return paginate(rows, query, conversationView);
};

/** GET /v1/conversations/{id}. */
export const conversationsRetrieve: Handler = (ctx, { ws, params }) => ({
  data: conversationView(mustGetConversation(ctx, ws, params.id as string)),
});

/** GET /v1/conversations/{id}/messages, in the conversation view. */
export const conversationsListMessages: Handler = (ctx, { ws, params, query }) => {
  const conversation = mustGetConversation(ctx, ws, params.id as string);
  return paginate(
    ctx.state.tables.messages.listOf(ws, conversation.id),
    query,
    conversationMessageView,
  );
};

/** POST /v1/conversations/{id}/messages: a customer message; a closed conversation reopens. */
export const conversationsSendMessage: Handler = async (ctx, { ws, params, body }) => {
  const conversation = mustGetConversation(ctx, ws, params.id as string);
  return agentReply(conversation, await receiveCustomerMessage(ctx, conversation, body.message));
};

/** The most a chat message holds (`ChatMessageCreate.content`): a human agent's, edited too. */
export const HUMAN_MESSAGE_MAX = (
  schemas.ChatMessageCreate as { properties: { content: { maxLength: number } } }
).properties.content.maxLength;

/** PUT /v1/conversations/{id}/messages/{messageId}: new content, `is_edited` set. */
export const conversationsEditMessage: Handler = (ctx, { ws, params, body }) => {
  const conversation = mustGetConversation(ctx, ws, params.id as string);
  const message = ctx.state.tables.messages.get(ws, params.messageId as string);
  if (!message || message.conversation_id !== conversation.id) {
    throw new ApiError(
      404,
      'NOT_FOUND',
      `message ${params.messageId} not found in conversation ${conversation.id}`,
    );
  }
  // A human agent's message went out through a chat: it stays within what a chat message takes.
  if (message.sender === 'human' && [...body.content].length > HUMAN_MESSAGE_MAX) {
    throw invalidField(
      'content',
      'maxLength',
      `must be at most ${HUMAN_MESSAGE_MAX} characters for a human agent's message, as a chat message`,
    );
  }
  message.content = body.content;
  message.is_edited = true;
  message.updated_at = ctx.now();
  return { data: conversationMessageView(message) };
};

/** POST /v1/conversations/{id}/close: open or human -> closed (conversation.closed). */
export const conversationsClose: Handler = (ctx, { ws, params }) => {
  const row = mustGetConversation(ctx, ws, params.id as string);
  moveChat(row, 'close');
  row._assigned_to = null;
  row._human_started_at = null;
  row.updated_at = ctx.now();
  ctx.emit('conversation.closed', ws, conversationView(row));
  return { data: chatView(row) };
};

/** POST /v1/conversations/{id}/reopen: closed -> open (conversation.reopened in B). */
export const conversationsReopen: Handler = (ctx, { ws, params }) => {
  const row = mustGetConversation(ctx, ws, params.id as string);
  moveChat(row, 'reopen');
  row.updated_at = ctx.now();
  ctx.emit('conversation.reopened', ws, conversationView(row));
  return { data: chatView(row) };
};

/**
 * POST /v1/conversations/{id}/transfer: another agent takes over (A conversation.transferred,
 * B agent.transferred); 409 when the conversation is closed or the agent is inactive. Transferring
 * to the agent that has it changes nothing and emits nothing.
 */
export const conversationsTransfer: Handler = (ctx, { ws, params, body }) => {
  const row = mustGetConversation(ctx, ws, params.id as string);
  const agent = mustGet(ctx.state.tables.agents, ws, body.agent_id, 'agent');
  assertTransition(row, 'transfer');
  if (agent.status !== 'active')
    throw conflict(`agent ${agent.id} is inactive; a transfer needs an active agent`);
  if (row.agent_id !== agent.id) {
    chatChanged(row);
    row.agent_id = agent.id;
    row.updated_at = ctx.now();
    ctx.emit('conversation.transferred', ws, conversationView(row));
  }
  return { data: conversationView(row) };
};
