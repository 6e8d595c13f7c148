/** True for an object that is not null and not an array: a JSON object, a header record. */
export function isObject(value: unknown): value is Record<string | symbol, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
