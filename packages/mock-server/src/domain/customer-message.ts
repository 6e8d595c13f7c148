import type { ConversationRow, MessageRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import { chatChanges, moveChat } from './chat-state.js';
import type { DomainContext } from './context.js';
import { conversationMessageView, conversationView } from './conversation-views.js';
import { mediaTypeOf } from './media-type.js';
import { sendToCustomer } from './outbound-message.js';
import { storeMessage } from './store-message.js';

/** What a customer message leads to: the stored message and the AI's answer, if any. */
export interface CustomerMessageResult {
  message: MessageRow;
  reply: MessageRow | null;
}

/**
 * A customer message arrives: a closed conversation reopens (conversation.reopened), the message is
 * stored (message.received), and the AI answers only when the chat is open and the agent exists and
 * is active, before the responder runs and after; in human mode a person answers. The answer goes out
 * as a human agent's message does (`sendToCustomer`): message.sent, or message.failed in B when the
 * channel was deleted or is not active at the time it is sent.
 */
export async function receiveCustomerMessage(
  ctx: DomainContext,
  conversation: ConversationRow,
  content: string,
  type: MessageRow['type'] = 'text',
  mediaUrl: string | null = null,
): Promise<CustomerMessageResult> {
  const ws = conversation._ws;
  if (conversation._chat_status === 'closed') {
    moveChat(conversation, 'reopen');
    conversation.updated_at = ctx.now();
    ctx.emit('conversation.reopened', ws, conversationView(conversation));
  }
  const message = storeMessage(ctx, conversation, {
    content,
    sender: 'customer',
    sender_id: conversation.contact_id,
    type,
    media_url: mediaUrl,
    media_type: mediaTypeOf(mediaUrl),
    status: 'delivered',
  });
  ctx.emit('message.received', ws, conversationMessageView(message));
  const agent = ctx.state.tables.agents.get(ws, conversation.agent_id);
  if (conversation._chat_status !== 'open' || !agent || agent.status !== 'active')
    return { message, reply: null };
  const turn = chatChanges(conversation);
  const trainings = ctx.state.tables.trainings
    .list(ws, (t) => t.agent_id === agent.id)
    .map(publicView);
  const answer = await ctx.respond({
    message: content,
    media: type === 'text' || mediaUrl === null ? null : { type, url: mediaUrl },
    // Copies in the API's shape: the responder is user code, and the stored rows are frozen.
    agent: publicView(agent),
    trainings,
    conversationId: conversation.id,
  });
  // The responder may take its time: a person may have taken over, the chat been closed, the agent
  // deactivated or deleted, or the mock reset meanwhile. Then the answer is dropped, as the real
  // service's would be, rather than stored in a chat that no longer wants it.
  const current = ctx.state.tables.conversations.get(ws, conversation.id);
  const agentNow = ctx.state.tables.agents.get(ws, agent.id);
  // The same row, not only the same id: after a reset with seeded ids a new chat may have it.
  // Nor when the chat changed and came back: a handoff and back, a close and a reopening, a transfer.
  if (
    answer === null ||
    current !== conversation ||
    chatChanges(current) !== turn ||
    current._chat_status !== 'open' ||
    agentNow?.status !== 'active'
  ) {
    return { message, reply: null };
  }
  // Through a channel that is gone or down the answer is still made, and stored `failed`, as a
  // human agent's message would be: the chat shows what the customer did not get.
  const reply = sendToCustomer(ctx, current, {
    content: answer,
    sender: 'agent',
    sender_id: agent.id,
    type: 'text',
    media_url: null,
    media_type: null,
  });
  return { message, reply };
}

/** The `{conversation_id, response, message_id, response_message_id}` answer of both message endpoints. */
export function agentReply(conversation: ConversationRow, result: CustomerMessageResult) {
  return {
    data: {
      conversation_id: conversation.id,
      response: result.reply?.content ?? null,
      message_id: result.message.id,
      response_message_id: result.reply?.id ?? null,
    },
  };
}
