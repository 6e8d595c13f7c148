import { describe, expect, it } from 'vitest';
import {
  isWebhookVerificationError,
  WebhookVerificationError,
} from './webhook-verification-error.js';

describe('WebhookVerificationError', () => {
  it('carries its code and name', () => {
    const error = new WebhookVerificationError('signature_mismatch', 'm');
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message]).toEqual([
      'WebhookVerificationError',
      'signature_mismatch',
      'm',
    ]);
  });

  it('is recognised across copies of the package (the brand, not the class)', () => {
    const brand = Symbol.for('@agent-platform/webhook-verify/WebhookVerificationError');
    const foreign = Object.assign(new Error('x'), { code: 'invalid_body', [brand]: true });
    expect(isWebhookVerificationError(foreign)).toBe(true);
    expect(foreign instanceof WebhookVerificationError).toBe(true);
    expect(new Error('x') instanceof WebhookVerificationError).toBe(false);
    expect(isWebhookVerificationError(null)).toBe(false);
  });
});
