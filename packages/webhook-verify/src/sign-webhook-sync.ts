import { hmacHexSync } from './crypto/node-hmac.js';
import {
  prepareSigning,
  type SignedHeadersFor,
  type SignWebhookOptions,
} from './prepare-signing.js';
import type { WebhookVariant } from './webhook-event.js';

/** Node only: `signWebhook` without a Promise, on node:crypto. */
export function signWebhookSync<V extends WebhookVariant>(
  options: SignWebhookOptions<V>,
): SignedHeadersFor<V> {
  const plan = prepareSigning(options);
  return plan.toHeaders(hmacHexSync(plan.signingSecret, plan.signedPrefix, plan.signedBody));
}
