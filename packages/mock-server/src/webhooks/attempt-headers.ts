import { variantAHeaders, variantBHeaders } from '@agent-platform/webhook-verify';
import { REDACTED } from '../journal-headers.js';
import type { DeliveryAttemptRow, DeliveryRow, Variant } from '../store/records.js';
import { DELIVERY_USER_AGENT } from './delivery-user-agent.js';

/** What an attempt keeps of the headers it sent: the fields `attemptHeaders` reads. */
export type KeptHeaders = Pick<DeliveryAttemptRow, '_signature' | '_authorization'>;

// signWebhook's Content-Type, on every delivery of both variants.
const CONTENT_TYPE = 'application/json';

/**
 * Of the headers an attempt sent, what differs from one attempt to the next and is kept nowhere
 * else: the signature (a string the signing made already, so no copy), and whether an
 * `Authorization` went (never its value: whoever reads the attempts would read the credentials).
 */
export function keptHeaders(variant: Variant, sent: Readonly<Record<string, string>>): KeptHeaders {
  const kept: KeptHeaders = {};
  const signature = sent[variant === 'A' ? variantAHeaders.signature : variantBHeaders.signature];
  if (signature !== undefined) kept._signature = signature;
  if (sent.Authorization !== undefined) kept._authorization = true;
  return kept;
}

/**
 * The headers an attempt sent, names in lower case and in order of name, as the mock gave them to
 * fetch (fetch adds its own, `host` and `content-length`...): built again from what it kept, its
 * delivery and its time, which are what it signed. An `Authorization` is `[redacted]`. Null when it
 * kept no signature: it sent nothing (a timeout behind the attempt ahead of it), or it comes from a
 * state exported before attempts kept one.
 */
export function attemptHeaders(
  variant: Variant,
  delivery: DeliveryRow,
  attempt: DeliveryAttemptRow,
): Record<string, string> | null {
  const signature = attempt._signature;
  if (signature === undefined) return null;
  const auth = attempt._authorization === true ? { authorization: REDACTED } : undefined;
  const common = { ...auth, 'content-type': CONTENT_TYPE, 'user-agent': DELIVERY_USER_AGENT };
  if (variant === 'B') return { ...common, 'x-service-signature': signature };
  return {
    ...common,
    // The id of the webhook it was signed for: the delivery's, which names it.
    'x-webhook-id': delivery.webhook_id,
    'x-webhook-signature': signature,
    // Signed with the time it went out, which is its attempted_at, in Unix seconds.
    'x-webhook-timestamp': String(Math.floor(Date.parse(attempt.attempted_at) / 1000)),
  };
}
