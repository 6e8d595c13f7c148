import {
  type WebhookEventNameA,
  type WebhookEventNameB,
  webhookEventNamesA,
  webhookEventNamesB,
} from './generated/webhook-events.js';
import type { WebhookVariant } from './webhook-event.js';

/**
 * True when the spec lists `name` as an event of `variant` (`isWebhookEventName('B', event.event)`).
 * Verification lets unknown names through, so that a new platform event is not rejected. A variant
 * other than 'A' or 'B' throws a TypeError: `isWebhookEventName('credit.low')` would be false for any
 * name.
 */
export function isWebhookEventName<V extends WebhookVariant>(
  variant: V,
  name: string,
): name is V extends 'A' ? WebhookEventNameA : WebhookEventNameB {
  if (variant !== 'A' && variant !== 'B') {
    throw new TypeError(
      `isWebhookEventName(variant, name): variant must be 'A' or 'B', not ${JSON.stringify(variant)}`,
    );
  }
  return (
    variant === 'A' ? (webhookEventNamesA as readonly string[]) : webhookEventNamesB
  ).includes(name);
}
