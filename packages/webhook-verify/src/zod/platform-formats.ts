/**
 * The spec's string formats as the platform checks what it accepts (the mock server's rules in
 * packages/mock-server/src/http/schema-rules.ts), written as patterns. zod's own formats are
 * stricter (no `ñandú@example.com`, no lower-case `t`/`z`, UUID version bits), and a receiver
 * that is stricter than the sender answers 400 to a genuine delivery, which the sender retries
 * until it gives up. JSON Schema patterns take no flags, hence the explicit cases. Each with its
 * rule in words, for a failure's message.
 */
const FORMATS: Record<string, { pattern: string; rule: string }> = {
  uuid: {
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    rule: 'must be a UUID',
  },
  'date-time': {
    pattern:
      '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])[Tt]([01]\\d|2[0-3]):[0-5]\\d:[0-5]\\d(\\.\\d{1,9})?([Zz]|[+-]([01]\\d|2[0-3]):[0-5]\\d)$',
    rule: 'must be an ISO 8601 date-time with a time zone (Z or +hh:mm)',
  },
  // The mock's rule (an addr-spec without quoted local parts; no display name, comment or list),
  // written to run in linear time (see schema-rules.ts): change both.
  email: {
    pattern:
      '^[^\\s@<>(),;"\\\\:[\\]]+@[^\\s@<>(),;"\\\\](?=[^\\s@<>(),;"\\\\]*\\.[^\\s@<>(),;"\\\\])[^\\s@<>(),;"\\\\]*$',
    rule: 'must be an email address',
  },
  uri: { pattern: '^[A-Za-z][A-Za-z0-9+.-]*:', rule: 'must be a URI, starting with its scheme' },
};

/**
 * The rule of a format's pattern as zod reports it (`/^...$/`), as the mock server says it, or
 * undefined for another pattern.
 */
export function formatRule(pattern: string): string | undefined {
  return Object.values(FORMATS).find((format) => pattern === `/${format.pattern}/`)?.rule;
}

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
  // Its own keys only: a format named constructor or toString is as unknown as any other.
  const pattern =
    typeof out.format === 'string' && Object.hasOwn(FORMATS, out.format)
      ? FORMATS[out.format]?.pattern
      : undefined;
  if (pattern !== undefined && out.pattern === undefined) {
    delete out.format;
    out.pattern = pattern;
  }
  return out as T;
}

/** A JSON Schema node, as the generated webhook data schemas hold them. */
type JsonSchema = { readonly [keyword: string]: unknown };

/**
 * The path (`data.threshold`) of the first number in `value` that `node` types as an integer but
 * that is not a whole number, or undefined. An integer becomes zod's `multipleOf(1)` (above), which
 * allows for float rounding and so takes 5e-324 or 2^51 + 0.5; this check is the exact one the
 * platform makes (`Number.isInteger`). It follows `$ref` (into `defs`), `allOf`, properties,
 * `additionalProperties` and `items`, not `anyOf` or `oneOf`: which branch zod took is not known
 * here, and no integer of the webhook data sits in one (a test holds the spec to that).
 */
export function fractionalIntegerPath(
  node: object,
  value: unknown,
  defs: Readonly<Record<string, object>>,
  path: string,
): string | undefined {
  const schema = node as JsonSchema;
  const ref = schema.$ref;
  if (typeof ref === 'string') {
    const target = defs[ref.replace('#/$defs/', '')];
    return target && fractionalIntegerPath(target, value, defs, path);
  }
  for (const part of (schema.allOf ?? []) as JsonSchema[]) {
    const found = fractionalIntegerPath(part, value, defs, path);
    if (found) return found;
  }
  const types = ([] as unknown[]).concat(schema.type);
  if (typeof value === 'number') {
    return types.includes('integer') && !Number.isInteger(value) ? path : undefined;
  }
  if (Array.isArray(value)) {
    const items = schema.items as JsonSchema | undefined;
    for (const [i, item] of value.entries()) {
      const found = items && fractionalIntegerPath(items, item, defs, `${path}.${i}`);
      if (found) return found;
    }
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
  const rest = schema.additionalProperties;
  for (const [key, item] of Object.entries(value)) {
    const itemSchema = Object.hasOwn(properties, key) ? properties[key] : rest;
    const found =
      typeof itemSchema === 'object' && itemSchema !== null
        ? fractionalIntegerPath(itemSchema, item, defs, `${path}.${key}`)
        : undefined;
    if (found) return found;
  }
  return undefined;
}
