/**
 * What to say of a credential header whose value is no credential but holds commas: a header sent
 * more than once reaches the server as one value, joined with `, ` (HTTP's rule, which Node and
 * fetch's Headers both apply), so `curl -H` twice would read as an unknown key. Null for a value
 * without two comma-separated parts. Asked only of a value that matched nothing: a key or token may
 * hold a comma.
 */
export function repeatedHeaderMessage(name: string, value: string | null): string | null {
  const values = (value ?? '').split(',').filter((part) => part.trim() !== '');
  if (values.length < 2) return null;
  return `${name}: appears more than once (${values.length} values, joined with commas); send it once`;
}
