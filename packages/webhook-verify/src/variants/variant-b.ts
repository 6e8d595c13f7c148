/** Variant B's header name, as the platform sends it. */
export const variantBHeaders = { signature: 'X-Service-Signature' } as const;
