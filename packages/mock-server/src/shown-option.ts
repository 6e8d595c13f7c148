/**
 * An option's value as a refusal quotes it: JSON where it can (`null`, `[2024]`, `"x"`), and what
 * JSON cannot write (`5n`, `Symbol(x)`, `NaN`, `Infinity`, `-0`, `undefined`, also inside a list or
 * an object) as JavaScript writes it, rather than as `null` or not at all; a cycle as `[Circular]`,
 * a function by its name, an object that is not plain by its class (`Map {}`), one with `toJSON`
 * (a Date, a URL) as JSON writes it.
 */
export function shownOption(value: unknown): string {
  try {
    return written(value, []);
  } catch {
    // A getter or a proxy that throws: what it is, no more.
    return Object.prototype.toString.call(value);
  }
}

/** One value, `within` the objects that hold it (a cycle is an object that holds itself). */
function written(value: unknown, within: readonly object[]): string {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Object.is(value, -0) ? '-0' : String(value);
    case 'bigint':
      return `${value}n`;
    case 'function':
      return value.name ? `function ${value.name}` : 'a function';
    case 'object':
      return value === null ? 'null' : writtenObject(value, within);
    default:
      // boolean, undefined, symbol
      return String(value);
  }
}

function writtenObject(value: object, within: readonly object[]): string {
  if (within.includes(value)) return '[Circular]';
  if (value instanceof Date && Number.isNaN(value.getTime())) return 'Invalid Date';
  const { toJSON } = value as { toJSON?: unknown };
  // As JSON writes them: a Date as its ISO string, a URL as its href.
  if (typeof toJSON === 'function') return written(toJSON.call(value), [...within, value]);
  const inner = [...within, value];
  if (Array.isArray(value)) return `[${value.map((item) => written(item, inner)).join(',')}]`;
  const entries = Object.entries(value).map(
    ([key, item]) => `${JSON.stringify(key)}:${written(item, inner)}`,
  );
  const body = `{${entries.join(',')}}`;
  const prototype = Object.getPrototypeOf(value) as { constructor?: unknown } | null;
  const kind = prototype?.constructor;
  const plain = prototype === null || kind === Object || typeof kind !== 'function';
  return plain ? body : `${(kind as { name: string }).name || 'an object'} ${body}`;
}
