/**
 * Rules on a resource's values that its request schema cannot say, as lists of issues: the domain
 * refuses a request that breaks one, and a state import a row that does (store/request-rules.ts).
 * Each takes the path of what it checks (`headers` in a request, `tables.mcpServers[0]._headers` in
 * a snapshot).
 */

import { type ErrorDetail, fieldDetail } from '../errors.js';

/** Header names are case-insensitive: two that differ only in case would be one header, twice. */
export function headerNameIssues(headers: Record<string, string>, at: string): ErrorDetail[] {
  const seen = new Map<string, string>();
  const issues: ErrorDetail[] = [];
  for (const name of Object.keys(headers)) {
    const first = seen.get(name.toLowerCase());
    if (first === undefined) seen.set(name.toLowerCase(), name);
    else {
      const text = `repeats header ${first}: header names are case-insensitive`;
      issues.push(fieldDetail(`${at}.${name}`, 'unique', text));
    }
  }
  return issues;
}

/** An MCP server's simulated tools have distinct names (a tool route finds one by its name). */
export function toolNameIssues(tools: readonly { name: string }[], at: string): ErrorDetail[] {
  const seen = new Set<string>();
  const issues: ErrorDetail[] = [];
  for (const [i, { name }] of tools.entries()) {
    if (seen.has(name))
      issues.push(fieldDetail(`${at}[${i}].name`, 'unique', `${name} is listed twice`));
    seen.add(name);
  }
  return issues;
}

/** An appointment ends after it starts (`at` names its `ends_at`). */
export function endsAtIssues(startsAt: string, endsAt: string | null, at: string): ErrorDetail[] {
  return endsAt !== null && Date.parse(endsAt) <= Date.parse(startsAt)
    ? [fieldDetail(at, 'after', `must be after starts_at (${startsAt})`)]
    : [];
}

/** A contact keeps at least one of its name, email and phone (`at` names the contact). */
export function contactKeepsOneIssues(
  contact: { name: string | null; email: string | null; phone: string | null },
  at: string,
): ErrorDetail[] {
  return contact.name === null && contact.email === null && contact.phone === null
    ? [fieldDetail(at, 'anyOf', 'a contact keeps at least one of name, email, phone')]
    : [];
}

/** A server that requires HTTPS takes only https webhook URLs (`at` names the URL). */
export function webhookUrlIssues(url: string, requireHttps: boolean, at: string): ErrorDetail[] {
  return requireHttps && !/^https:\/\//i.test(url)
    ? [fieldDetail(at, 'https', 'must be an https URL (this server requires HTTPS)')]
    : [];
}

/**
 * How names that must be unique compare: regardless of letter case and of Unicode form, so that
 * two that look alike (`Café` composed and `Cafe\u0301` decomposed, `Tier` and `tier`) are one.
 */
export function nameKey(name: string): string {
  return name.normalize('NFC').toLowerCase();
}

/**
 * A select field's options are distinct as names are (`nameKey`): the first repeat in another case
 * or form is named (an exact repeat is the schema's `uniqueItems`, which names it already).
 */
export function optionIssues(options: readonly string[], at: string): ErrorDetail[] {
  const seen = new Map<string, string>();
  for (const option of options) {
    const first = seen.get(nameKey(option));
    if (first === undefined) seen.set(nameKey(option), option);
    else if (first !== option) {
      const text = `must not contain duplicates (${JSON.stringify(option)} repeats ${JSON.stringify(first)} but for case or Unicode form)`;
      return [fieldDetail(at, 'uniqueItems', text)];
    }
  }
  return [];
}

/** Business hours as the API stores them (`ChannelSettings.business_hours`). */
export interface BusinessHoursValue {
  timezone: string;
  schedule: readonly { day: string; open: string; close: string }[];
}

const DAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];
const DAY_MINUTES = 24 * 60;
const WEEK_MINUTES = 7 * DAY_MINUTES;
const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/**
 * A channel's business hours: an interval closes other than when it opens, and no two intervals
 * overlap on the week (one past midnight runs into the next day, Sunday's into Monday; touching is
 * no overlap). `at` names the business hours; each issue names the later interval.
 */
export function businessHoursIssues(hours: BusinessHoursValue | null, at: string): ErrorDetail[] {
  if (hours === null) return [];
  const issues: ErrorDetail[] = [];
  const spans: { index: number; start: number; end: number }[] = [];
  hours.schedule.forEach(({ day, open, close }, index) => {
    const start = DAYS.indexOf(day) * DAY_MINUTES + minutes(open);
    // `24:00` is 1440 minutes: from 00:00 the whole day; otherwise as 00:00, past midnight.
    const length = (minutes(close) - minutes(open) + DAY_MINUTES) % DAY_MINUTES || DAY_MINUTES;
    if (length === DAY_MINUTES && close !== '24:00') {
      const text = `must differ from open (${open}): 00:00 or 24:00 closes at midnight, 00:00 to 24:00 is the whole day`;
      issues.push(fieldDetail(`${at}.schedule[${index}].close`, 'invalid', text));
      return;
    }
    const end = start + length;
    const overlapped = spans.find((span) =>
      [-WEEK_MINUTES, 0, WEEK_MINUTES].some((k) => span.start + k < end && start < span.end + k),
    );
    if (overlapped) {
      const { day, open, close } = hours.schedule[overlapped.index] as {
        [K in 'day' | 'open' | 'close']: string;
      };
      const text = `overlaps ${at}.schedule[${overlapped.index}] (${day} ${open}-${close})`;
      issues.push(fieldDetail(`${at}.schedule[${index}]`, 'overlap', text));
    }
    spans.push({ index, start, end });
  });
  return issues;
}
