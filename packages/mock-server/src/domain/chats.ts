import { ApiError } from '../errors.js';
import type { ConversationRow } from '../store/records.js';
import { assertTransition, moveChat } from './chat-state.js';
import type { Handler } from './context.js';
import { chatMessageView, chatView } from './conversation-views.js';
import { mustGet } from './lookup.js';
import { mediaTypeOf } from './media-type.js';
import { sendToCustomer } from './outbound-message.js';
import { paginate } from './paginate.js';

const chat = (ctx: Parameters<Handler>[0], ws: string, id: string): ConversationRow =>
  mustGet(ctx.state.tables.conversations, ws, id, 'chat');

/** GET /v1/chats: the active chats (`open` and `human`) unless `status` asks for others. */
export const chatsList: Handler = (ctx, { ws, query }) =>
  paginate(
    ctx.state.tables.conversations.list(ws, (c) =>
      query.status ? c._chat_status === query.status : c._chat_status !== 'closed',
    ),
    query,
    chatView,
  );

/** GET /v1/chats/{id}. */
export const chatsRetrieve: Handler = (ctx, { ws, params }) => ({
  data: chatView(chat(ctx, ws, params.id as string)),
});

/** POST /v1/chats/{id}/start-human: open -> human (agent.handoff_started; conversation.assigned in B). */
export const chatsStartHuman: Handler = (ctx, { ws, params, body }) => {
  const row = chat(ctx, ws, params.id as string);
  moveChat(row, 'start-human');
  row._assigned_to = body?.assigned_to ?? null;
  row._human_started_at = ctx.now();
  row.updated_at = row._human_started_at;
  ctx.emit('handoff.started', ws, chatView(row));
  if (row._assigned_to) ctx.emit('conversation.assigned', ws, chatView(row));
  return { data: chatView(row) };
};

/**
 * POST /v1/chats/{id}/messages: a human agent's message (201); only in human mode. It goes out
 * through the conversation's channel as the AI's answers do: `sent` (message.sent), or `failed`
 * (message.failed in B) when the channel was deleted or is not active.
 */
export const chatsSendMessage: Handler = (ctx, { ws, params, body }) => {
  const row = chat(ctx, ws, params.id as string);
  assertTransition(row, 'send-message');
  const type = body.type ?? 'text';
  const mediaUrl: string | null = body.media_url ?? null;
  const message = sendToCustomer(ctx, row, {
    content: body.content ?? '',
    sender: 'human',
    sender_id: row._assigned_to,
    type,
    media_url: mediaUrl,
    media_type: mediaTypeOf(mediaUrl),
  });
  return { data: chatMessageView(message) };
};

/** POST /v1/chats/{id}/stop-human: human -> open (agent.handoff_completed); the AI answers again. */
export const chatsStopHuman: Handler = (ctx, { ws, params }) => {
  const row = chat(ctx, ws, params.id as string);
  moveChat(row, 'stop-human');
  row._assigned_to = null;
  row._human_started_at = null;
  row.updated_at = ctx.now();
  ctx.emit('handoff.completed', ws, chatView(row));
  return { data: chatView(row) };
};

/** DELETE /v1/chats/{id}/messages/{messageId}: a message of this chat. */
export const chatsDeleteMessage: Handler = (ctx, { ws, params }) => {
  const row = chat(ctx, ws, params.id as string);
  const message = ctx.state.tables.messages.get(ws, params.messageId as string);
  if (!message || message.conversation_id !== row.id) {
    throw new ApiError(404, 'NOT_FOUND', `message ${params.messageId} not found in chat ${row.id}`);
  }
  ctx.state.tables.messages.delete(message.id);
  return undefined;
};
