import type { components } from '../generated/api-types.js';
import type { DeliveryAttemptRow, DeliveryRow } from '../store/records.js';
import { publicView } from '../store/table.js';
import { urlWithoutCredentials } from './url-without-credentials.js';

/** An attempt as the API lists it: number, attempted_at, http_status, response_time_ms, error, succeeded. */
type Attempt = components['schemas']['WebhookDeliveryAttempt'];

/** A webhook attempt and the delivery it is part of, as `webhookAttempts()` lists it first. */
export interface DeliveryAttempt extends Attempt {
  /** The delivery the attempt is part of, as `GET /v1/webhooks/{id}/deliveries` lists it. */
  delivery_id: string;
  /** The webhook it was sent to. */
  webhook_id: string;
  /** The webhook's workspace. */
  workspace_id: string;
  /** The event's name (`conversation.created`). */
  event: string;
  /** The event's id, the same on every attempt (Variant B sends it as `event_id`). */
  event_id: string;
  /** Whether it is a `POST /v1/webhooks/{id}/test` delivery: one attempt, never retried. */
  test: boolean;
}

/** `attempt` of `row` with its delivery's ids: the spec's fields of the attempt, not what it kept of its headers. */
export function deliveryAttempt(row: DeliveryRow, attempt: DeliveryAttemptRow): DeliveryAttempt {
  return {
    delivery_id: row.id,
    webhook_id: row.webhook_id,
    workspace_id: row._ws,
    event: row.event,
    event_id: row.event_id,
    test: row._test,
    ...publicView(attempt),
  };
}

/**
 * A webhook attempt as `onWebhookAttempt` hears it, once its outcome is recorded: the attempt as
 * `webhookAttempts()` lists it (without its headers and body), and where that left its delivery and
 * its webhook.
 */
export interface EndedWebhookAttempt extends DeliveryAttempt {
  /** The URL it was POSTed to, credentials shown as `***`. */
  url: string;
  /** The delivery after it: `pending` (retried at `next_attempt_at`), `succeeded` or `failed`. */
  delivery_status: DeliveryRow['status'];
  /** When the delivery's next attempt goes out, null when none will. */
  next_attempt_at: string | null;
  /** Why the delivery failed before its last attempt (`webhook_deactivated`...), else null. */
  delivery_error: DeliveryRow['error'];
  /** False once the webhook is inactive: failures deactivated it (Variant A), or a user did. */
  webhook_active: boolean;
}

/** Hears each webhook attempt once its outcome is recorded; see `EndedWebhookAttempt`. */
export type WebhookAttemptListener = (attempt: EndedWebhookAttempt) => void;

/**
 * What `onWebhookAttempt` hears of `attempt`, just recorded on `row`: sent to `url`, its webhook
 * active after it or not (`active`; false once deleted).
 */
export function endedAttempt(
  row: DeliveryRow,
  attempt: DeliveryAttemptRow,
  url: string,
  active: boolean,
): EndedWebhookAttempt {
  return {
    ...deliveryAttempt(row, attempt),
    url: urlWithoutCredentials(url),
    delivery_status: row.status,
    next_attempt_at: row.next_attempt_at,
    delivery_error: row.error,
    webhook_active: active,
  };
}
