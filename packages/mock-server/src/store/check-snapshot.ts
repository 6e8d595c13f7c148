import {
  isVariantEvent,
  isWebhookEventName,
  subscriptionIssues,
} from '../domain/webhook-events.js';
import { detailsSummary, type ErrorDetail, fieldDetail } from '../errors.js';
import type { SchemaNode } from '../generated/operations.js';
import { scopeIssues } from '../http/authorize.js';
import { UUID } from '../http/schema-rules.js';
import { validateSchema } from '../http/schema-validator.js';
import { resolveRef } from '../http/validate-request.js';
import { FAILURES_TO_DEACTIVATE, MAX_ATTEMPTS } from '../webhooks/schedules.js';
import type { Variant } from './records.js';
import { relationRules } from './relation-rules.js';
import { REQUEST_RULES, type RequestRuleOptions, ROW_RULES } from './request-rules.js';
import { ALERT, API_KEY, ROW_SCHEMAS, WORKSPACE } from './snapshot-schemas.js';
import type { StateSnapshot, Tables } from './state.js';

type Row<K extends keyof Tables> = StateSnapshot['tables'][K][number];

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
    super(`state: ${detailsSummary(details, 'invalid')}`);
    this.field = details[0]?.field ?? '';
    this.rule = details[0]?.rule ?? 'invalid';
  }
}

/**
 * Checks a snapshot (ids already in canonical form) against the records the mock itself makes, its
 * rows against the rules of the requests that write them (a value the API never stores) and against
 * each other (relation-rules.ts: an id of no record, a custom field's name twice);
 * throws InvalidSnapshot listing every problem. `snapshotShape` has passed: the top level is right.
 */
