import type { WebhookHeaders } from './read-header.js';
import type { WebhookSecret } from './resolve-options.js';
import type { RawBody } from './to-body-bytes.js';
import type { WebhookVariantOption } from './webhook-event.js';

/** Options of `verifyWebhook` and `verifyWebhookSync`. */
export interface VerifyWebhookOptions<V extends WebhookVariantOption = WebhookVariantOption> {
  /** `'A'`, `'B'`, or `'auto'` to pick by which signature header is present. */
  variant: V;
  /** The body exactly as received, before any JSON parsing; bytes are best. */
  rawBody: RawBody;
  /** A fetch `Headers` object or a Node-style record (`req.headers`). */
  headers: WebhookHeaders;
  /** The webhook's secret, or several during a rotation (tried in turn). */
  secret: WebhookSecret;
  /** Variant A: how old a delivery may be, in seconds. Default 300. */
  toleranceSeconds?: number | undefined;
  /** Variant A: how far in the future a delivery may be dated, in seconds. Default 60. */
  maxFutureSeconds?: number | undefined;
  /** The clock, for tests. Default: the current time. */
  now?: Date | undefined;
}
