import type { DomainContext } from '../domain/context.js';
import type { WebhookRow } from '../store/records.js';
import { FAILURES_TO_DEACTIVATE, MAX_ALERTS } from './schedules.js';
import type { AttemptOutcome } from './send-attempt.js';
import { urlWithoutCredentials } from './url-without-credentials.js';

/**
 * An attempt to the webhook succeeded: its run of failures is over, and it is healthy (a change of
 * `health` moves `updated_at`, as marking it failing did).
 */
export function noteSuccess(ctx: DomainContext, hook: WebhookRow): void {
  hook._consecutive_failures = 0;
  if (hook.health === 'healthy') return;
  hook.health = 'healthy';
  hook.updated_at = ctx.now();
}

/**
 * An attempt to the webhook failed: at FAILURES_TO_DEACTIVATE in a row, Variant A turns it off,
 * and Variant B marks it failing and sends an alert e-mail. True when this failure turned it off
 * (its waiting deliveries are then to fail too).
 */
export function noteFailure(
  ctx: DomainContext,
  hook: WebhookRow,
  outcome: AttemptOutcome,
): boolean {
  hook._consecutive_failures++;
  if (hook._consecutive_failures < FAILURES_TO_DEACTIVATE) return false;
  if (ctx.variant === 'A' && hook.active) {
    // Variant A: five failed attempts in a row turn the webhook off; nothing more goes to it.
    hook.active = false;
    hook.updated_at = ctx.now();
    return true;
  }
  if (ctx.variant === 'B' && hook.health !== 'failing') {
    // Variant B: marked failing, an alert e-mail goes out, and it stays active.
    hook.health = 'failing';
    hook.updated_at = ctx.now();
    const shown = urlWithoutCredentials(hook.url);
    ctx.state.alerts.push({
      id: ctx.id(),
      workspace_id: hook._ws,
      webhook_id: hook.id,
      to: `owner@${hook._ws}.workspace.invalid`,
      subject: `Webhook ${shown} is failing`,
      body: `The last ${hook._consecutive_failures} attempts to deliver to ${shown} failed (latest: ${outcome.error}). New events are still queued; fix the endpoint, or update the webhook.`,
      sent_at: ctx.now(),
    });
    // A receiver that flaps all day sends one each time: keep the newest (an import may hold more).
    const excess = ctx.state.alerts.length - MAX_ALERTS;
    if (excess > 0) ctx.state.alerts.splice(0, excess);
  }
  return false;
}
