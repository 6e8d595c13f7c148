import type { Clock } from '../clock.js';
import type { AppointmentRow } from '../store/records.js';

/** How long before an appointment's `starts_at` Variant B sends its reminder: 24 hours. */
export const REMINDER_LEAD_MS = 24 * 60 * 60 * 1000;

/** What `AppointmentReminders` arms and disarms; see `DomainContext.reminders`. */
export interface ReminderSchedule {
  /** (Re)arms the reminder of a scheduled appointment with a contact, or disarms it otherwise. */
  arm(row: AppointmentRow): void;
  /** The appointment was cancelled or completed: no reminder. */
  disarm(id: string): void;
}

/**
 * Variant B's appointment reminders, on the mock's clock: one timer per scheduled appointment, at
 * its `starts_at` minus `REMINDER_LEAD_MS`. Only the crossing of that time sends one: an appointment
 * made or moved to start sooner than the lead gets none, and a state imported after the time does
 * not send it again. A reminder goes to the contact: a scheduled appointment without one (only an
 * imported state can hold it; deleting a contact cancels its appointments) gets none. Variant A has
 * no such event: nothing is armed.
 */
export class AppointmentReminders implements ReminderSchedule {
  /** Appointment id -> the clock's timer id. */
  private readonly timers = new Map<string, number>();
  /** Set by dispose: nothing is armed any more. */
  private disposed = false;

  constructor(
    private readonly clock: Clock,
    /** Sends the reminder of the appointment: every change to it arms or disarms its timer. */
    private readonly send: (ws: string, id: string) => void,
    private readonly enabled: boolean,
  ) {}

  arm(row: AppointmentRow): void {
    this.disarm(row.id);
    if (!this.enabled || this.disposed || row.status !== 'scheduled' || row.contact_id === null)
      return;
    const wait = Date.parse(row.starts_at) - REMINDER_LEAD_MS - this.clock.now();
    if (wait <= 0) return;
    const { id, _ws: ws } = row;
    const timer = this.clock.schedule(wait, () => {
      this.timers.delete(id);
      this.send(ws, id);
    });
    this.timers.set(id, timer);
  }

  disarm(id: string): void {
    const timer = this.timers.get(id);
    if (timer === undefined) return;
    this.clock.clear(timer);
    this.timers.delete(id);
  }

  /** After a state import: the reminders of the imported appointments whose time is still ahead. */
  restore(rows: readonly AppointmentRow[]): void {
    this.clear();
    for (const row of rows) this.arm(row);
  }

  /** Cancels every reminder (reset, import). */
  clear(): void {
    for (const timer of this.timers.values()) this.clock.clear(timer);
    this.timers.clear();
  }

  /** Cancels every reminder, and arms none from now on (the server is going away). */
  dispose(): void {
    this.disposed = true;
    this.clear();
  }
}
