/** Each variant's signature header (variantAHeaders.signature, variantBHeaders.signature). */
export const signatureHeaders = {
  A: 'X-Webhook-Signature',
  B: 'X-Service-Signature',
} as const;
