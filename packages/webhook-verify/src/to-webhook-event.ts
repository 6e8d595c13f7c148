import { isObject } from './is-object.js';
import { checkTimestamp } from './parse-timestamp.js';
import type { Delivery } from './read-delivery.js';
import type { ResolvedOptions } from './resolve-options.js';
import { signedBodyKey } from './signed-body-key.js';
import { variantAHeaders } from './variants/variant-a.js';
import type { WebhookEvent } from './webhook-event.js';
import { WebhookVerificationError } from './webhook-verification-error.js';

const fieldsA = ['event', 'timestamp', 'webhook_id'] as const;
const fieldsB = ['event_id', ...fieldsA] as const;

/** After the signature matched: the timestamp window (A), the JSON envelope, and the ID header (A). */
export function toWebhookEvent(delivery: Delivery, options: ResolvedOptions): WebhookEvent {
  const { a } = delivery;
  if (a) {
    checkTimestamp(a.signedAt, options);
  }
  let envelope: unknown;
  try {
    envelope = JSON.parse(delivery.text);
  } catch {
    throw new WebhookVerificationError('invalid_json', 'signed, but not JSON');
  }
  if (!isObject(envelope)) throw invalid('the body is not a JSON object');
  for (const field of a ? fieldsA : fieldsB) {
    if (typeof envelope[field] !== 'string' || envelope[field] === '') {
      throw invalid(`body.${field} must be a non-empty string`);
    }
  }
  if (!isObject(envelope.data)) throw invalid('body.data must be an object');
  if (a && envelope.webhook_id !== a.idHeader) {
    throw invalid(`${variantAHeaders.id} disagrees with the signed body.webhook_id`);
  }
  // The parsed object is ours alone, so it becomes the event in place: copying it with a spread
  // cost more than the JSON.parse of a 1 KiB body. `variant` lands where a spread would put it.
  envelope.variant = delivery.variant;
  if (a) {
    envelope.deliveredAt = new Date(a.signedAt * 1000);
    // Variant A's signed body (a copy: readDelivery) rides along under a symbol, which
    // JSON.stringify skips, for webhookDedupeKey. B's key is its event_id, so a B event holds no
    // reference to the caller's buffer.
    envelope[signedBodyKey] = delivery.signedBody;
  }
  return envelope as unknown as WebhookEvent;
}

function invalid(message: string): WebhookVerificationError {
  return new WebhookVerificationError('invalid_body', message);
}
