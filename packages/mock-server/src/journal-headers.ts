/**
 * A request's headers as its transport holds them, kept by reference and read only when the journal
 * is: a fetch Request's `Headers`, or node's `rawHeaders` (name, value, name, value, ...).
 */
export type SentHeaders = Headers | readonly string[];

// Anyone who reaches the control API reads the journal: it shows these present, never their value.
const CREDENTIALS = new Set([
  'authorization',
  'cookie',
  'proxy-authorization',
  'x-api-key',
  'x-mock-admin-token',
]);

// They describe the connection, not the request: an in-process request has none of them.
const CONNECTION = new Set([
  'connection',
  'content-length',
  'host',
  'keep-alive',
  'transfer-encoding',
]);

/** What stands for a credential's value wherever the control API shows that one was sent. */
export const REDACTED = '[redacted]';

/**
 * The headers the journal answers for `sent`: names in lower case and in order of name, a header
 * sent twice joined with `, ` as fetch joins it, credentials `[redacted]`, the connection's own
 * (`host`, `connection`, `keep-alive`, `content-length`, `transfer-encoding`) left out.
 */
export function journalHeaders(sent: SentHeaders): Record<string, string> {
  const shown: Record<string, string> = {};
  // A fetch Headers iterates in lower case, in order of name, repeated ones joined (but set-cookie).
  if (!Array.isArray(sent)) {
    for (const [name, value] of sent as Headers) show(shown, name, value);
    return shown;
  }
  const raw = sent as readonly string[];
  const names: string[] = [];
  const values = new Map<string, string>();
  for (let i = 0; i + 1 < raw.length; i += 2) {
    const name = (raw[i] as string).toLowerCase();
    const before = values.get(name);
    if (before === undefined) names.push(name);
    values.set(name, before === undefined ? (raw[i + 1] as string) : `${before}, ${raw[i + 1]}`);
  }
  for (const name of names.sort()) show(shown, name, values.get(name) as string);
  return shown;
}

/** Adds a header to `shown`, as the journal answers it (or leaves it out). */
function show(shown: Record<string, string>, name: string, value: string): void {
  if (CONNECTION.has(name)) return;
  const kept = CREDENTIALS.has(name) ? REDACTED : value;
  // Defined rather than assigned, so that a header named `__proto__` is a key like another.
  if (name === '__proto__') {
    Object.defineProperty(shown, name, {
      value: kept,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  // The one name a Headers gives once per value.
  else if (name === 'set-cookie' && shown[name] !== undefined) shown[name] += `, ${kept}`;
  else shown[name] = kept;
}
