import { conflict, notFound } from '../errors.js';
import type { MessageRow } from '../store/records.js';
import type { DomainContext } from './context.js';
import { chatMessageView, conversationMessageView } from './conversation-views.js';

/** What the customer's side can report of a message sent to it: it arrived, then it was read. */
export type ReceiptStatus = 'delivered' | 'read';

/** How far a message sent to the customer has got; a failed one got nowhere. */
const ORDER = { sent: 0, delivered: 1, read: 2 } as const;

/**
 * The customer's device reports a message sent to it `delivered` or `read`: its status moves on and
 * `message.delivered` / `message.read` go out (Variant B; A has no such events). A message read
 * without a report of delivery is delivered first (both events, in order). The same status again
 * changes nothing; 409 for a message back to an earlier status, a failed one (it never arrived) and
 * a customer's own message.
 */
export function setMessageStatus(
  ctx: DomainContext,
  id: string,
  status: ReceiptStatus,
): ReturnType<typeof chatMessageView> {
  let row: MessageRow | undefined = ctx.state.tables.messages.find(id);
  if (!row) throw notFound('message', id);
  if (row.sender === 'customer') {
    throw conflict(
      `message ${id} is the customer's: only a message sent to the customer (by the agent or a person) is delivered or read`,
    );
  }
  if (!Object.hasOwn(ORDER, row.status)) {
    throw conflict(`message ${id} is ${row.status}: it never reached the customer`);
  }
  const from = ORDER[row.status as keyof typeof ORDER];
  if (from > ORDER[status]) {
    throw conflict(
      `message ${id} is ${row.status} already: its status does not go back to ${status}`,
    );
  }
  for (const next of ['delivered', 'read'] as const) {
    if (ORDER[next] <= from || ORDER[next] > ORDER[status]) continue;
    row = ctx.state.tables.messages.update(row, { status: next });
    ctx.emit(`message.${next}`, row._ws, conversationMessageView(row));
  }
  return chatMessageView(row);
}
