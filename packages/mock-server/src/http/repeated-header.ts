/**
 * What to say of a credential header whose value is no credential but holds commas: a header sent
 * more than once reaches the server as one value, joined with `, ` (HTTP's rule, which Node and
 * fetch's Headers both apply), so `curl -H` twice would read as an unknown key. Said only when the
 * parts show a repeat: one of them is a credential (`isCredential`), or they are all the same. A key
 * or token may hold a comma: an unknown one sent once (`ap_test_a,b,c`) is unknown, not repeated.
 * Null otherwise. Asked only of a value that matched nothing.
 */
export function repeatedHeaderMessage(
  name: string,
  value: string | null,
  isCredential: (part: string) => boolean,
): string | null {
  const values = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (values.length < 2) return null;
  if (!values.some(isCredential) && !values.every((part) => part === values[0])) return null;
  return `${name}: appears more than once (${values.length} values, joined with commas); send it once`;
}

/**
 * How many values a header holds once repeats are joined with commas: the parts between commas
 * outside a quoted string (RFC 9110, with its `\"` escapes), empty ones not counted. One pass: a
 * header of 16 KiB of commas is as quick as any.
 */
export function headerValueCount(value: string): number {
  let count = 0;
  let filled = false;
  let quoted = false;
  for (let i = 0; i < value.length; i++) {
    const c = value[i];
    if (quoted) {
      if (c === '\\') i++;
      else if (c === '"') quoted = false;
    } else if (c === ',') {
      if (filled) count++;
      filled = false;
      continue;
    } else if (c === '"') quoted = true;
    if (c !== ' ' && c !== '\t') filled = true;
  }
  return filled ? count + 1 : count;
}
