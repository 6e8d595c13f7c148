import { type ErrorDetail, validationError } from '../errors.js';
import { isCalendarDate } from '../http/calendar-date.js';
import type { CustomFieldRow } from '../store/records.js';

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
  const add = (name: string, rule: string, text: string) =>
    issues.push({
      field: `custom_fields.${name}`,
      rule,
      message: `custom_fields.${name}: ${text}`,
    });
  for (const [name, value] of Object.entries(values)) {
    const field = byName.get(name);
    const current = options.current;
    if (current && Object.hasOwn(current, name) && sameValue(current[name] ?? null, value)) {
      continue;
    }
    if (!field) add(name, 'exists', 'no custom field has this name');
    else if (field.archived) {
      if (value !== null) add(name, 'archived', 'the custom field is archived (null clears it)');
    } else if (value === null) {
      if (field.required) add(name, 'required', 'is required and cannot be cleared');
    } else {
      const problem = typeProblem(field, value);
      if (problem) add(name, problem[0], problem[1]);
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

/** Whether two values are the same: equal scalars, or arrays of the same items in the same order. */
function sameValue(a: Value, b: Value): boolean {
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, i) => item === b[i]);
  }
  return a === b;
}

/** The rule and message a value of this field's type breaks, or null: its type, a date's format, an option. */
export function typeProblem(
  field: CustomFieldRow,
  value: Exclude<Value, null>,
): [string, string] | null {
  switch (field.type) {
    case 'text':
      return typeof value === 'string' ? null : ['type', 'must be a string'];
    case 'number':
      return typeof value === 'number' ? null : ['type', 'must be a number'];
    case 'boolean':
      return typeof value === 'boolean' ? null : ['type', 'must be a boolean'];
    case 'date':
      return typeof value === 'string' && isCalendarDate(value)
        ? null
        : ['format', 'must be a date that exists (YYYY-MM-DD)'];
    case 'select':
      if (typeof value !== 'string') return ['type', 'must be a string'];
      return field.options.includes(value)
        ? null
        : ['enum', `must be one of ${field.options.join(', ')}`];
    case 'multi_select':
      if (!Array.isArray(value)) return ['type', 'must be an array of strings'];
      return value.every((v) => field.options.includes(v))
        ? null
        : ['enum', `every item must be one of ${field.options.join(', ')}`];
    default:
      return null;
  }
}
