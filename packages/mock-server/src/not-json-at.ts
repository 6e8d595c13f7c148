import { firstAt } from './first-at.js';

/** What a value JSON cannot carry is told, as a body holds. */
export const NOT_JSON_MESSAGE =
  'must be a JSON value (a string, a finite number, a boolean, null, an array or a plain object), as a body holds';

/**
 * The path under `root` (`body_includes.events[1]`) of the first value in `value` that JSON would
 * change or drop (undefined, NaN, a Date, a function, a class instance), `root` for `value`
 * itself; undefined when JSON writes it all as it is.
 */
export function notJsonAt(value: unknown, root: string): string | undefined {
  return firstAt(value, (item, at) => (isJsonValue(item) ? undefined : at), root);
}

/** Whether JSON writes `value` as it is (its items and fields are looked at one by one). */
function isJsonValue(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (Array.isArray(value)) return true;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
