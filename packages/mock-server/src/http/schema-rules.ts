/** The value checks the schema validator applies: formats, types, and how it names them in messages. */

import { isCalendarDate } from './calendar-date.js';
import { uriProblem } from './uri-format.js';

type Json = unknown;

/** A UUID in any case: the spec's `format: uuid`, and what the store lower-cases. */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// RFC 3339's form, second 60 (a leap second) included: it is refused, but by its own message.
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;
const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');
// An addr-spec without quoted local parts: one @, and a dot inside the domain (neither its first
// nor its last character). No white space, and none of `<>(),;"\` anywhere: a display name
// (`"Ann" <ann@b.co>`), a comment or a list of addresses is not an address. The local part takes
// no `[]:` either (only a quoted local part could); the domain may be a literal (`[192.0.2.1]`).
// Written so that it runs in linear time: `[^\s@]+\.[^\s@]+` backtracks quadratically on a
// domain of many dots ending in a second @, which blocked the server for seconds.
// webhook-verify's src/zod/platform-formats.ts holds the same rule as a pattern: change both.
const EMAIL =
  /^[^\s@<>(),;"\\:[\]]+@[^\s@<>(),;"\\](?=[^\s@<>(),;"\\]*\.[^\s@<>(),;"\\])[^\s@<>(),;"\\]*$/;

/** The string formats of the spec: what is wrong with a value, as a message, or null. */
export const FORMATS: Record<string, (v: string) => string | null> = {
  uuid: (v) => (UUID.test(v) ? null : 'must be a UUID'),
  'date-time': (v) => {
    if (!DATE_TIME.test(v))
      return 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-20T10:00:00.000Z';
    // Well formed, yet no instant: named as such, not as a malformed date-time. Every month has
    // its 28th (the pattern checked the digits), so only later days need the calendar.
    if (v.slice(8, 10) > '28' && !isCalendarDate(v.slice(0, 10)))
      return `must be a day that exists: ${v.slice(0, 10)} is not`;
    if (v.slice(17, 19) === '60') {
      return 'must not be a leap second (second 60): the API counts time without them; write :59.999';
    }
    // Stored and answered in UTC: an offset that carries the instant out of years 0000-9999
    // would come back as `-000001-12-31T...` or `+010000-...`, no date-time at all. An offset
    // moves it by less than a day, so only the first and the last year can leave the range.
    const year = v.slice(0, 4);
    if (year !== '0000' && year !== '9999') return null;
    const ms = Date.parse(v);
    if (Number.isNaN(ms)) return 'must be an ISO 8601 date-time with a time zone';
    return ms < FIRST_INSTANT || ms > LAST_INSTANT
      ? 'must fall between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in UTC'
      : null;
  },
  uri: uriProblem,
  email: (v) => (EMAIL.test(v) ? null : 'must be an email address'),
};

const TYPE_NAMES: Record<string, string> = {
  string: 'a string',
  integer: 'an integer',
  number: 'a number',
  boolean: 'a boolean',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

/** Whether a JSON value has one of the schema types. */
export function matchesType(type: string | string[], value: Json): boolean {
  return Array.isArray(type) ? type.some((t) => isType(t, value)) : isType(type, value);
}

function isType(type: string, value: Json): boolean {
  switch (type) {
    case 'null':
      return value === null;
    case 'integer':
      return typeof value === 'number' && Number.isInteger(value);
    case 'number':
      return typeof value === 'number' && Number.isFinite(value);
    case 'array':
      return Array.isArray(value);
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    default:
      return typeof value === type;
  }
}

/**
 * A JSON value as text that is the same for equal values, as JSON Schema's `const`, `enum` and
 * `uniqueItems` compare them: an object's keys in sorted order, as key order carries no meaning.
 */
export function canonicalJson(value: Json): string {
  // A loop over a stack of its own, not a recursion: a request's list of tags may hold an item
  // nested 100 000 deep, which would overflow the call stack (a 500 where the answer is a 400).
  const parts: string[] = [];
  const todo: ({ text: string } | { value: Json })[] = [{ value }];
  for (let step = todo.pop(); step !== undefined; step = todo.pop()) {
    if ('text' in step) {
      parts.push(step.text);
      continue;
    }
    const v = step.value;
    if (v === null || typeof v !== 'object') {
      parts.push(String(JSON.stringify(v)));
      continue;
    }
    const inner = Array.isArray(v)
      ? Array.from(v, (item, i) => [i > 0 ? ',' : '', item] as const)
      : Object.keys(v)
          .sort()
          .map(
            (k, i) =>
              [`${i > 0 ? ',' : ''}${JSON.stringify(k)}:`, (v as Record<string, Json>)[k]] as const,
          );
    const [open, close] = Array.isArray(v) ? ['[', ']'] : ['{', '}'];
    todo.push({ text: close });
    for (let i = inner.length - 1; i >= 0; i--) {
      const [before, item] = inner[i] as readonly [string, Json];
      todo.push({ value: item }, { text: before });
    }
    todo.push({ text: open });
  }
  return parts.join('');
}

/** Whether two JSON values are equal as JSON Schema says (objects and arrays by their contents). */
export function sameJson(a: Json, b: Json): boolean {
  if (a === b) return true;
  return typeof a === 'object' && typeof b === 'object' && canonicalJson(a) === canonicalJson(b);
}

/** The types as words for a message: "a string or null". */
export function typeList(type: string | string[]): string {
  const names = [...new Set(Array.isArray(type) ? type : [type])].map((t) => TYPE_NAMES[t] ?? t);
  return names.length <= 1
    ? (names[0] ?? 'valid')
    : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

/** Allowed values for a message, the first 12 of them. */
export function listValues(values: unknown[]): string {
  const shown = values.slice(0, 12).map((v) => JSON.stringify(v));
  return `${shown.join(', ')}${values.length > 12 ? `, ... (${values.length} values)` : ''}`;
}
