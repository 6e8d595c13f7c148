import { WebhookVerificationError } from './webhook-verification-error.js';

/** The `signature_mismatch` error; it says what to check, never what was expected. */
export function signatureMismatch(secretCount: number): WebhookVerificationError {
  return new WebhookVerificationError(
    'signature_mismatch',
    `no match with ${secretCount} secret(s): is rawBody the exact body received, and the secret this webhook's?`,
  );
}
