const DELAY_SECONDS = /^\d+$/;
const IMF_FIXDATE =
  /^(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/**
 * Milliseconds to wait from a `Retry-After` value: delay-seconds or an IMF-fixdate HTTP date
 * (RFC 9110). Anything else (negative, fractional, a date that does not exist) is undefined.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  if (DELAY_SECONDS.test(value)) return Number(value) * 1000;
  if (!IMF_FIXDATE.test(value)) return undefined;
  const time = Date.parse(value);
  // The round trip rejects dates that Date.parse would roll over (Feb 30) and wrong weekdays.
  if (Number.isNaN(time) || new Date(time).toUTCString() !== value) return undefined;
  return Math.max(0, time - now);
}
