import type { StateSnapshot } from './state.js';

/**
 * The latest time (ms since the epoch) at which something in a checked snapshot happened: a record's
 * creation or change, a key's revocation, a handoff's start, a webhook attempt, an alert. Not the
 * times still to come (an appointment's `starts_at`, a delivery's `next_attempt_at`, a rotated
 * secret's grace end). -Infinity for a state with none.
 */
export function latestTime(s: StateSnapshot): number {
  let latest = Number.NEGATIVE_INFINITY;
  const note = (value: unknown) => {
    if (typeof value !== 'string') return;
    const ms = Date.parse(value);
    if (ms > latest) latest = ms;
  };
  for (const key of s.api_keys) {
    note(key.created_at);
    note(key.revoked_at);
  }
  for (const rows of Object.values(s.tables)) {
    for (const row of (rows ?? []) as unknown as Record<string, unknown>[]) {
      note(row.created_at);
      note(row.updated_at);
      note(row._human_started_at);
      note((row._settings as { updated_at?: unknown } | undefined)?.updated_at);
      const attempts = row.attempts as { attempted_at?: unknown }[] | undefined;
      for (const attempt of attempts ?? []) note(attempt.attempted_at);
    }
  }
  for (const alert of s.alerts ?? []) note(alert.sent_at);
  return latest;
}
