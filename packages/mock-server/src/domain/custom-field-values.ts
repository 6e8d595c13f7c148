import { type ErrorDetail, validationError } from '../errors.js';
import { schemas } from '../generated/schemas.js';
import { isCalendarDate } from '../http/calendar-date.js';
import { listValues } from '../http/schema-rules.js';
import { keyPath } from '../key-path.js';
import type { CustomFieldRow } from '../store/records.js';
import { nameKey } from './value-rules.js';

type Value = string | number | boolean | string[] | null;

/**
 * Checks contact custom-field values against the workspace's definitions (by field name):
 * the field exists and is not archived, the value has the field's type, select values are options,
 * and, with `requireAll`, every required field has a value. 400 naming each offending field.
 *
 * On update, `current` is what the contact holds: a value sent back unchanged passes (a contact
 * read and written back stays writable after its field is archived or loses an option), and an
 * archived field's value may be cleared with null.
 */
export function checkCustomFieldValues(
  values: Record<string, Value>,
  fields: CustomFieldRow[],
  options: { requireAll: boolean; current?: Record<string, Value> },
): void {
  const byName = new Map(fields.map((f) => [f.name, f]));
  const issues: ErrorDetail[] = [];
  const add = (name: string, rule: string, text: string, item = '') => {
    // `custom_fields["a.b"]`, not `custom_fields.a.b`: a name may hold a dot or brackets.
    const field = `${keyPath('custom_fields', name)}${item}`;
    issues.push({ field, rule, message: `${field}: ${text}` });
  };
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    const current = options.current;
    if (current && Object.hasOwn(current, name) && sameValue(current[name] ?? null, value)) {
      continue;
    }
    if (!field) add(name, 'exists', missingName(name, fields));
    else if (field.archived) {
      if (value !== null) add(name, 'archived', 'the custom field is archived (null clears it)');
    } else if (value === null) {
      if (field.required) add(name, 'required', 'is required and cannot be cleared');
    } else {
      const problems = typeProblems(field, value);
      for (const [rule, text, item] of problems) add(name, rule, text, item);
      if (problems.length === 0 && field.required && isEmpty(field, value))
        add(name, 'required', 'is required and cannot be empty (blank text or an empty list)');
    }
  }
  if (options.requireAll) {
    for (const field of fields) {
      if (!field.required || field.archived) continue;
      // Own values only: a field may be named `constructor` or `__proto__`.
      if (!Object.hasOwn(values, field.name) || values[field.name] === null)
        add(field.name, 'required', 'is required');
    }
  }
  if (issues.length > 0) throw validationError(issues);
}

/**
 * Why no field has `name`: a field's name is unique in any case and Unicode form, yet a value names
 * it as it is written, so one that differs only so is named (`"Plan"` for `plan`).
 */
function missingName(name: string, fields: CustomFieldRow[]): string {
  const key = nameKey(name);
  const near = fields.find((f) => nameKey(f.name) === key)?.name;
  if (near === undefined) return 'no custom field has this name';
  if (near.normalize('NFC') === name.normalize('NFC'))
    return `no custom field has this name as written; the field ${JSON.stringify(near)} has it in another Unicode form`;
  return `no custom field has this name; did you mean ${JSON.stringify(near)}? (names match as written)`;
}

/** The most a contact's custom fields hold, as JSON: what one request's body may carry. */
const MAX_HELD_BYTES = 1_048_576;

/**
 * Why a contact cannot hold these custom fields, or null: over 1 MiB as JSON in all, which a
 * contact.updated delivery would carry (requests and a state import alike); `remedy` ends the text.
 */
export function heldBytesProblem(values: Record<string, unknown>, remedy: string): string | null {
  const bytes = new TextEncoder().encode(JSON.stringify(values)).length;
  if (bytes <= MAX_HELD_BYTES) return null;
  return `the contact would hold ${bytes} bytes of custom fields as JSON, over ${MAX_HELD_BYTES} (1 MiB); ${remedy}`;
}

/**
 * Whether a value of this field holds nothing a person sees: a `text` of nothing but white space (or
 * the invisible characters a blank name is refused for), or an empty `multi_select` list. A required
 * field must have more. A `select` value is one of its options, whatever they hold.
 */
function isEmpty(field: CustomFieldRow, value: Exclude<Value, null>): boolean {
  if (field.type === 'multi_select') return Array.isArray(value) && value.length === 0;
  return field.type === 'text' && typeof value === 'string' && !VISIBLE.test(value);
}

/** A character that is neither white space nor invisible: the spec's rule for a name not blank. */
const VISIBLE = new RegExp((schemas.CustomFieldName as { pattern: string }).pattern, 'u');

/** Whether two values are the same: equal scalars, or arrays of the same items in the same order. */
function sameValue(a: Value, b: Value): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return a === b;
}

/** A rule a value breaks, its message, and the item it is about (`[2]` of a multi_select) or ''. */
export type TypeProblem = [rule: string, text: string, item: string];

/**
 * The rules a value of this field's type breaks, none when it is fine: its type, a date's format,
 * an option (each multi_select item that is none, by its index); the options quoted, as the schema's
 * enums are, for an option may hold a comma.
 */
export function typeProblems(field: CustomFieldRow, value: Exclude<Value, null>): TypeProblem[] {
  const one = (rule: string, text: string): TypeProblem[] => [[rule, text, '']];
  switch (field.type) {
    case 'text':
      return typeof value === 'string' ? [] : one('type', 'must be a string');
    case 'number':
      return typeof value === 'number' ? [] : one('type', 'must be a number');
    case 'boolean':
      return typeof value === 'boolean' ? [] : one('type', 'must be a boolean');
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? []
        : one('format', 'must be a date that exists (YYYY-MM-DD)');
    case 'select':
      if (typeof value !== 'string') return one('type', 'must be a string');
      return field.options.includes(value)
        ? []
        : one('enum', `must be one of ${listValues(field.options)}`);
    case 'multi_select': {
      if (!Array.isArray(value)) return one('type', 'must be an array of strings');
      const text = `must be one of ${listValues(field.options)}`;
      return value.flatMap((v, i): TypeProblem[] =>
        field.options.includes(v) ? [] : [['enum', text, `[${i}]`]],
      );
    }
    default:
      return [];
  }
}
