import type { ErrorDetail } from '../errors.js';

/** An escape of a surrogate: the only way valid UTF-8 JSON writes half a pair. */
const SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const LONE_ALL = new RegExp(LONE.source, 'g');

/** A lone surrogate written as its escape, `\ud800`. */
const escaped = (unit: string) => `\\u${unit.charCodeAt(0).toString(16)}`;

/** Where a string lies: the field a detail names (`metadata.a`, `options[1]`, `body` for the root). */
const child = (field: string, key: string | number) =>
  typeof key === 'number'
    ? `${field === 'body' ? '' : field}[${key}]`
    : field === 'body'
      ? key
      : `${field}.${key}`;

/** The lone surrogate of `text`, written as its escape (`\ud800`), or undefined. */
function loneUnit(text: string): string | undefined {
  const unit = LONE.exec(text)?.[0];
  return unit === undefined ? undefined : escaped(unit);
}

/**
 * An issue whose field or message names a key or value holding half a surrogate pair, with each
 * half written as its escape: answered as it is, the 400 itself would hold `"\ud800"`, which the
 * strict JSON readers the rule is for refuse, so a client could not read why it was refused.
 * @example wellFormedDetail({ field: 'a\ud800', rule: 'unknown', message: 'a\ud800: ...' }) // field 'a\\ud800'
 */
export function wellFormedDetail(issue: ErrorDetail): ErrorDetail {
  if (!LONE.test(issue.field) && !LONE.test(issue.message)) return issue;
  return {
    ...issue,
    field: issue.field.replace(LONE_ALL, escaped),
    message: issue.message.replace(LONE_ALL, escaped),
  };
}

/**
 * The first string of a parsed JSON `value` (a key names the object holding it) that holds half a
 * surrogate pair, with that half as an escape; undefined when every string is Unicode text. `text`,
 * the JSON it was parsed from, spares the walk when it escapes no surrogate.
 * @example illFormedString('{"name":"\\ud800"}', { name: '\ud800' }) // { field: 'name', unit: '\\ud800' }
 */
export function illFormedString(
  text: string,
  value: unknown,
): { field: string; unit: string } | undefined {
  if (!SURROGATE_ESCAPE.test(text)) return undefined;
  // A stack, not recursion: a body may nest as deep as its megabyte allows.
  const stack: [string, unknown][] = [['body', value]];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [field, node] = next;
    if (typeof node === 'string') {
      const unit = loneUnit(node);
      if (unit !== undefined) return { field, unit };
    } else if (Array.isArray(node)) {
      for (let i = node.length - 1; i >= 0; i--) stack.push([child(field, i), node[i]]);
    } else if (typeof node === 'object' && node !== null) {
      const entries = Object.entries(node);
      for (const [key] of entries) {
        const unit = loneUnit(key);
        if (unit !== undefined) return { field, unit };
      }
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, item] = entries[i] as [string, unknown];
        stack.push([child(field, key), item]);
      }
    }
  }
  return undefined;
}
