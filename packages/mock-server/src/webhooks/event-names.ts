import type { Variant } from '../store/records.js';

/**
 * What happened, in words that do not depend on the variant; `eventName` gives the name each variant
 * uses (null: the variant has no such event, and nothing is emitted).
 */
export const EVENT_NAMES = {
  'conversation.created': { A: 'conversation.created', B: 'conversation.created' },
  'conversation.assigned': { A: null, B: 'conversation.assigned' },
  'conversation.closed': { A: 'conversation.closed', B: 'conversation.closed' },
  'conversation.reopened': { A: null, B: 'conversation.reopened' },
  'conversation.transferred': { A: 'conversation.transferred', B: 'agent.transferred' },
  'message.received': { A: 'message.received', B: 'message.received' },
  'message.sent': { A: 'message.sent', B: 'message.sent' },
  'message.failed': { A: null, B: 'message.failed' },
  'message.delivered': { A: null, B: 'message.delivered' },
  'message.read': { A: null, B: 'message.read' },
  'contact.created': { A: 'contact.created', B: 'contact.created' },
  'contact.updated': { A: 'contact.updated', B: 'contact.updated' },
  'contact.deleted': { A: null, B: 'contact.deleted' },
  'handoff.started': { A: 'agent.handoff_started', B: 'agent.handoff_started' },
  'handoff.completed': { A: 'agent.handoff_completed', B: 'agent.handoff_completed' },
  'appointment.created': { A: 'appointment.created', B: 'appointment.scheduled' },
  'appointment.rescheduled': { A: null, B: 'appointment.rescheduled' },
  'appointment.cancelled': { A: 'appointment.cancelled', B: 'appointment.canceled' },
  'appointment.completed': { A: 'appointment.completed', B: null },
  'appointment.reminder_sent': { A: null, B: 'appointment.reminder_sent' },
  'channel.connected': { A: null, B: 'channel.connected' },
  'channel.disconnected': { A: null, B: 'channel.disconnected' },
  'channel.error': { A: null, B: 'channel.error' },
} as const satisfies Record<string, Record<Variant, string | null>>;

/** A kind of domain event, independent of the variant. */
export type EventKind = keyof typeof EVENT_NAMES;

/** The name a variant gives an event kind, or null when it has none. */
export function eventName(kind: EventKind, variant: Variant): string | null {
  return EVENT_NAMES[kind][variant];
}
