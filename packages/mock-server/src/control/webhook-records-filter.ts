import { invalidField } from '../errors.js';
import { webhookEventCatalog } from '../generated/operations.js';
import { didYouMean } from '../http/did-you-mean.js';
import { listValues } from '../http/schema-rules.js';
import { canonicalId } from '../store/canonical-id.js';
import type { Variant } from '../store/records.js';
import type { State } from '../store/state.js';
import { checkInput } from './check-input.js';
import { webhookAttemptsOptions, webhookRecordsOptions } from './control-schemas.js';

/**
 * Which records `webhookAttempts()` and `alerts()` return (`GET /__mock/webhook-attempts` and
 * `GET /__mock/alerts`, same query): those of one webhook or one workspace, so that a test file on a
 * shared mock reads its own; every workspace's when absent. An id nothing has is refused (rule
 * `exists`) rather than matching nothing, so that "no attempt was made" cannot pass by a typo.
 */
export interface WebhookRecordsFilter {
  /** Only this webhook's (any case): a deleted one's too, while the history holds them. */
  webhook_id?: string | undefined;
  /** Only this workspace's (any case). */
  workspace_id?: string | undefined;
}

/**
 * Which attempts `webhookAttempts()` returns (`GET /__mock/webhook-attempts`): the filters of
 * `alerts()`, and the event sent (an alert is of a webhook, not of an event).
 */
export interface WebhookAttemptsFilter extends WebhookRecordsFilter {
  /**
   * Only this event's, by the name the server's variant sends (`message.received`, or
   * `webhook.test` for the test deliveries); another name is 400 rule `enum`, naming the one meant.
   */
  event?: string | undefined;
  /**
   * Only the newest this many of the attempts the other filters take (a whole number from 1), as
   * `requests()` takes it: a long history answers in full otherwise, each attempt with its payload.
   */
  limit?: number | undefined;
}

/** Checks `filter` against the state; the test a record (its webhook's id and workspace's) must pass. */
export function webhookRecordsMatcher(
  state: State,
  filter: WebhookRecordsFilter,
): (webhookId: string, workspaceId: string) => boolean {
  const checked = checkInput<WebhookRecordsFilter>(webhookRecordsOptions, filter);
  return idsMatcher(state, checked);
}

/** As `webhookRecordsMatcher`, the event's name checked against the state's variant's events too. */
export function webhookAttemptsMatcher(
  state: State,
  filter: WebhookAttemptsFilter,
): (webhookId: string, workspaceId: string, event: string) => boolean {
  const checked = checkInput<WebhookAttemptsFilter>(webhookAttemptsOptions, filter);
  const ids = idsMatcher(state, checked);
  const { event } = checked;
  if (event !== undefined) checkEvent(event, state.variant);
  return (webhookId, workspaceId, sent) =>
    ids(webhookId, workspaceId) && (event === undefined || sent === event);
}

/** 400 rule `enum` for a name the variant sends no event by, so that a typo does not match nothing. */
function checkEvent(event: string, variant: Variant): void {
  const names = webhookEventCatalog.filter((e) => e.variants.includes(variant)).map((e) => e.event);
  if (names.includes(event)) return;
  const hint = didYouMean(event, names);
  throw invalidField(
    'event',
    'enum',
    `${JSON.stringify(event)} is not an event of Variant ${variant}${
      hint === '' ? `, whose events are ${listValues(names)}` : hint
    }`,
  );
}

/** The ids of a checked filter, each refused (rule `exists`) when nothing has it. */
function idsMatcher(
  state: State,
  checked: WebhookRecordsFilter,
): (webhookId: string, workspaceId: string) => boolean {
  const webhook = checked.webhook_id === undefined ? undefined : canonicalId(checked.webhook_id);
  const workspace =
    checked.workspace_id === undefined ? undefined : canonicalId(checked.workspace_id);
  if (workspace !== undefined && !state.workspaces.has(workspace)) {
    throw invalidField('workspace_id', 'exists', `no workspace has the id ${workspace}`);
  }
  if (webhook !== undefined && !webhookKnown(state, webhook)) {
    throw invalidField('webhook_id', 'exists', `no webhook has the id ${webhook}`);
  }
  return (webhookId, workspaceId) =>
    (webhook === undefined || webhookId === webhook) &&
    (workspace === undefined || workspaceId === workspace);
}

/** A webhook that exists, or a deleted one that a delivery or an alert still names. */
function webhookKnown(state: State, id: string): boolean {
  return (
    state.tables.webhooks.find(id) !== undefined ||
    state.tables.deliveries.all().some((d) => d.webhook_id === id) ||
    state.alerts.some((a) => a.webhook_id === id)
  );
}
