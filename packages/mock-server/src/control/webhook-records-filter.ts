import { invalidField } from '../errors.js';
import { canonicalId } from '../store/canonical-id.js';
import type { State } from '../store/state.js';
import { checkInput } from './check-input.js';
import { webhookRecordsOptions } from './control-schemas.js';

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

/** Checks `filter` against the state; the test a record (its webhook's id and workspace's) must pass. */
export function webhookRecordsMatcher(
  state: State,
  filter: WebhookRecordsFilter,
): (webhookId: string, workspaceId: string) => boolean {
  const checked = checkInput<WebhookRecordsFilter>(webhookRecordsOptions, filter);
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