export function checkSnapshot(
  s: StateSnapshot,
  variant: Variant,
  options: RequestRuleOptions = { requireHttps: false },
): void {
  // Another variant's snapshot: every key and webhook would be wrong, and that says it all.
  if (s.variant !== variant) {
    throw new InvalidSnapshot([
      fieldDetail('variant', 'invalid', `must be "${variant}", the variant this server runs`),
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
    else issues.push(fieldDetail(`${at}.${field}`, 'unique', `is also the ${field} of ${first}`));
  };

  const workspaces = new Map<string, string>();
  /** Each workspace's company id (the first workspace with an id: a repeat is refused anyway). */
  const companies = new Map<string, unknown>();
  s.workspaces.forEach((ws, i) => {
    const at = `workspaces[${i}]`;
    check(WORKSPACE, ws, at);
    once(workspaces, ws.workspace_id, at, 'workspace_id');
    if (!companies.has(ws.workspace_id)) companies.set(ws.workspace_id, ws.company_id);
  });
  const known = (ws: unknown, at: string): void => {
    if (typeof ws === 'string' && !workspaces.has(ws))
      issues.push(fieldDetail(at, 'exists', 'no such workspace'));
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
    // GET /v1/me shows the key's company: its workspace's, as createApiKey copies it.
    const company = companies.get(key.workspace_id);
    if (
      typeof company === 'string' &&
      typeof key.company_id === 'string' &&
      UUID.test(key.company_id) &&
      key.company_id !== company
    ) {
      const text = `must be ${company}, the company_id of its workspace (${workspaces.get(key.workspace_id)})`;
      issues.push(fieldDetail(`${at}.company_id`, 'invalid', text));
    }
  });

  const widgetKeys = new Map<string, string>();
  // What a schema cannot say, by table.
  const more: { [K in keyof Tables]?: (row: Row<K>, at: string) => void } = {
    // Each widget channel embeds its own widget, in any workspace (GET /v1/channels/{id}/widget).
    // Other channels never show theirs: the demo seed's WhatsApp channel has its widget channel's.
    channels: (channel, at) => {
      if (channel.type === 'widget') once(widgetKeys, channel._widget_key, at, '_widget_key');
    },
    // The same check as a webhook's create: every subscription is one of this variant's.
    webhooks: (hook, at) => {
      const { events } = hook as { events: unknown };
      if (Array.isArray(events) && events.every((e) => typeof e === 'string'))
        issues.push(...subscriptionIssues(events, variant, `${at}.events`));
      issues.push(...healthIssues(hook, variant, at));
    },
    // A pending delivery makes its next attempt once imported; after MAX_ATTEMPTS there is none (the
    // API would show an attempt number past the spec's maximum). Its event is one of this variant's
    // (the schema lists both variants' names, and refuses any other).
    deliveries: (row, at) => {
      const { event } = row as { event: unknown };
      if (typeof event === 'string' && isWebhookEventName(event) && !isVariantEvent(event, variant))
        issues.push(
          fieldDetail(`${at}.event`, 'variant', `"${event}" is not an event of Variant ${variant}`),
        );
      const { attempts } = row as { attempts: unknown };
      if (row.status === 'pending' && Array.isArray(attempts) && attempts.length >= MAX_ATTEMPTS) {
        const most = `at most ${MAX_ATTEMPTS - 1} attempts: the ${MAX_ATTEMPTS}th is the last`;
        issues.push(fieldDetail(`${at}.attempts`, 'maxItems', `a pending delivery has ${most}`));
      }
    },
  };
  /** The row's id after each of its issues from `first` on, to find it in a file (a hand-written one has no index beside it). */
  const nameRow = (id: unknown, first: number, noun = 'row'): void => {
    if (typeof id !== 'string') return;
    for (let j = first; j < issues.length; j++) {
      const issue = issues[j] as ErrorDetail;
      issues[j] = { ...issue, message: `${issue.message} (${noun} id ${id})` };
    }
  };
  for (const name of Object.keys(ROW_SCHEMAS) as (keyof Tables)[]) {
    const schema = ROW_SCHEMAS[name];
    const extra = more[name] as ((row: Row<keyof Tables>, at: string) => void) | undefined;
    const ids = new Map<string, string>();
    for (const [i, row] of (s.tables[name] ?? []).entries()) {
      const at = `tables.${name}[${i}]`;
      const first = issues.length;
      check(schema, row, at);
      const fits = issues.length === first;
      // A field the row's schema already refused is not named again for the request's rules.
      const refused = (path: string) =>
        issues
          .slice(first)
          .some(
            (d) =>
              d.field === path || d.field.startsWith(`${path}.`) || d.field.startsWith(`${path}[`),
          );
      for (const [field, rule] of Object.entries(REQUEST_RULES[name] ?? {})) {
        const value = (row as unknown as Record<string, unknown>)[field];
        if (value !== undefined && !refused(`${at}.${field}`)) check(rule, value, `${at}.${field}`);
      }
      if (fits) issues.push(...(ROW_RULES[name]?.(row, at, options) ?? []));
      once(ids, row.id, at, 'id');
      known(row._ws, `${at}._ws`);
      extra?.(row, at);
      nameRow(row.id, first);
    }
  }
  // Alert e-mails are Variant B's, of a failing webhook: one in Variant A is another variant's state.
  const alerts = s.alerts ?? [];
  if (variant === 'A' && alerts.length > 0) {
    const text =
      'Variant A records no alerts (a failing Variant B webhook sends them): must be empty';
    issues.push(fieldDetail('alerts', 'variant', text));
  }
  const alertIds = new Map<string, string>();
  for (const [i, alert] of (variant === 'A' ? [] : alerts).entries()) {
    const at = `alerts[${i}]`;
    const first = issues.length;
    check(ALERT, alert, at);
    once(alertIds, alert.id, at, 'id');
    known(alert.workspace_id, `${at}.workspace_id`);
    nameRow(alert.id, first, 'alert');
  }

  // Between rows, once each row is right on its own: a row refused for its id or name would
  // otherwise also be reported by every row that names it.
  if (issues.length === 0) {
    const relations = relationRules(s);
    for (const name of Object.keys(ROW_SCHEMAS) as (keyof Tables)[]) {
      for (const [i, row] of (s.tables[name] ?? []).entries()) {
        const first = issues.length;
        issues.push(...relations(name, row as never, `tables.${name}[${i}]`));
        nameRow(row.id, first);
      }
    }
    // An alert's webhook may be gone (deleting a webhook keeps its alerts), but is never another
    // workspace's: GET /__mock/alerts would show one workspace an alert about another's webhook.
    const hooks = new Map((s.tables.webhooks ?? []).map((hook) => [hook.id, hook._ws]));
    for (const [i, alert] of (s.alerts ?? []).entries()) {
      const ws = hooks.get(alert.webhook_id);
      if (ws === undefined || ws === alert.workspace_id) continue;
      const text = "is the id of another workspace's webhook";
      issues.push(
        fieldDetail(`alerts[${i}].webhook_id`, 'exists', `${text} (alert id ${alert.id})`),
      );
    }
  }

  if (issues.length > 0) throw new InvalidSnapshot(issues);
}

/**
 * A webhook's health as its variant leaves it (webhook-health.ts): in Variant A, FAILURES_TO_DEACTIVATE
 * failures in a row deactivate it and it is never `failing`; in Variant B, they mark it `failing`
 * (it stays active), and only a success or its reactivation, which clear the run, make it healthy.
 */
function healthIssues(hook: Row<'webhooks'>, variant: Variant, at: string): ErrorDetail[] {
  const fields = hook as { health: unknown; active: unknown; _consecutive_failures: unknown };
  const { health, active, _consecutive_failures: failures } = fields;
  const issues: ErrorDetail[] = [];
  const n = FAILURES_TO_DEACTIVATE;
  if (variant === 'A' && health === 'failing') {
    const text = `"failing" is a health of Variant B: a Variant A webhook is "healthy" (${n} failures in a row deactivate it)`;
    issues.push(fieldDetail(`${at}.health`, 'variant', text));
  }
  if (typeof failures !== 'number' || !Number.isInteger(failures)) return issues;
  if (variant === 'A' && active === true && failures >= n) {
    const text = `an active webhook has at most ${n - 1} consecutive failures: the ${n}th deactivates it in Variant A`;
    issues.push(fieldDetail(`${at}._consecutive_failures`, 'maximum', text));
  }
  if (variant === 'B' && health === 'healthy' && failures >= n) {
    const text = `a healthy webhook has at most ${n - 1} consecutive failures: the ${n}th marks it failing in Variant B`;
    issues.push(fieldDetail(`${at}._consecutive_failures`, 'maximum', text));
  }
  if (variant === 'B' && health === 'failing' && failures < n) {
    const text = `a failing webhook has at least ${n} consecutive failures: the ${n}th marks it failing, and a success or its reactivation clears both`;
    issues.push(fieldDetail(`${at}._consecutive_failures`, 'minimum', text));
  }
  return issues;
}
