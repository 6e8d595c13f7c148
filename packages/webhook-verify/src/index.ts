export type {
  components as WebhookComponents,
  WebhookEventDataMap,
  WebhookEventNameA,
  WebhookEventNameB,
} from './generated/webhook-events.js';
export type {
  SignedHeadersA,
  SignedHeadersB,
  SignedHeadersFor,
  SignWebhookOptions,
} from './prepare-signing.js';
export type { WebhookHeaders } from './read-header.js';
export type { WebhookSecret } from './resolve-options.js';
export { signWebhook } from './sign-webhook.js';
export type { RawBody } from './to-body-bytes.js';
export { variantAHeaders } from './variants/variant-a.js';
export { variantBHeaders } from './variants/variant-b.js';
export type { VerifyWebhookOptions } from './verify-options.js';
export { verifyWebhook } from './verify-webhook.js';
export type {
  WebhookEvent,
  WebhookEventA,
  WebhookEventB,
  WebhookEventFor,
  WebhookEventName,
  WebhookVariant,
  WebhookVariantOption,
} from './webhook-event.js';
export {
  isWebhookVerificationError,
  WebhookVerificationError,
  type WebhookVerificationErrorCode,
} from './webhook-verification-error.js';
