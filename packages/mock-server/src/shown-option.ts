// Wraps what JSON cannot write, so that it can be written unquoted once JSON has written the rest.
const mark = '\u0000';
const marked = /"\\u0000((?:[^"\\]|\\.)*?)\\u0000"/g;
const wrap = (text: string) => `${mark}${text}${mark}`;

/**
 * What JSON cannot write (`5n`, `Symbol(x)`, `NaN`, `-Infinity`, `-0`) as a marked string, else the
 * value. A string or key of the value's own holding the mark is marked as JSON writes it, quoted, so
 * that none is unquoted as a mark's (`"\u0000NaN\u0000"` is no NaN).
 */
function markUnwritable(_key: string, value: unknown): unknown {
  if (typeof value === 'bigint') return wrap(`${value}n`);
  if (typeof value === 'symbol') return wrap(String(value));
  if (typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))) {
    return wrap(Object.is(value, -0) ? '-0' : String(value));
  }
  if (typeof value === 'string') return value.includes(mark) ? wrap(JSON.stringify(value)) : value;
  // A list's keys are its indexes (JSON writes no other of its keys).
  const keys =
    value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  if (keys.some((key) => key.includes(mark))) {
    return Object.fromEntries(
      Object.entries(value as object).map(([key, v]) => [
        key.includes(mark) ? wrap(JSON.stringify(key)) : key,
        v,
      ]),
    );
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
