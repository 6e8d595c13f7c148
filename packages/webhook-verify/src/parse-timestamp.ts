import { WebhookVerificationError } from './webhook-verification-error.js';

/** Reads a Unix-seconds header: 1 to 15 ASCII digits (no sign, space, exponent or fraction), or throws `malformed_timestamp`. */
export function parseTimestamp(header: string, headerName: string): number {
  // 15 digits is far beyond any real clock and still an exact integer.
  if (!/^[0-9]{1,15}$/.test(header)) {
    throw new WebhookVerificationError(
      'malformed_timestamp',
      `${headerName} must be Unix seconds, 1 to 15 digits`,
    );
  }
  return Number(header);
}

/** Throws `timestamp_too_old` / `timestamp_too_new` when `timestamp` is outside the window around `nowMs`. */
export function checkTimestamp(
  timestamp: number,
  nowMs: number,
  toleranceSeconds: number,
  maxFutureSeconds: number,
): void {
  const nowSeconds = Math.floor(nowMs / 1000);
  // Written so that NaN fails closed (resolveOptions already refuses an invalid `now`).
  if (!(nowSeconds - timestamp <= toleranceSeconds)) {
    throw new WebhookVerificationError(
      'timestamp_too_old',
      `signed ${nowSeconds - timestamp} s ago, over the ${toleranceSeconds} s tolerated (a replay, or clock skew)`,
    );
  }
  if (!(timestamp - nowSeconds <= maxFutureSeconds)) {
    throw new WebhookVerificationError(
      'timestamp_too_new',
      `dated ${timestamp - nowSeconds} s ahead, over the ${maxFutureSeconds} s tolerated (clock skew?)`,
    );
  }
}
