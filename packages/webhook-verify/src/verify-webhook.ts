import { verifyHmac } from './crypto/web-crypto-hmac.js';
import { readDelivery } from './read-delivery.js';
import { type ResolvedOptions, resolveOptions } from './resolve-options.js';
import { signatureMismatch } from './signature-mismatch.js';
import { toWebhookEvent } from './to-webhook-event.js';
import type { VerifyWebhookOptions } from './verify-options.js';
import type { WebhookEventFor, WebhookVariantOption } from './webhook-event.js';

/**
 * Verifies a delivery with WebCrypto (Node, Deno, Bun, workers, edge) and returns the typed event.
 * Rejects with a `WebhookVerificationError`; throws a TypeError at once for a missing or empty secret.
 * @example const event = await verifyWebhook({ variant: 'B', rawBody, headers: request.headers, secret });
 */
export function verifyWebhook<V extends WebhookVariantOption>(
  options: VerifyWebhookOptions<V>,
): Promise<WebhookEventFor<V>> {
  return verifyResolved(options, resolveOptions(options));
}

async function verifyResolved<V extends WebhookVariantOption>(
  options: VerifyWebhookOptions<V>,
  resolved: ResolvedOptions,
): Promise<WebhookEventFor<V>> {
  const delivery = readDelivery(options.variant, options.headers, options.rawBody);
  if (
    !(await verifyHmac(
      resolved.secrets,
      delivery.signedPrefix,
      delivery.signedBody,
      delivery.signatureBytes,
    ))
  ) {
    throw signatureMismatch(resolved.secrets.length);
  }
  return toWebhookEvent(delivery, resolved) as WebhookEventFor<V>;
}
