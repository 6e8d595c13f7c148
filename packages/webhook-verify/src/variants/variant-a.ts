/** Variant A's header names, as the platform sends them. */
export const variantAHeaders = {
  /** Carries `sha256=` and the hex HMAC of `<timestamp>.<raw body>`. */
  signature: 'X-Webhook-Signature',
  /** Carries the signing time, Unix seconds. */
  timestamp: 'X-Webhook-Timestamp',
  /** Carries the webhook's id (not signed: checked against the body's `webhook_id`). */
  id: 'X-Webhook-ID',
} as const;
