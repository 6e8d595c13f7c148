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
 * What a 409 adds for an action from a status it cannot start from: the step that makes it possible,
 * or that the chat is where the action would take it (a second start-human, a close of a closed chat).
 */
const CONFLICT_HINTS: Partial<Record<ChatAction, Partial<Record<ChatStatus, string>>>> = {
  'start-human': { human: 'it is human already', closed: 'reopen it first' },
  'send-message': { open: 'start-human first', closed: 'reopen it, then start-human' },
  'stop-human': { open: 'the AI has it already' },
  close: { closed: 'it is closed already' },
  reopen: { open: 'it is open already', human: 'stop-human hands it back to the AI' },
  transfer: { closed: 'reopen it first' },
};

/**
 * Checks that `action` may start from the chat's status; 409 CONFLICT naming the current status,
 * the status the action needs and, where one step gets there, that step otherwise.
 */
export function assertTransition(row: ConversationRow, action: ChatAction): void {
  const allowed: readonly ChatStatus[] = CHAT_TRANSITIONS[action].from;
  const status = row._chat_status;
  if (allowed.includes(status)) return;
  const hint = CONFLICT_HINTS[action]?.[status];
  throw conflict(
    `chat ${row.id} is ${status}; ${action} needs ${allowed.join(' or ')}${hint ? `: ${hint}` : ''}`,
  );
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
