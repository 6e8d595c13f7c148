import { AgentPlatformError } from './errors.js';

/**
 * Refuses, before anything is sent, what fetch or openapi-fetch would throw on, naming it:
 * - a header fetch refuses with a TypeError quoting its value, which may be a secret: the error names
 *   the header, never the value. The runtime's `Headers` judges, so the rules are exactly fetch's;
 * - a query value with a lone surrogate (half of an emoji, as `.slice()` cuts a search box's text),
 *   which cannot be percent-encoded: openapi-fetch's serializer threw a bare URIError. Each value is
 *   tried as its string, which holds an array's items (an object's values are not reached: no
 *   query parameter of the API takes one).
 * One function for both, called where the headers were checked alone: 9 B fewer than a query check
 * of its own in the query serializer.
 */
export function checkSendable(
  headers: Record<string, unknown> | Headers | undefined,
  query?: object,
): void {
  // Own keys only: a `Headers` (which fetch takes too) has none, and holds only valid headers.
  for (const [name, value] of Object.entries(headers ?? {})) {
    let part = 'name';
    try {
      new Headers({ [name]: '' });
      part = 'value';
      new Headers({ v: value as string });
    } catch {
      throw new AgentPlatformError(`${name}: must be a valid header ${part}`);
    }
  }
  // As openapi-fetch's serializer walks it (for...in).
  for (const name in query) {
    try {
      encodeURIComponent((query as Record<string, string>)[name] as string);
    } catch {
      throw new AgentPlatformError(`${name}: must be a well-formed string`);
    }
  }
}
