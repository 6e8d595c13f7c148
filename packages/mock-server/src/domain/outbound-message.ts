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
  const failed = deadChannel(ctx, conversation) !== null;
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
 * Why the conversation's channel carries no message either way, or null when it does: it was
 * deleted, or it is not `active` (unpaired, disconnected, failed). A conversation that never had a
 * channel is served through the API. (A `channel_id` naming no channel, which neither the API nor a
 * state import lets happen, would count as deleted.)
 */
export function deadChannel(ctx: DomainContext, row: ConversationRow): string | null {
  if (row._channel_deleted === true) return 'its channel was deleted';
  if (row.channel_id === null) return null;
  const status = ctx.state.tables.channels.get(row._ws, row.channel_id)?.status;
  if (status === 'active') return null;
  return status ? `its channel ${row.channel_id} is ${status}` : 'its channel was deleted';
}
