import { conflict, type ErrorDetail, fieldDetail } from '../errors.js';
import type { ChatStatus, ConversationRow } from '../store/records.js';

/** The chat actions of the state machine, and the statuses each one may start from. */
export const CHAT_TRANSITIONS = {
  'start-human': { from: ['open'], to: 'human' },
  'send-message': { from: ['human'], to: 'human' },
  'stop-human': { from: ['human'], to: 'open' },
  close: { from: ['open', 'human'], to: 'closed' },
  reopen: { from: ['closed'], to: 'open' },
  transfer: { from: ['open', 'human'], to: null },
} as const satisfies Record<string, { from: readonly ChatStatus[]; to: ChatStatus | null }>;

/** An action of the chat state machine. */
export type ChatAction = keyof typeof CHAT_TRANSITIONS;

/**
 * Checks that `action` may start from the chat's status; 409 CONFLICT naming the current status and
 * the status the action needs otherwise.
 */
export function assertTransition(row: ConversationRow, action: ChatAction): void {
  const allowed: readonly ChatStatus[] = CHAT_TRANSITIONS[action].from;
  if (allowed.includes(row._chat_status)) return;
  throw conflict(`chat ${row.id} is ${row._chat_status}; ${action} needs ${allowed.join(' or ')}`);
}

/** How many times each chat's status or agent changed, while its row lives (rows change in place). */
const changes = new WeakMap<ConversationRow, number>();

/**
 * Notes that the chat's status or agent changed: a handoff, a close, a reopening, a transfer, its agent
 * deactivated or activated. An AI answer asked for before a change is dropped, even when the chat is
 * `open` again by the time it comes (a handoff and back, a close and a reopening): its turn is over.
 */
export function chatChanged(row: ConversationRow): void {
  changes.set(row, chatChanges(row) + 1);
}

/** How many times the chat's status or agent changed (see `chatChanged`). */
export function chatChanges(row: ConversationRow): number {
  return changes.get(row) ?? 0;
}

/** The actions that move a chat to another status. */
type StatusAction = 'start-human' | 'stop-human' | 'close' | 'reopen';

/**
 * Moves the chat by `action` (409 CONFLICT when its status does not allow it) to the action's
 * status, noted as a change (`chatChanged`).
 */
export function moveChat(row: ConversationRow, action: StatusAction): void {
  assertTransition(row, action);
  chatChanged(row);
  row._chat_status = CHAT_TRANSITIONS[action].to;
}

/**
 * What is wrong with a stored chat's handoff fields (`at` is its path in a snapshot): in `human` mode
 * `_human_started_at` is set (`_assigned_to` may be null: unassigned); outside it both are null, as
 * stop-human and close leave them. The chat view shows them as they are.
 */
export function handoffIssues(
  row: Pick<ConversationRow, '_chat_status' | '_assigned_to' | '_human_started_at'>,
  at: string,
): ErrorDetail[] {
  if (row._chat_status === 'human') {
    return row._human_started_at === null
      ? [
          fieldDetail(
            `${at}._human_started_at`,
            'required',
            'a chat in human mode has the time its handoff started',
          ),
        ]
      : [];
  }
  const outside = `is null outside human mode (the chat is ${row._chat_status})`;
  return (['_assigned_to', '_human_started_at'] as const)
    .filter((field) => row[field] !== null)
    .map((field) => fieldDetail(`${at}.${field}`, 'invalid', outside));
}
