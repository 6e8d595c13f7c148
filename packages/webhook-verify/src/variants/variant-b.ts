/** Variant B's header name, as the platform sends it. */
export const variantBHeaders = {
  /** Carries `sha256=` and the hex HMAC of the raw body. */
  signature: 'X-Service-Signature',
} as const;
