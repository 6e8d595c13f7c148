import type { core } from 'zod';
import { formatRule } from './platform-formats.js';

/** The type of a value as zod's own messages name it ("received number", "received array"). */
function typeName(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** The value at a zod issue's path under `data` (undefined where the path runs out). */
function valueAt(data: unknown, path: readonly PropertyKey[]): unknown {
  let value = data;
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/**
 * A zod issue's message. A union none of whose types the value has (the spec's `[string, 'null']`)
 * says which types it takes and what it got, where zod says only "Invalid input"; a string format
 * says its rule (`must be a UUID`), where zod quoted the pattern that checks it.
 */
export function issueMessage(issue: core.$ZodIssue, data: unknown): string {
  if (issue.code === 'invalid_format' && issue.format === 'regex') {
    return formatRule(issue.pattern ?? '') ?? issue.message;
  }
  if (issue.code !== 'invalid_union' || issue.errors.length === 0) return issue.message;
  const expected: string[] = [];
  for (const branch of issue.errors) {
    const only = branch.length === 1 ? branch[0] : undefined;
    if (only?.code !== 'invalid_type' || only.path.length > 0) return issue.message;
    expected.push(only.expected);
  }
  const received = typeName(valueAt(data, issue.path));
  return `${issue.message}: expected ${expected.join(' or ')}, received ${received}`;
}
