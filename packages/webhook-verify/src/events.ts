export {
  type WebhookEventNameA,
  type WebhookEventNameB,
  webhookEventNamesA,
  webhookEventNamesB,
} from './generated/webhook-events.js';
export { isWebhookEventName } from './is-webhook-event-name.js';
