import { keyPath } from './key-path.js';

/**
 * Walks `value` depth first (array items in order, then an object's own keys) and gives the first
 * thing `visit` finds, or undefined. `visit` sees each value with its path (`tables.agents[1].name`,
 * `["a.b"]` for a key a dot would misread; '' for `value` itself, or `path` when given) and its
 * level (1 for `value`); what it finds ends the walk there, so it can also stop a descent (a value
 * nested too deep).
 */
export function firstAt<T>(
  value: unknown,
  visit: (value: unknown, path: string, level: number) => T | undefined,
  path = '',
  level = 1,
): T | undefined {
  const found = visit(value, path, level);
  if (found !== undefined || typeof value !== 'object' || value === null) return found;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = firstAt(value[i], visit, `${path}[${i}]`, level + 1);
      if (at !== undefined) return at;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    const at = firstAt(child, visit, keyPath(path, key), level + 1);
    if (at !== undefined) return at;
  }
  return undefined;
}
