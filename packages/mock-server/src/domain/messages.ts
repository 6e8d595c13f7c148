import type { Handler } from './context.js';
import { conversationMessageView } from './conversation-views.js';
import { mustGet } from './lookup.js';

/** GET /v1/messages/{id}, in the conversation view. */
export const messagesRetrieve: Handler = (ctx, { ws, params }) => ({
  data: conversationMessageView(
    mustGet(ctx.state.tables.messages, ws, params.id as string, 'message'),
  ),
});

/** DELETE /v1/messages/{id}. */
export const messagesDelete: Handler = (ctx, { ws, params }) => {
  const message = mustGet(ctx.state.tables.messages, ws, params.id as string, 'message');
  ctx.state.tables.messages.delete(message.id);
  return undefined;
};
