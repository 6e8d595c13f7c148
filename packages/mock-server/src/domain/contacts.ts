import { invalidField, validationError } from '../errors.js';
import type { ContactRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import { releaseContactAppointments } from './appointments.js';
import type { DomainContext, Handler } from './context.js';
import { checkCustomFieldValues, heldBytesProblem } from './custom-field-values.js';
import { mustGet } from './lookup.js';
import { cachedPage } from './paginate.js';
import { contactKeepsOneIssues, nameKey } from './value-rules.js';

const view = (row: ContactRow) => publicView(row);
const one = (row: ContactRow) => ({ data: view(row) });

const fieldsOf = (ctx: DomainContext, ws: string) => ctx.state.tables.customFields.list(ws);

/**
 * A search that is a phone number as people write one (digits with spaces, dashes, dots or
 * parentheses, maybe a leading +), as the E.164 form a contact's phone is stored in: `+` (when it
 * leads) and its digits. Null for any other search.
 */
function phoneQuery(q: string): string | null {
  const trimmed = q.trim();
  if (!/^\+?[\d\s().\-\u2010-\u2015]*\d[\d\s().\-\u2010-\u2015]*$/.test(trimmed)) return null;
  return (trimmed.startsWith('+') ? '+' : '') + trimmed.replace(/\D/g, '');
}

/**
 * GET /v1/contacts, search `q` over name, email and phone (regardless of case and Unicode form); a
 * phone number as written (`+1 (555) 010-2000`) finds a phone by its digits.
 */
export const contactsList: Handler = (ctx, { ws, query }) => {
  const q = typeof query.q === 'string' ? nameKey(query.q) : null;
  const phone = q === null ? null : phoneQuery(q);
  const matches = (c: ContactRow) =>
    [c.name, c.email, c.phone].some((v) => v !== null && nameKey(v).includes(q as string)) ||
    (phone !== null && c.phone?.includes(phone) === true);
  return cachedPage(ctx.state.tables.contacts, ws, query, q ? matches : undefined);
};

/** POST /v1/contacts: custom-field values are checked against the definitions. */
export const contactsCreate: Handler = (ctx, { ws, body }) => {
  const custom = body.custom_fields ?? {};
  checkCustomFieldValues(custom, fieldsOf(ctx, ws), { requireAll: true });
  // Stored as JSON they may take more than the body carried them in (1e20 is written out in full).
  const customFields: ContactRow['custom_fields'] = withoutNulls(custom);
  checkHeldBytes(customFields, 'send fewer values');
  const now = ctx.now();
  const row: ContactRow = {
    id: ctx.id(),
    name: body.name ?? null,
    email: body.email ?? null,
    phone: body.phone ?? null,
    custom_fields: customFields,
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
  };
  ctx.state.tables.contacts.put(row);
  ctx.emit('contact.created', ws, view(row));
  return one(row);
};

/** GET /v1/contacts/{id}. */
export const contactsRetrieve: Handler = (ctx, { ws, params }) =>
  one(mustGet(ctx.state.tables.contacts, ws, params.id as string, 'contact'));

/** PUT /v1/contacts/{id}: a partial update; custom fields merge by name, null removes one. */
export const contactsUpdate: Handler = (ctx, { ws, params, body }) => {
  const row = mustGet(ctx.state.tables.contacts, ws, params.id as string, 'contact');
  const next = {
    name: body.name !== undefined ? body.name : row.name,
    email: body.email !== undefined ? body.email : row.email,
    phone: body.phone !== undefined ? body.phone : row.phone,
  };
  const kept = contactKeepsOneIssues(next, 'body');
  if (kept.length > 0) throw validationError(kept);
  if (body.custom_fields) {
    checkCustomFieldValues(body.custom_fields, fieldsOf(ctx, ws), {
      requireAll: false,
      current: row.custom_fields,
    });
  }
  const customFields: ContactRow['custom_fields'] = withoutNulls({
    ...row.custom_fields,
    ...body.custom_fields,
  });
  if (body.custom_fields) checkHeldBytes(customFields, 'clear some with null');
  const updated = ctx.state.tables.contacts.update(row, {
    ...next,
    custom_fields: customFields,
    updated_at: ctx.now(),
  });
  ctx.emit('contact.updated', ws, view(updated));
  return one(updated);
};

/**
 * DELETE /v1/contacts/{id}: emits contact.deleted with the contact as it was. Its conversations and
 * appointments stay, with `contact_id` null; the scheduled appointments are cancelled.
 */
export const contactsDelete: Handler = (ctx, { ws, params }) => {
  const row = mustGet(ctx.state.tables.contacts, ws, params.id as string, 'contact');
  ctx.state.tables.contacts.delete(row.id);
  const now = ctx.now();
  // In place, as every conversation change: a pending AI answer holds the row and checks it is the same.
  for (const c of ctx.state.tables.conversations.list(ws, (c) => c.contact_id === row.id)) {
    c.contact_id = null;
    c.updated_at = now;
  }
  ctx.emit('contact.deleted', ws, view(row));
  releaseContactAppointments(ctx, ws, row.id);
  return undefined;
};

/**
 * Updates merge, so a contact's custom fields add up past what one request carries: bounded in all,
 * so that a contact.updated delivery, which carries them all, stays within what a receiver takes.
 */
function checkHeldBytes(values: Record<string, unknown>, remedy: string): void {
  const problem = heldBytesProblem(values, remedy);
  if (problem) throw invalidField('custom_fields', 'maxBytes', problem);
}

function withoutNulls<V>(values: Record<string, V | null>): Record<string, V> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== null)) as Record<
    string,
    V
  >;
}
