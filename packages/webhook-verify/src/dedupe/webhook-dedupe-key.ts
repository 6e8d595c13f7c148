import { signedBodyKey } from '../signed-body-key.js';
import { toHex, utf8Encoder } from '../utf8.js';
import type { WebhookEvent } from '../webhook-event.js';

/**
 * The key under which an event is deduplicated. Variant B: the signed `event_id`. Variant A has no
 * event id and its `X-Webhook-ID` header is unsigned, so: `sha256:` + the hex SHA-256 of the signed
 * body, which retries resend unchanged (only the timestamp header changes).
 */
export async function webhookDedupeKey(event: WebhookEvent): Promise<string> {
  if (event.variant === 'B') return event.event_id;
  const body = (event as { [signedBodyKey]?: string | Uint8Array })[signedBodyKey];
  if (body === undefined) {
    throw new TypeError(
      'webhook-verify: webhookDedupeKey needs an event returned by verifyWebhook',
    );
  }
  const bytes = typeof body === 'string' ? utf8Encoder.encode(body) : new Uint8Array(body);
  return `sha256:${toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes)))}`;
}
