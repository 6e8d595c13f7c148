/**
 * The spec's string formats as the platform checks what it accepts (the mock server's rules in
 * packages/mock-server/src/http/schema-rules.ts), written as patterns. zod's own formats are
 * stricter (no `ñandú@example.com`, no lower-case `t`/`z`, UUID version bits), and a receiver
 * that is stricter than the sender answers 400 to a genuine delivery, which the sender retries
 * until it gives up. JSON Schema patterns take no flags, hence the explicit cases.
 */
const PATTERNS: Record<string, string> = {
  uuid: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
  'date-time':
    '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$',
  // The mock's rule (an addr-spec without quoted local parts; no display name, comment or list),
  // written to run in linear time (see schema-rules.ts): change both.
  email:
    '^[^\\s@<>(),;"\\\\:[\\]]+@[^\\s@<>(),;"\\\\](?=[^\\s@<>(),;"\\\\]*\\.[^\\s@<>(),;"\\\\])[^\\s@<>(),;"\\\\]*$',
  uri: '^[A-Za-z][A-Za-z0-9+.-]*:',
};

/** A copy of a JSON Schema whose `format`s (and integers) are checked as the platform checks them. */
export function platformFormats<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(platformFormats) as T;
  if (typeof schema !== 'object' || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) out[key] = platformFormats(value);
  // JSON Schema's integer is any whole number, as the platform checks it (Number.isInteger);
  // zod's int() also refuses those past 2^53, so a credits_remaining of 1e17 would fail here.
  if (out.type === 'integer' || (Array.isArray(out.type) && out.type.includes('integer'))) {
    out.type = Array.isArray(out.type)
      ? out.type.map((t) => (t === 'integer' ? 'number' : t))
      : 'number';
    out.multipleOf ??= 1;
  }
  const pattern = typeof out.format === 'string' ? PATTERNS[out.format] : undefined;
  if (pattern !== undefined && out.pattern === undefined) {
    delete out.format;
    out.pattern = pattern;
  }
  return out as T;
}
