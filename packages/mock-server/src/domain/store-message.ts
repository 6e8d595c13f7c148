import type { ConversationRow, MessageRow } from '../store/records.js';
import type { DomainContext } from './context.js';

/** A message the conversation stores (customer, AI or human). */
export function storeMessage(
  ctx: DomainContext,
  conversation: ConversationRow,
  fields: Pick<
    MessageRow,
    'content' | 'sender' | 'sender_id' | 'type' | 'media_url' | 'media_type' | 'status'
  >,
): MessageRow {
  const now = ctx.now();
  const row: MessageRow = {
    id: ctx.id(),
    conversation_id: conversation.id,
    ...fields,
    is_edited: false,
    created_at: now,
    updated_at: now,
    _ws: conversation._ws,
    _seq: ctx.seq(),
  };
  ctx.state.tables.messages.put(row);
  conversation.updated_at = now;
  return row;
}
