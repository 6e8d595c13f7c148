import { hmacHex } from './crypto/web-crypto-hmac.js';
import {
  prepareSigning,
  type SignedHeadersFor,
  type SignWebhookOptions,
} from './prepare-signing.js';
import type { WebhookVariant } from './webhook-event.js';

/**
 * Signs a body as the platform does and returns the delivery's headers (WebCrypto, any runtime).
 * For tests and for the mock server; the signature is lower-case hex.
 * @example const headers = await signWebhook({ variant: 'B', secret, rawBody: JSON.stringify(body) });
 */
export function signWebhook<V extends WebhookVariant>(
  options: SignWebhookOptions<V>,
): Promise<SignedHeadersFor<V>> {
  // Not async: a bad option throws here and now, like verifyWebhook's.
  const plan = prepareSigning(options);
  return hmacHex(plan.signingSecret, plan.signedPrefix, plan.signedBody).then(plan.toHeaders);
}
