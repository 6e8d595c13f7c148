import { DIGITS } from './rate-limit.js';

/**
 * Milliseconds to wait from a `Retry-After` value: delay-seconds or an HTTP date (RFC 9110): an
 * IMF-fixdate, or one of the obsolete forms recipients must accept, RFC 850
 * (`Sunday, 06-Nov-94 08:49:37 GMT`, whose two-digit year is the one in the past century when it
 * would be more than 50 years ahead) and asctime (`Sun Nov  6 08:49:37 1994`). Anything else
 * (negative, fractional, a date that does not exist) is undefined.
 */
export function parseRetryAfter(value: string | null, now: number): number | undefined {
  // A missing header (null) reads as "null": neither digits nor a date.
  if (DIGITS.test(value as string)) return Number(value) * 1000;
  const ahead = new Date(now).getUTCFullYear() + 50;
  // Each obsolete form as the IMF-fixdate it stands for.
  const date = String(value)
    .replace(
      /^(\w{3})\w*day, (\d\d)-(\w{3})-(\d\d) /,
      (_, day, dd, month, yy) => `${day}, ${dd} ${month} ${ahead - ((ahead - yy) % 100)} `,
    )
    .replace(
      /^(\w{3}) (\w{3}) (.\d) (\S+) (\d+)$/,
      (_, day, month, dd: string, hms, year) =>
        `${day}, ${dd.replace(' ', '0')} ${month} ${year} ${hms} GMT`,
    );
  const time = Date.parse(date);
  // `toUTCString` writes exactly an IMF-fixdate: the round trip rejects every other form that
  // Date.parse accepts, dates it would roll over (Feb 30) and wrong weekdays.
  // biome-ignore lint/suspicious/noSelfCompare: not NaN (the value 'Invalid Date'), in 8 B fewer than Number.isNaN
  if (time === time && new Date(time).toUTCString() === date) return Math.max(0, time - now);
}
