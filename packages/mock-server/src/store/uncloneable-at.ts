/**
 * Where `value` holds what structuredClone refuses and no JSON file can hold (a function or a
 * symbol, which only an in-process value has): its path (`tables.agents[1].name`) and its kind;
 * undefined when there is none. The caller has bounded the depth (`tooDeepAt`).
 */
export function uncloneableAt(
  value: unknown,
  path = '',
): { path: string; kind: 'function' | 'symbol' } | undefined {
  if (typeof value === 'function') return { path: path || 'body', kind: 'function' };
  if (typeof value === 'symbol') return { path: path || 'body', kind: 'symbol' };
  if (typeof value !== 'object' || value === null) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = uncloneableAt(value[i], `${path}[${i}]`);
      if (at !== undefined) return at;
    }
    return undefined;
  }
  for (const key of Object.keys(value)) {
    const at = uncloneableAt(
      (value as Record<string, unknown>)[key],
      path ? `${path}.${key}` : key,
    );
    if (at !== undefined) return at;
  }
  return undefined;
}
