/**
 * The path (`tools[0].input_schema.a`, '' for the value itself) of the first object or array nested deeper than `max` levels in `value` (the value
 * itself is level 1), or undefined when there is none. Descends at most `max + 1` levels, so a
 * value nested 100 000 deep costs no more than one nested `max + 1` deep and cannot overflow the stack.
 */
export function tooDeepAt(value: unknown, max: number, path = '', depth = 1): string | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (depth > max) return path;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = tooDeepAt(value[i], max, `${path}[${i}]`, depth + 1);
      if (at !== undefined) return at;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const at = tooDeepAt(
      (value as Record<string, unknown>)[key],
      max,
      path ? `${path}.${key}` : key,
      depth + 1,
    );
    if (at !== undefined) return at;
  }
  return undefined;
}
