/** Marks the SDK's errors across package copies: the guards check it, not `instanceof`. */
export const BRAND: unique symbol = Symbol.for('@agent-platform/sdk.error');
