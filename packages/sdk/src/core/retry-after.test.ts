import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './retry-after.js';

const NOW = Date.UTC(2026, 10, 20, 10, 0, 0); // Fri, 20 Nov 2026 10:00:00 GMT

describe('parseRetryAfter', () => {
  it.each([
    ['0', 0],
    ['1', 1000],
    ['30', 30_000],
    ['61', 61_000],
    ['86400', 86_400_000],
    ['Fri, 20 Nov 2026 10:00:30 GMT', 30_000],
    ['Fri, 20 Nov 2026 10:02:00 GMT', 120_000],
    ['Fri, 20 Nov 2026 09:59:00 GMT', 0], // a date in the past: no wait
    // The obsolete forms RFC 9110 has recipients accept: RFC 850 and asctime.
    ['Friday, 20-Nov-26 10:00:30 GMT', 30_000],
    ['Wednesday, 25-Nov-26 10:00:00 GMT', 432_000_000],
    ['Fri Nov 20 10:02:00 2026', 120_000],
    ['Tue Dec  1 10:00:00 2026', 950_400_000], // a one-digit day, after a space
    ['Tue Dec 01 10:00:00 2026', 950_400_000],
    ['Thu Nov 19 10:00:00 2026', 0],
    // A two-digit year is this century's unless that is more than 50 years ahead (RFC 9110 5.6.7).
    ['Friday, 20-Nov-76 10:00:00 GMT', 1_577_923_200_000], // 2076
    ['Sunday, 06-Nov-77 08:49:37 GMT', 0], // 1977, not 2077
    ['Sunday, 06-Nov-94 08:49:37 GMT', 0], // 1994
  ])('%j -> %d ms', (value, ms) => {
    expect(parseRetryAfter(value, NOW)).toBe(ms);
  });

  it.each([
    [null],
    [''],
    [' 5'],
    ['-1'],
    ['1.5'],
    ['1e3'],
    ['0x10'],
    ['soon'],
    ['Sat, 20 Nov 2026 10:00:30 GMT'], // wrong weekday
    ['Mon, 30 Feb 2026 10:00:00 GMT'], // no such day
    ['Saturday, 20-Nov-26 10:00:30 GMT'], // RFC 850, wrong weekday
    ['Fri, 20-Nov-26 10:00:30 GMT'], // RFC 850 with a short weekday
    ['Friday, 20-Nov-2026 10:00:30 GMT'],
    ['Friday, 31-Nov-26 10:00:30 GMT'], // no such day
    ['Sat Nov 20 10:00:30 2026'], // asctime, wrong weekday
    ['Fri Nov 20 10:00:30 2026 GMT'],
    ['Fri Nov 20 10:00:30 26'],
    ['Fri Nov 20 10:00 2026'],
    ['Fri Nov  20 10:00:30 2026'],
    ['2026-11-20T10:00:30Z'], // ISO 8601 is not an HTTP date
    ['Fri, 20 Nov 2026 10:00:30 UTC'],
  ])('%j is not a valid Retry-After', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});

describe('parseRetryAfter, what Date cannot parse', () => {
  it("is undefined for 'Invalid Date', the text an unparsable date prints (not NaN)", () => {
    expect(parseRetryAfter('Invalid Date', NOW)).toBeUndefined();
  });
});
