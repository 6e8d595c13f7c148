import { FORMATS } from '../http/schema-rules.js';

/**
 * A time as the mock stores and answers it, in UTC with milliseconds (`toISOString`), when it is an
 * ISO 8601 date-time with a zone (`2026-11-20T12:00:00+05:00`, `...T07:00:00Z`); anything else as
 * given, for the snapshot's check to refuse. Lists order rows by the text of their `created_at`,
 * which is their order in time only in this one form. Digits past the millisecond are dropped.
 */
export function canonicalTime<T>(value: T): T {
  if (typeof value !== 'string' || FORMATS['date-time']?.(value) !== null) return value;
  return new Date(value).toISOString() as T;
}

/**
 * A copy of a snapshot record with its times in canonical form: its fields named `..._at` (the
 * times of every record: `created_at`, `revoked_at`, `sent_at`, `_human_started_at`...), a channel's
 * `_settings.updated_at` and a delivery's attempts' `attempted_at`. Not the times inside a
 * delivery's `_body`, the bytes every attempt sends as they are.
 */
export function canonicalTimes<T extends object>(record: T): T {
  const out = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(out)) {
    if (key.endsWith('_at')) out[key] = canonicalTime(value);
  }
  if (isObject(out._settings)) out._settings = withTime(out._settings, 'updated_at');
  if (Array.isArray(out.attempts)) {
    out.attempts = out.attempts.map((attempt: unknown) =>
      isObject(attempt) ? withTime(attempt, 'attempted_at') : attempt,
    );
  }
  return out as T;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A copy of `object` with its `key` in canonical form (when it has that key). */
function withTime(object: Record<string, unknown>, key: string): Record<string, unknown> {
  return Object.hasOwn(object, key) ? { ...object, [key]: canonicalTime(object[key]) } : object;
}
