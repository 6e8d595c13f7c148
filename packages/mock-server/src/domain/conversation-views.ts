import type { components } from '../generated/api-types.js';
import type { ConversationRow, MessageRow, MessageSender } from '../store/records.js';

type S = components['schemas'];

/** A conversation's status: `open` while its chat is open or human. */
export function conversationStatus(row: ConversationRow): S['Conversation']['status'] {
  return row._chat_status === 'closed' ? 'closed' : 'open';
}

/** The conversation view of a stored conversation. */
export function conversationView(row: ConversationRow): S['Conversation'] {
  return {
    id: row.id,
    agent_id: row.agent_id,
    contact_id: row.contact_id,
    channel_id: row.channel_id,
    status: conversationStatus(row),
    metadata: row.metadata,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/** The chat view of a stored conversation (seed 2.4): same id, the handoff state. */
export function chatView(row: ConversationRow): S['Chat'] {
  return {
    id: row.id,
    status: row._chat_status,
    assigned_to: row._assigned_to,
    human_started_at: row._human_started_at,
    channel_id: row.channel_id,
    contact_id: row.contact_id,
    agent_id: row.agent_id,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

/**
 * The two views of one stored message, mapped here and nowhere else: the conversation view (seed 2.3)
 * says `customer | agent | human` and `message_type`; the chat view (seed 2.5) says
 * `contact | agent | human` and `type`.
 */
const CHAT_SENDER: Record<MessageSender, S['ChatMessage']['sender_type']> = {
  customer: 'contact',
  agent: 'agent',
  human: 'human',
};

/** The conversation view of a stored message (seed 2.3). */
export function conversationMessageView(row: MessageRow): S['ConversationMessage'] {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    content: row.content,
    sender_type: row.sender,
    message_type: row.type,
    media_url: row.media_url,
    media_type: row.media_type,
    is_edited: row.is_edited,
    created_at: row.created_at,
  };
}

/** The chat view of a stored message (seed 2.5). */
export function chatMessageView(row: MessageRow): S['ChatMessage'] {
  return {
    id: row.id,
    conversation_id: row.conversation_id,
    content: row.content,
    type: row.type,
    sender_type: CHAT_SENDER[row.sender],
    sender_id: row.sender_id,
    status: row.status,
    media_url: row.media_url,
    created_at: row.created_at,
  };
}
