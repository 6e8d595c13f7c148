import { firstAt } from '../first-at.js';
import { bodyField } from '../key-path.js';

/**
 * Where `value` holds what structuredClone refuses and no JSON file can hold (a function or a
 * symbol, which only an in-process value has): its path (`tables.agents[1].name`) and its kind;
 * undefined when there is none. The caller has bounded the depth (`tooDeepAt`).
 */
export function uncloneableAt(
  value: unknown,
): { path: string; kind: 'function' | 'symbol' } | undefined {
  return firstAt(value, (item, path) => {
    const kind = typeof item;
    return kind === 'function' || kind === 'symbol' ? { path: bodyField(path), kind } : undefined;
  });
}
