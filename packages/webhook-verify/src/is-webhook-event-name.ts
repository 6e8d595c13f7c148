import {
  type WebhookEventNameA,
  type WebhookEventNameB,
  webhookEventNamesA,
  webhookEventNamesB,
} from './generated/webhook-events.js';
import type { WebhookVariant } from './webhook-event.js';

/** True when the spec lists `name` as an event of `variant`. Verification lets unknown names through, so that a new platform event is not rejected. */
export function isWebhookEventName<V extends WebhookVariant>(
  variant: V,
  name: string,
): name is V extends 'A' ? WebhookEventNameA : WebhookEventNameB {
  return (
    variant === 'A' ? (webhookEventNamesA as readonly string[]) : webhookEventNamesB
  ).includes(name);
}
