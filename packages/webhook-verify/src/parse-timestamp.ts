import type { ResolvedOptions } from './resolve-options.js';
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

/**
 * Throws `timestamp_too_old` / `timestamp_too_new` when `timestamp` is outside the window the
 * options set around their `now` (the current time when none was given).
 */
export function checkTimestamp(timestamp: number, options: ResolvedOptions): void {
  // Seconds since it was signed; negative when dated ahead.
  const age = Math.floor((options.nowMs ?? Date.now()) / 1000) - timestamp;
  // Written so that NaN fails closed (resolveOptions already refuses an invalid `now`).
  if (!(age <= options.tolerance)) {
    throw new WebhookVerificationError(
      'timestamp_too_old',
      `signed ${age} s ago, over the ${options.tolerance} s tolerated (a replay, or clock skew)`,
    );
  }
  if (!(-age <= options.maxFuture)) {
    throw new WebhookVerificationError(
      'timestamp_too_new',
      `dated ${-age} s ahead, over the ${options.maxFuture} s tolerated (clock skew?)`,
    );
  }
}
