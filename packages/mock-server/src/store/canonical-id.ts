import { UUID } from '../http/schema-rules.js';

/**
 * An id as the mock stores it: a UUID in lower case (the API matches ids regardless of case, and
 * /v1 input is lower-cased by validation), anything else as given.
 */
export function canonicalId<T>(id: T): T {
  return typeof id === 'string' && UUID.test(id) ? (id.toLowerCase() as T) : id;
}

/** Whether a stored field holds an id: `id`, `_ws`, `_assigned_to`, or a name ending in `_id`. */
function isIdField(key: string): boolean {
  return key === 'id' || key === '_ws' || key === '_assigned_to' || key.endsWith('_id');
}

/** A copy of a stored record with its id fields in canonical form (for a state snapshot's rows). */
export function canonicalIds<T extends object>(record: T): T {
  const out = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (isIdField(key)) out[key] = canonicalId(value);
  }
  return out as T;
}
