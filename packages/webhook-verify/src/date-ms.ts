/**
 * The time of a Date of any realm (node:vm, Jest, an iframe, where `instanceof Date` fails), read
 * by Date's own getTime; NaN for an invalid Date and for anything else (an object that only looks
 * like one), which that getTime refuses; undefined when no Date was given (the caller's "now").
 */
export function dateMs(value: unknown): number | undefined {
  if (value === undefined) return undefined;
  try {
    return Date.prototype.getTime.call(value);
  } catch {
    return NaN;
  }
}
