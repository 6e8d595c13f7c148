import type { ConversationRow, MessageRow } from '../store/records.js';
import type { DomainContext } from './context.js';
import { conversationMessageView } from './conversation-views.js';
import { storeMessage } from './store-message.js';

/**
 * A message to the customer, the AI's answer or a human agent's, goes out through the conversation's
 * channel: stored `sent` (message.sent), or, when the channel was deleted or is not `active`, stored
 * `failed` (message.failed in B; A has no such event). A conversation that never had a channel is
 * served through the API, and its messages are `sent`.
 */
export function sendToCustomer(
  ctx: DomainContext,
  conversation: ConversationRow,
  fields: Omit<Parameters<typeof storeMessage>[2], 'status'>,
): MessageRow {
  const failed = undeliverable(ctx, conversation);
  const message = storeMessage(ctx, conversation, {
    ...fields,
    status: failed ? 'failed' : 'sent',
  });
  ctx.emit(
    failed ? 'message.failed' : 'message.sent',
    conversation._ws,
    conversationMessageView(message),
  );
  return message;
}

/**
 * Whether a message of the conversation has no way to the customer: its channel was deleted (or,
 * in an imported state, its `channel_id` names no channel), or is not `active` (unpaired, failed).
 */
function undeliverable(ctx: DomainContext, row: ConversationRow): boolean {
  if (row._channel_deleted === true) return true;
  if (row.channel_id === null) return false;
  return ctx.state.tables.channels.get(row._ws, row.channel_id)?.status !== 'active';
}
