import { firstAt } from '../first-at.js';

/**
 * The path (`tools[0].input_schema.a`, '' for the value itself) of the first object or array nested deeper than `max` levels in `value` (the value
 * itself is level 1), or undefined when there is none. Descends at most `max + 1` levels, so a
 * value nested 100 000 deep costs no more than one nested `max + 1` deep and cannot overflow the stack.
 */
export function tooDeepAt(value: unknown, max: number): string | undefined {
  return firstAt(value, (item, path, level) =>
    level > max && typeof item === 'object' && item !== null ? path : undefined,
  );
}
