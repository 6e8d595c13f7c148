import { describe, expect, it, vi } from 'vitest';
import { createManualClock, createRealClock } from '../clock.js';
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
  it('sends a reminder 60 days ahead on a real clock, past the ~24.8 days setTimeout waits at most', () => {
    vi.useFakeTimers({ now: start });
    try {
      const clock = createRealClock();
      const sent: number[] = [];
      const reminders = new AppointmentReminders(clock, () => sent.push(Date.now()), true);
      const startsAt = start + 60 * DAY;
      reminders.arm(row(startsAt));
      vi.advanceTimersByTime(58 * DAY);
      expect(sent).toEqual([]);
      vi.advanceTimersByTime(2 * DAY);
      expect(sent).toEqual([startsAt - REMINDER_LEAD_MS]);
      expect(clock.pending()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
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
