import { conflict, validationError } from '../errors.js';
import type { AppointmentRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import type { DomainContext, Handler } from './context.js';
import { mustGet } from './lookup.js';
import { paginate } from './paginate.js';
import { endsAtIssues } from './value-rules.js';

const view = (row: AppointmentRow) => publicView(row);
const one = (row: AppointmentRow) => ({ data: view(row) });

const appointment = (ctx: DomainContext, ws: string, id: string) =>
  mustGet(ctx.state.tables.appointments, ws, id, 'appointment');

function assertScheduled(row: AppointmentRow, action: string): void {
  if (row.status !== 'scheduled')
    throw conflict(`appointment ${row.id} is ${row.status}; ${action} needs scheduled`);
}

function assertOrder(startsAt: string, endsAt: string | null): void {
  const issues = endsAtIssues(startsAt, endsAt, 'ends_at');
  if (issues.length > 0) throw validationError(issues);
}

/** GET /v1/appointments, filters `contact_id`, `agent_id`, `status`. */
export const appointmentsList: Handler = (ctx, { ws, query }) =>
  paginate(
    ctx.state.tables.appointments.list(
      ws,
      (a) =>
        (!query.contact_id || a.contact_id === query.contact_id) &&
        (!query.agent_id || a.agent_id === query.agent_id) &&
        (!query.status || a.status === query.status),
    ),
    query,
    view,
  );

/** POST /v1/appointments: scheduled (A appointment.created, B appointment.scheduled). */
export const appointmentsCreate: Handler = (ctx, { ws, body }) => {
  // Validation (400) before existence (404), as api-decisions section 2 orders the checks.
  assertOrder(body.starts_at, body.ends_at ?? null);
  mustGet(ctx.state.tables.contacts, ws, body.contact_id, 'contact');
  if (body.agent_id) mustGet(ctx.state.tables.agents, ws, body.agent_id, 'agent');
  const now = ctx.now();
  const row: AppointmentRow = {
    id: ctx.id(),
    contact_id: body.contact_id,
    agent_id: body.agent_id ?? null,
    title: body.title,
    notes: body.notes ?? null,
    starts_at: new Date(body.starts_at).toISOString(),
    ends_at: body.ends_at ? new Date(body.ends_at).toISOString() : null,
    status: 'scheduled',
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
  };
  ctx.state.tables.appointments.put(row);
  ctx.emit('appointment.created', ws, view(row));
  ctx.reminders.arm(row);
  return one(row);
};

/** GET /v1/appointments/{id}. */
export const appointmentsRetrieve: Handler = (ctx, { ws, params }) =>
  one(appointment(ctx, ws, params.id as string));

/** PUT /v1/appointments/{id}: a partial update of a scheduled appointment; a new `starts_at` reschedules. */
export const appointmentsUpdate: Handler = (ctx, { ws, params, body }) => {
  const row = appointment(ctx, ws, params.id as string);
  const startsAt =
    body.starts_at !== undefined ? new Date(body.starts_at).toISOString() : row.starts_at;
  const endsAt =
    body.ends_at !== undefined
      ? body.ends_at
        ? new Date(body.ends_at).toISOString()
        : null
      : row.ends_at;
  // 400, then 404, then 409 (api-decisions section 2): a bad body is named even on a finished appointment.
  assertOrder(startsAt, endsAt);
  // The agent it has may have been deleted since (the appointment keeps its id): sent back as read,
  // it passes; only a new agent must exist.
  if (body.agent_id && body.agent_id !== row.agent_id)
    mustGet(ctx.state.tables.agents, ws, body.agent_id, 'agent');
  assertScheduled(row, 'an update');
  // The same instant written otherwise (an imported `+02:00`) is no reschedule.
  const rescheduled = Date.parse(startsAt) !== Date.parse(row.starts_at);
  row.starts_at = startsAt;
  row.ends_at = endsAt;
  if (body.title !== undefined) row.title = body.title;
  if (body.notes !== undefined) row.notes = body.notes;
  if (body.agent_id !== undefined) row.agent_id = body.agent_id;
  row.updated_at = ctx.now();
  if (rescheduled) {
    ctx.emit('appointment.rescheduled', ws, view(row));
    ctx.reminders.arm(row);
  }
  return one(row);
};

/** POST /v1/appointments/{id}/cancel and /complete: scheduled -> cancelled | completed. */
export function finishAppointment(status: 'cancelled' | 'completed'): Handler {
  return (ctx, { ws, params }) => {
    const row = appointment(ctx, ws, params.id as string);
    assertScheduled(row, status === 'cancelled' ? 'cancel' : 'complete');
    finish(ctx, ws, row, status);
    return one(row);
  };
}

/**
 * The reminder of an appointment (B appointment.reminder_sent), when its timer fires: the
 * appointment is scheduled, with a contact, at the time the timer was set for, as every change to
 * it arms or disarms the timer (`ctx.reminders`).
 */
export function sendReminder(ctx: DomainContext, ws: string, id: string): void {
  const row = ctx.state.tables.appointments.get(ws, id);
  if (row) ctx.emit('appointment.reminder_sent', ws, view(row));
}

/**
 * After DELETE /v1/contacts/{id}: the contact's appointments stay, with `contact_id` null, and the
 * scheduled ones are cancelled (no one is left to meet), each with its event.
 */
export function releaseContactAppointments(
  ctx: DomainContext,
  ws: string,
  contactId: string,
): void {
  const now = ctx.now();
  for (const row of ctx.state.tables.appointments.list(ws, (a) => a.contact_id === contactId)) {
    // The cancellation's event still names the contact, so that a receiver can tell whose it was.
    if (row.status === 'scheduled') finish(ctx, ws, row, 'cancelled');
    row.contact_id = null;
    row.updated_at = now;
  }
}

function finish(
  ctx: DomainContext,
  ws: string,
  row: AppointmentRow,
  status: 'cancelled' | 'completed',
): void {
  row.status = status;
  row.updated_at = ctx.now();
  ctx.reminders.disarm(row.id);
  ctx.emit(
    status === 'cancelled' ? 'appointment.cancelled' : 'appointment.completed',
    ws,
    view(row),
  );
}
