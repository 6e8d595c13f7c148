import { describe, expect, it } from 'vitest';
import { type Clock, createManualClock } from '../clock.js';
import type { AppointmentRow } from '../store/records.js';
import { AppointmentReminders, REMINDER_LEAD_MS } from './appointment-reminders.js';

const DAY = 24 * 3_600_000;
const start = Date.UTC(2026, 10, 20);

function row(startsAt: number): AppointmentRow {
  const at = new Date(start).toISOString();
  return {
    id: 'a1',
    contact_id: 'c1',
    agent_id: null,
    title: 'Call',
    notes: null,
    starts_at: new Date(startsAt).toISOString(),
    ends_at: null,
    status: 'scheduled',
    created_at: at,
    updated_at: at,
    _ws: 'w1',
    _seq: 1,
  };
}

describe('AppointmentReminders', () => {
  it('waits the rest when its clock runs a timer early (a real clock waits at most ~24.8 days)', async () => {
    const manual = createManualClock(start);
    // As the real clock: a timer longer than the limit runs at the limit.
    const clamped: Clock = {
      ...manual,
      schedule: (ms, run) => manual.schedule(Math.min(ms, 10 * DAY), run),
    };
    const sent: number[] = [];
    const reminders = new AppointmentReminders(clamped, () => sent.push(manual.now()), true);
    const startsAt = start + 60 * DAY;
    reminders.arm(row(startsAt));
    await manual.advance(58 * DAY);
    expect(sent).toEqual([]);
    await manual.advance(2 * DAY);
    expect(sent).toEqual([startsAt - REMINDER_LEAD_MS]);
    expect(manual.pending()).toBe(0);
  });

  it('arms nothing when disabled (Variant A), for an appointment not scheduled or without a contact', () => {
    const clock = createManualClock(start);
    new AppointmentReminders(clock, () => undefined, false).arm(row(start + 3 * DAY));
    const enabled = new AppointmentReminders(clock, () => undefined, true);
    enabled.arm({ ...row(start + 3 * DAY), status: 'cancelled' });
    enabled.arm({ ...row(start + 3 * DAY), contact_id: null });
    expect(clock.pending()).toBe(0);
    enabled.arm(row(start + 3 * DAY));
    expect(clock.pending()).toBe(1);
    enabled.arm(row(start + 4 * DAY)); // the same appointment, moved: still one timer
    expect(clock.pending()).toBe(1);
  });
});
