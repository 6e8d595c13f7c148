const DATE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * Whether `text` is a day that exists, `YYYY-MM-DD` (2026-02-29 and 2026-04-31 do not):
 * `Date.parse` would roll them over into the next month.
 */
export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return day <= daysIn(year, month);
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysIn(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : (DAYS[month - 1] as number);
}

// A date, or a date-time with its zone: without one, JavaScript reads the time in the machine's zone.
// As the API's date-time fields: up to nine fraction digits (past the millisecond dropped), `t`, `z`.
const ISO_DATE =
  /^\d{4}-\d\d-\d\d(T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d))?$/i;

/** Whether `text` is a start time the same on every machine: a date, or a date-time with Z or an offset. */
export function isZonedDate(text: string): boolean {
  return ISO_DATE.test(text) && isCalendarDate(text.slice(0, 10));
}

/** What a start time that is not one is told, naming the option or flag. */
export function zonedDateRule(name: string, value: string): string {
  return `${name}: must be an ISO 8601 date or a date-time with Z or an offset (2024-01-01T09:00:00Z), not "${value}"`;
}
