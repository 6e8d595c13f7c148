/**
 * An option's value as a refusal quotes it: JSON where it can (`null`, `[2024]`, `"x"`), else what
 * JSON cannot show (`5n`, `Symbol(x)`, a cycle) without throwing on it or calling it `undefined`.
 */
export function shownOption(value: unknown): string {
  if (typeof value === 'bigint') return `${value}n`;
  if (typeof value === 'symbol') return String(value);
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return Object.prototype.toString.call(value);
  }
}
