import { signedBodyKey } from '../signed-body-key.js';
import { toHex, utf8Encoder } from '../utf8.js';
import type { WebhookEvent } from '../webhook-event.js';

// claim, complete and release each ask for the key of the same event: Variant A's hash is taken once
// per event, and a body buffer the receiver reuses afterwards cannot change it between the calls.
const keysA = new WeakMap<object, Promise<string>>();

/**
 * The key under which an event is deduplicated. Variant B: the signed `event_id`. Variant A has no
 * event id and its `X-Webhook-ID` header is unsigned, so: `sha256:` + the hex SHA-256 of the signed
 * body, which retries resend unchanged (only the timestamp header changes).
 */
export async function webhookDedupeKey(event: WebhookEvent): Promise<string> {
  // Optional chaining: undefined or null from JavaScript is refused below, as any non-event is; so
  // is a B object without an event_id (it has no signed body either), rather than keyed 'undefined'.
  const id = event?.variant === 'B' && event.event_id;
  if (typeof id === 'string' && id !== '') return id;
  const body = (event as { [signedBodyKey]?: string | Uint8Array } | undefined)?.[signedBodyKey];
  if (body === undefined) {
    throw new TypeError(
      'webhook-verify: webhookDedupeKey needs an event returned by verifyWebhook',
    );
  }
  let key = keysA.get(event);
  if (key === undefined) {
    // Copied at once (a view of the caller's buffer would be read after this call returns).
    const bytes = typeof body === 'string' ? utf8Encoder.encode(body) : new Uint8Array(body);
    key = crypto.subtle
      .digest('SHA-256', bytes)
      .then((digest) => `sha256:${toHex(new Uint8Array(digest))}`);
    keysA.set(event, key);
  }
  return key;
}
