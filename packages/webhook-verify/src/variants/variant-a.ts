import { parseTimestamp } from '../parse-timestamp.js';
import type { WebhookHeaders } from '../read-header.js';
import { requireHeader } from '../require-header.js';

/** Variant A's header names, as the platform sends them. */
export const variantAHeaders = {
  /** Carries `sha256=` and the hex HMAC of `<timestamp>.<raw body>`. */
  signature: 'X-Webhook-Signature',
  /** Carries the signing time, Unix seconds. */
  timestamp: 'X-Webhook-Timestamp',
  /** Carries the webhook's id (not signed: checked against the body's `webhook_id`). */
  id: 'X-Webhook-ID',
} as const;

/** What Variant A's headers carry besides the signature. */
export interface VariantAHeaders {
  /** What is signed before the body: the timestamp header's text as is, and a dot. */
  signedPrefix: string;
  timestamp: number;
  /** The X-Webhook-ID header's value. */
  idHeader: string;
}

/** Reads and checks Variant A's timestamp and ID headers (the signature is read as in B). */
export function readVariantAHeaders(headers: WebhookHeaders): VariantAHeaders {
  const timestampText = requireHeader(headers, variantAHeaders.timestamp, 'malformed_timestamp');
  const timestamp = parseTimestamp(timestampText, variantAHeaders.timestamp);
  // Not covered by the signature: it is only compared with the signed body later.
  const webhookId = requireHeader(headers, variantAHeaders.id, 'invalid_body');
  return { signedPrefix: `${timestampText}.`, timestamp, idHeader: webhookId };
}
