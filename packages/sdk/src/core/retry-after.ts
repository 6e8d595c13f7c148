import { DIGITS } from './rate-limit.js';

/**
 * Milliseconds to wait from a `Retry-After` value: delay-seconds or an IMF-fixdate HTTP date
 * (RFC 9110). Anything else (negative, fractional, a date that does not exist) is undefined.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  // A missing header (null) reads as "null": neither digits nor a date.
  if (DIGITS.test(value as string)) return Number(value) * 1000;
  const time = Date.parse(value as string);
  // `toUTCString` writes exactly an IMF-fixdate: the round trip rejects every other form that
  // Date.parse accepts, dates it would roll over (Feb 30) and wrong weekdays.
  if (Number.isNaN(time) || new Date(time).toUTCString() !== value) return undefined;
  return Math.max(0, time - now);
}
