// Wraps what JSON cannot write, so that it can be written unquoted once JSON has written the rest.
const mark = '\u0000';
const marked = /"\\u0000((?:[^"\\]|\\.)*?)\\u0000"/g;

/** What JSON cannot write (`5n`, `Symbol(x)`, `NaN`, `-Infinity`, `-0`) as a marked string, else the value. */
function markUnwritable(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return `${mark}${value}n${mark}`;
  if (typeof value === 'symbol') return `${mark}${String(value)}${mark}`;
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) {
    return `${mark}${Object.is(value, -0) ? '-0' : String(value)}${mark}`;
  }
  return value;
}

/**
 * An option's value as a refusal quotes it: JSON where it can (`null`, `[2024]`, `"x"`), and what
 * JSON cannot write (`5n`, `Symbol(x)`, `NaN`, `Infinity`, `-0`, also inside a list or an object) as
 * JavaScript writes it, rather than as `null` or `undefined`; a cycle without throwing on it.
 */
export function shownOption(value: unknown): string {
  try {
    const json = JSON.stringify(value, markUnwritable) ?? String(value);
    return json.replace(marked, (_, text: string) => JSON.parse(`"${text}"`) as string);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
