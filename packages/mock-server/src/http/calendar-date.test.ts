import { describe, expect, it } from 'vitest';
import { isCalendarDate } from './calendar-date.js';

describe('isCalendarDate', () => {
  it.each([
    '2026-01-31',
    '2026-02-28',
    '2028-02-29',
    '2000-02-29',
    '2026-04-30',
    '0001-01-01',
    '0000-02-29',
  ])('accepts %s', (text) => expect(isCalendarDate(text)).toBe(true));
  it.each([
    '2026-02-29',
    '1900-02-29',
    '0100-02-29',
    '2026-02-31',
    '2026-04-31',
    '2026-13-01',
    '2026-00-10',
    '2026-01-00',
    '2026-1-01',
    '2026-01-01T00:00:00Z',
    '',
  ])('refuses %s', (text) => expect(isCalendarDate(text)).toBe(false));
});
