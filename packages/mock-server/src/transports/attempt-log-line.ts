import type { EndedWebhookAttempt } from '../webhooks/ended-attempt.js';
import { escapeControls } from './escape-controls.js';

/**
 * The line `--log` prints for a webhook attempt, documented in the README and pinned by a test:
 * `agent-platform-mock: AT webhook EVENT -> URL STATUS MSms attempt N DELIVERY_ID[ ERROR][; WHAT NEXT]`,
 * STATUS and MS `-` when the receiver gave none; what next: the time of the next attempt, or that
 * the delivery failed and why (the webhook deactivated). Control characters escaped, as a request
 * line's.
 */
export function attemptLine(attempt: EndedWebhookAttempt): string {
  const { attempted_at, event, url, http_status, response_time_ms, number, delivery_id } = attempt;
  const ms = response_time_ms === null ? '-' : `${response_time_ms}ms`;
  let line = `agent-platform-mock: ${attempted_at} webhook ${event} -> ${url} ${http_status ?? '-'} ${ms} attempt ${number} ${delivery_id}`;
  if (attempt.error !== null) line += ` ${attempt.error}`;
  line += whatNext(attempt);
  return `${escapeControls(line)}\n`;
}

/** Where the attempt left its delivery, for the end of its line; nothing after a success. */
function whatNext(attempt: EndedWebhookAttempt): string {
  if (attempt.succeeded) return '';
  if (attempt.test) return '; a test event, not retried';
  if (attempt.delivery_status === 'pending' && attempt.next_attempt_at !== null) {
    return `; next attempt at ${attempt.next_attempt_at}`;
  }
  if (attempt.delivery_status !== 'failed') return '';
  const why = attempt.delivery_error ?? `after ${attempt.number} attempts`;
  // A deleted webhook is no webhook to resume (a PUT is 404).
  return attempt.webhook_active || attempt.delivery_error === 'webhook_deleted'
    ? `; delivery failed (${why})`
    : `; delivery failed (${why}), webhook inactive: PUT {"active": true} to resume`;
}
