import type { Clock } from '../clock.js';
import type { AppointmentReminders } from '../domain/appointment-reminders.js';
import type { Pipeline } from '../http/run-operation.js';
import type { RandomSources } from '../ids.js';
import type { Journal } from '../journal.js';
import type { State } from '../store/state.js';
import type { WebhookDispatcher } from '../webhooks/dispatcher.js';
import type { EventBus } from '../webhooks/event-bus.js';

/** Everything one mock server instance holds: the pipeline's parts plus the journal and events. */
export interface Core extends Pipeline {
  state: State;
  clock: Clock;
  journal: Journal;
  events: EventBus;
  dispatcher: WebhookDispatcher;
  /** Appointment reminders (Variant B). */
  reminders: AppointmentReminders;
  /** `x-mock-admin-token` the control API requires, if any. */
  adminToken: string | undefined;
  /** Ids, request ids and secrets. */
  random: RandomSources;
}
