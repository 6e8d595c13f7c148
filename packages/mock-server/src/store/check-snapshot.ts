import type { ErrorDetail } from '../errors.js';
import type { SchemaNode } from '../generated/operations.js';
import { scopeIssues } from '../http/authorize.js';
import { validateSchema } from '../http/schema-validator.js';
import { resolveRef } from '../http/validate-request.js';
import type { Variant } from './records.js';
import { ALERT, API_KEY, WORKSPACE } from './snapshot-schemas.js';
import type { StateSnapshot } from './state.js';

/**
 * What is wrong with a snapshot, and where: each detail names its path in the snapshot
 * (`api_keys[0].scopes`) and the rule, as a request's validation error does.
 */
export class InvalidSnapshot extends TypeError {
  /** The first problem's path in the snapshot. */
  readonly field: string;
  /** The first problem's rule (`required`, `type`, `unique`, `exists`...). */
  readonly rule: string;

  constructor(readonly details: ErrorDetail[]) {
    super(`state: ${summary(details)}`);
    this.field = details[0]?.field ?? '';
    this.rule = details[0]?.rule ?? 'invalid';
  }
}

function summary(details: ErrorDetail[]): string {
  const more = details.length > 1 ? ` (and ${details.length - 1} more)` : '';
  return `${details[0]?.message ?? 'invalid'}${more}`;
}

const detail = (field: string, rule: string, text: string): ErrorDetail => ({
  field,
  rule,
  message: `${field}: ${text}`,
});

/**
 * Checks a snapshot (ids already in canonical form) against the records the mock itself makes;
 * throws InvalidSnapshot listing every problem. `snapshotShape` has passed: the top level is right.
 */
export function checkSnapshot(s: StateSnapshot, variant: Variant): void {
  // Another variant's snapshot: every key and webhook would be wrong, and that says it all.
  if (s.variant !== variant) {
    throw new InvalidSnapshot([
      detail('variant', 'invalid', `must be "${variant}", the variant this server runs`),
    ]);
  }
  const issues: ErrorDetail[] = [];
  const check = (schema: SchemaNode, value: unknown, at: string): void => {
    for (const issue of validateSchema(schema, value, at, resolveRef)) issues.push(issue);
  };
  /** Notes the `field` of the record at `at`; a repeat names the record that had it first. */
  const once = (seen: Map<string, string>, value: unknown, at: string, field: string): void => {
    if (typeof value !== 'string') return;
    const first = seen.get(value);
    if (first === undefined) seen.set(value, at);
    else issues.push(detail(`${at}.${field}`, 'unique', `is also the ${field} of ${first}`));
  };

  const workspaces = new Map<string, string>();
  s.workspaces.forEach((ws, i) => {
    const at = `workspaces[${i}]`;
    check(WORKSPACE, ws, at);
    once(workspaces, ws.workspace_id, at, 'workspace_id');
  });
  const known = (ws: unknown, at: string): void => {
    if (typeof ws === 'string' && !workspaces.has(ws))
      issues.push(detail(at, 'exists', 'no such workspace'));
  };

  const keyIds = new Map<string, string>();
  const keyStrings = new Map<string, string>();
  s.api_keys.forEach((key, i) => {
    const at = `api_keys[${i}]`;
    check(API_KEY, key, at);
    // The same check as createApiKey: every scope is one of this variant's.
    const { scopes } = key as { scopes: unknown };
    if (Array.isArray(scopes) && scopes.every((scope) => typeof scope === 'string'))
      issues.push(...scopeIssues(scopes, variant, `${at}.scopes`));
    once(keyIds, key.id, at, 'id');
    once(keyStrings, key.key, at, 'key');
    known(key.workspace_id, `${at}.workspace_id`);
  });

  for (const [name, rows] of Object.entries(s.tables)) {
    for (const [i, row] of rows.entries()) known(row._ws, `tables.${name}[${i}]._ws`);
  }
  // What signs deliveries must be what signing takes: a wrong type would fail every attempt later.
  for (const [i, hook] of (s.tables.webhooks ?? []).entries()) {
    const at = `tables.webhooks[${i}]`;
    if (typeof hook._secret !== 'string' || hook._secret === '')
      issues.push(detail(`${at}._secret`, 'invalid', 'must be a non-empty string'));
    const previous = hook._previous_secret;
    const until = hook._previous_until;
    if (previous !== undefined && (typeof previous !== 'string' || previous === '')) {
      issues.push(detail(`${at}._previous_secret`, 'invalid', 'must be a non-empty string'));
    }
    if (until !== undefined && !Number.isFinite(until))
      issues.push(detail(`${at}._previous_until`, 'invalid', 'must be a number'));
    // Every event of the workspace is matched against these: a wrong type would fail (500) every
    // operation that emits one, after it had changed the state.
    if (!Array.isArray(hook.events) || !hook.events.every((e) => typeof e === 'string'))
      issues.push(detail(`${at}.events`, 'invalid', 'must be an array of strings'));
    if (typeof hook.active !== 'boolean')
      issues.push(detail(`${at}.active`, 'invalid', 'must be a boolean'));
  }
  // A pending delivery is scheduled again once the state is replaced: its time must be one, or the
  // import would fail (500) after the state had been replaced.
  for (const [i, row] of (s.tables.deliveries ?? []).entries()) {
    const next: unknown = row.next_attempt_at;
    if (row.status !== 'pending' || next === null || next === undefined) continue;
    if (typeof next !== 'string' || Number.isNaN(Date.parse(next))) {
      const at = `tables.deliveries[${i}].next_attempt_at`;
      issues.push(detail(at, 'invalid', 'must be null or an ISO 8601 date-time'));
    }
  }

  for (const [i, alert] of (s.alerts ?? []).entries()) check(ALERT, alert, `alerts[${i}]`);
  if (issues.length > 0) throw new InvalidSnapshot(issues);
}
