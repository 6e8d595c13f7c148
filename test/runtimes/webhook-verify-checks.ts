import { expect, it } from 'vitest';
import { expectedOutcomes, expectedSignatures } from './expected-outcomes.js';

/**
 * Registers the checks of what scripts/webhook-verify-results.ts gives (the vectors, openssl's
 * signatures, a round trip, the errors, the memory deduper), the same on every runtime and in the
 * browser: `result` reads it once its script has run.
 */
export function checkWebhookVerifyResults(result: () => Record<string, unknown>): void {
  it('verifyWebhook: every known-answer vector (A and B), as string, Uint8Array and ArrayBuffer, with Headers and a record', () => {
    // Bytes that are not valid UTF-8 verify, and decode with U+FFFD (no string form there).
    expect(result().outcomes).toEqual(expectedOutcomes());
  });

  it("signWebhook gives openssl's signature for every vector, and verifyWebhook accepts what it signs", () => {
    expect(result().signatures).toEqual(expectedSignatures());
    expect(result().roundTrip).toEqual({
      A: { ok: true, variant: 'A', event: 'webhook.test', data: { message: 'signed on A' } },
      B: { ok: true, variant: 'B', event: 'webhook.test', data: { message: 'signed on B' } },
    });
  });

  it('a wrong signature is a WebhookVerificationError signature_mismatch; a late delivery timestamp_too_old', () => {
    expect(result().wrongSignature).toEqual({
      instanceOfClass: true,
      guard: true,
      code: 'signature_mismatch',
    });
    expect(result().tooOld).toEqual({ ok: false, code: 'timestamp_too_old' });
  });

  it('createDeduper with the memory store lets one claim through', () => {
    expect(result().claims).toEqual(['claimed', 'processing', 'completed']);
  });
}
