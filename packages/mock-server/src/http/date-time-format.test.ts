import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar-date.js';
import { FORMATS } from './schema-rules.js';

// The date-time check skips the calendar up to the 28th and Date.parse for years 0001-9998 (288a065).
// `slow` is the check as it was before, every step on every value: the two must say the same,
// message for message, on the edges where a shortcut could go wrong.
const dateTime = FORMATS['date-time'] as (v: string) => string | null;

const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;
const FIRST_INSTANT = Date.parse('0000-01-01T00:00:00.000Z');
const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

function slow(v: string): string | null {
  if (!DATE_TIME.test(v))
    return 'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-20T10:00:00.000Z';
  if (!isCalendarDate(v.slice(0, 10))) return `must be a day that exists: ${v.slice(0, 10)} is not`;
  if (v.slice(17, 19) === '60') {
    return 'must not be a leap second (second 60): the API counts time without them; write :59.999';
  }
  const ms = Date.parse(v);
  if (Number.isNaN(ms)) return 'must be an ISO 8601 date-time with a time zone';
  return ms < FIRST_INSTANT || ms > LAST_INSTANT
    ? 'must fall between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in UTC'
    : null;
}

const YEARS = [
  '0000',
  '0001',
  '0004',
  '0100',
  '1900',
  '2000',
  '2024',
  '2026',
  '2100',
  '9998',
  '9999',
];
const MONTHS = ['00', '01', '02', '03', '04', '06', '09', '11', '12', '13'];
const DAYS = ['00', '01', '27', '28', '29', '30', '31', '32'];
const TIMES = [
  'T00:00:00Z',
  'T23:59:59.999Z',
  'T23:59:59.999999999Z',
  'T24:00:00Z',
  'T23:60:00Z',
  'T23:59:60Z',
  'T23:59:60.5+01:00',
  't12:00:00z',
  'T12:00:00.1234567891Z',
  'T12:00:00.Z',
  'T00:00:00+23:59',
  'T23:59:59-23:59',
  'T00:00:00-00:00',
  'T12:00:00+24:00',
  'T12:00:00+05:60',
  'T12:00:00+0530',
  'T12:00:00',
  ' 12:00:00Z',
];

describe("the date-time format's shortcuts say what the full check says", () => {
  const table = YEARS.flatMap((y) =>
    MONTHS.flatMap((m) => DAYS.flatMap((d) => TIMES.map((t) => `${y}-${m}-${d}${t}`))),
  );

  it(`on ${table.length} edges: years 0000/9999 and around, days 28-31, 24:00, :60, offsets, t/z, fractions`, () => {
    const differ = table.filter((v) => dateTime(v) !== slow(v));
    expect(differ).toEqual([]);
  });

  it('on random date-times of every year, day and offset', () => {
    const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
    const value = fc
      .tuple(
        fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')),
        two(13),
        two(32),
        fc.constantFrom('T', 't'),
        two(24),
        two(60),
        two(60),
        fc.constantFrom('', '.5', '.999', '.123456789'),
        fc.oneof(
          fc.constantFrom('Z', 'z'),
          fc.tuple(fc.constantFrom('+', '-'), two(24), two(59)).map(([s, h, m]) => `${s}${h}:${m}`),
        ),
      )
      .map(([y, mo, d, t, h, mi, s, f, z]) => `${y}-${mo}-${d}${t}${h}:${mi}:${s}${f}${z}`);
    fc.assert(
      fc.property(value, (v) => {
        expect(dateTime(v)).toBe(slow(v));
      }),
      { seed: 20261123, numRuns: 5000 },
    );
  });

  // Each verdict written by hand, not by either path: the table above cannot catch both being wrong.
  it.each([
    ['2024-02-29T00:00:00Z', null],
    ['2000-02-29T00:00:00Z', null],
    ['2026-02-29T00:00:00Z', 'must be a day that exists: 2026-02-29 is not'],
    ['1900-02-29T00:00:00Z', 'must be a day that exists: 1900-02-29 is not'],
    ['2026-04-31T00:00:00Z', 'must be a day that exists: 2026-04-31 is not'],
    ['2026-04-30T00:00:00Z', null],
    ['2026-02-28T23:59:59.999999999+00:00', null],
    ['0000-02-29T00:00:00Z', null],
    [
      '2026-12-31T24:00:00Z',
      'must be an ISO 8601 date-time with a time zone, e.g. 2026-11-20T10:00:00.000Z',
    ],
    ['2026-12-31t23:59:59z', null],
    [
      '2026-12-31T23:59:60Z',
      'must not be a leap second (second 60): the API counts time without them; write :59.999',
    ],
    ['0001-01-01T00:00:00+23:59', null],
    [
      '0000-01-01T00:00:00+00:01',
      'must fall between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in UTC',
    ],
    ['9998-12-31T23:59:59-23:59', null],
    ['9999-12-31T23:59:59.9999Z', null],
    [
      '9999-12-31T23:59:59-00:01',
      'must fall between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z in UTC',
    ],
  ])('%s: %s', (value, verdict) => {
    expect(dateTime(value)).toBe(verdict);
  });
});
