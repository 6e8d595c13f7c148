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
    ['Friday, 20-Nov-26 10:00:30 GMT'], // obsolete RFC 850 form
    ['Fri Nov 20 10:00:30 2026'], // asctime
    ['2026-11-20T10:00:30Z'], // ISO 8601 is not an HTTP date
    ['Fri, 20 Nov 2026 10:00:30 UTC'],
  ])('%j is not a valid Retry-After', (value) => {
    expect(parseRetryAfter(value, NOW)).toBeUndefined();
  });
});
