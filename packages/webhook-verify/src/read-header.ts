/** Request headers: a fetch `Headers`, anything with a `get` (a `Map`), or a Node-style record (values may be arrays). */
export type WebhookHeaders =
  | {
      /** The header's value, null or undefined when absent; asked by the name as given, then in lower case. */
      get(name: string): string | null | undefined;
    }
  | Readonly<Record<string, string | readonly string[] | undefined>>;

/** Headers read through their `get`. */
type Getter = { get(name: string): string | null | undefined };

/** What `readHeader` found: the value, `undefined` when absent, or `null` when the header appears more than once. */
export type HeaderValue = string | undefined | null;

/**
 * Reads one header by name, in any case. A record is searched case-insensitively; a header that
 * appears more than once (two keys, an array of two, or a comma-joined value) yields `null`.
 */
export function readHeader(headers: WebhookHeaders, headerName: string): HeaderValue {
  const name = headerName.toLowerCase();
  if (typeof headers.get === 'function') {
    // Headers fold case; an adapter's own get (a Map, a Lambda event's headers) may not: its keys
    // are as sent (X-Webhook-Signature) or lower case.
    return single((headers as Getter).get(headerName) ?? (headers as Getter).get(name));
  }
  const record = headers as Readonly<Record<string, string | readonly string[] | undefined>>;
  let found: string | readonly string[] | undefined;
  let seen = 0;
  for (const key in record) {
    // Node's `req.headers` keys are already lower case: try the plain comparison first. Own keys
    // only: a header inherited from a polluted Object.prototype is no header.
    if (
      (key === name || (key.length === name.length && key.toLowerCase() === name)) &&
      Object.hasOwn(record, key)
    ) {
      const value = record[key];
      if (value !== undefined) {
        found = value;
        seen++;
      }
    }
  }
  if (seen > 1) return null;
  if (!Array.isArray(found)) return single(found);
  return found.length > 1 ? null : single(found[0]);
}

// Fetch joins repeated headers with ", " and Node does the same for unknown ones; no valid value of ours contains a comma.
// Only HTTP's optional whitespace (space, tab) is trimmed: String#trim would also take U+FEFF or U+00A0.
// A value that is not a string (a number from a hand-built record) is read as its text.
function single(header: unknown): HeaderValue {
  if (header == null) return undefined;
  const value = `${header}`;
  // Most values have nothing to trim, no whitespace at either end (the test costs less than the regex).
  const trimmed = value.trim() === value ? value : value.replace(OWS, '');
  if (trimmed === '') return undefined;
  return trimmed.includes(',') ? null : trimmed;
}

// Linear: a run of spaces inside a value is tried as the trailing one only from its start (the
// lookbehind), not from each of its spaces: quadratic time on a long run (a 16 KiB header of spaces
// between two letters took 0.1 s, 64 KiB 3 s).
const OWS = /^[ \t]+|(?<![ \t])[ \t]+$/g;
