import { conflict, invalidField, validationError } from '../errors.js';
import type { CustomFieldRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import type { DomainContext, Handler } from './context.js';
import { heldBytesProblem } from './custom-field-values.js';
import { mustGet } from './lookup.js';
import { cachedPage } from './paginate.js';
import { nameKey, optionIssues } from './value-rules.js';

/** The field types that have options. */
export const SELECT_TYPES = new Set(['select', 'multi_select']);

const view = (row: CustomFieldRow) => publicView(row);
const one = (row: CustomFieldRow) => ({ data: view(row) });

/** GET /v1/custom-fields; archived fields only with `include_archived`. */
export const customFieldsList: Handler = (ctx, { ws, query }) =>
  cachedPage(
    ctx.state.tables.customFields,
    ws,
    query,
    (f) => query.include_archived === true || !f.archived,
  );

/** POST /v1/custom-fields: names are unique (409); select types need options, others take none. */
export const customFieldsCreate: Handler = (ctx, { ws, body }) => {
  if (body.options !== undefined && !SELECT_TYPES.has(body.type)) {
    throw invalidField(
      'options',
      'type',
      `only select and multi_select fields have options, not ${body.type}`,
    );
  }
  checkOptions(body.options);
  // A taken name is a conflict (409): checked after the body's own rules (400).
  assertUniqueName(ctx, ws, body.name);
  const now = ctx.now();
  const row: CustomFieldRow = {
    id: ctx.id(),
    name: body.name,
    type: body.type,
    description: body.description ?? null,
    options: body.options ?? [],
    required: body.required ?? false,
    archived: false,
    created_at: now,
    updated_at: now,
    _ws: ws,
    _seq: ctx.seq(),
  };
  return one(ctx.state.tables.customFields.put(row));
};

/** GET /v1/custom-fields/{id} (archived ones too). */
export const customFieldsRetrieve: Handler = (ctx, { ws, params }) =>
  one(mustGet(ctx.state.tables.customFields, ws, params.id as string, 'custom field'));

/** PUT /v1/custom-fields/{id}: a rename moves the contacts' values to the new name. */
export const customFieldsUpdate: Handler = (ctx, { ws, params, body }) => {
  const { customFields, contacts } = ctx.state.tables;
  const row = mustGet(customFields, ws, params.id as string, 'custom field');
  if (body.options !== undefined && !SELECT_TYPES.has(row.type)) {
    throw invalidField(
      'options',
      'type',
      `only select and multi_select fields have options, not ${row.type}`,
    );
  }
  checkOptions(body.options);
  if (body.name !== undefined && body.name !== row.name) {
    assertUniqueName(ctx, ws, body.name, row.id);
    const moved = contacts
      .list(ws, (c) => Object.hasOwn(c.custom_fields, row.name))
      .map((contact) => {
        const { [row.name]: value, ...rest } = contact.custom_fields;
        return { contact, values: { ...rest, [body.name]: value as never } };
      });
    // A name longer as JSON adds bytes to each contact holding a value: none may pass the bound.
    for (const { contact, values } of moved) {
      const problem = heldBytesProblem(values, 'choose a shorter name, or clear some values');
      if (problem)
        throw invalidField('name', 'maxBytes', `renamed, contact ${contact.id}: ${problem}`);
    }
    for (const { contact, values } of moved) contacts.update(contact, { custom_fields: values });
  }
  const next = customFields.update(row, {
    name: body.name,
    description: body.description,
    options: body.options,
    required: body.required,
    updated_at: ctx.now(),
  });
  return one(next);
};

/** POST /v1/custom-fields/{id}/archive and /unarchive (idempotent; fields are never deleted). */
export function setArchived(archived: boolean): Handler {
  return (ctx, { ws, params }) => {
    const { customFields } = ctx.state.tables;
    const row = mustGet(customFields, ws, params.id as string, 'custom field');
    if (row.archived === archived) return one(row);
    return one(customFields.update(row, { archived, updated_at: ctx.now() }));
  };
}

/** No other field of the workspace has the name, in any case or Unicode form (`nameKey`). */
function assertUniqueName(ctx: DomainContext, ws: string, name: string, self?: string): void {
  const key = nameKey(name);
  const taken = ctx.state.tables.customFields.findWhere(
    ws,
    (f) => f.id !== self && nameKey(f.name) === key,
  );
  if (taken) {
    throw conflict(
      `a custom field named "${taken.name}" exists (${taken.id}${taken.archived ? ', archived' : ''})`,
    );
  }
}

function checkOptions(options: string[] | undefined): void {
  const issues = optionIssues(options ?? [], 'options');
  if (issues.length > 0) throw validationError(issues);
}
