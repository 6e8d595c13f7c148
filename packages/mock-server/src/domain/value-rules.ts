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
