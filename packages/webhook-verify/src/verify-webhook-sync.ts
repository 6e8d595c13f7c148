import { verifyHmacSync } from './crypto/node-hmac.js';
import { readDelivery } from './read-delivery.js';
import { resolveOptions } from './resolve-options.js';
import { signatureMismatch } from './signature-mismatch.js';
import { toWebhookEvent } from './to-webhook-event.js';
import type { VerifyWebhookOptions } from './verify-options.js';
import type { WebhookEventFor, WebhookVariantOption } from './webhook-event.js';

/**
 * Node only: `verifyWebhook` without a Promise, on node:crypto (`createHmac`, `timingSafeEqual`).
 * Same options, same results, same errors (thrown).
 */
export function verifyWebhookSync<V extends WebhookVariantOption>(
  options: VerifyWebhookOptions<V>,
): WebhookEventFor<V> {
  const resolved = resolveOptions(options);
  const delivery = readDelivery(options.variant, options.headers, options.rawBody);
  if (
    !verifyHmacSync(
      resolved.secrets,
      delivery.signedPrefix,
      delivery.signedBody,
      delivery.signatureBytes,
    )
  ) {
    throw signatureMismatch(resolved.secrets.length);
  }
  return toWebhookEvent(delivery, resolved) as WebhookEventFor<V>;
}
