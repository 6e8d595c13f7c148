/** Throws a TypeError unless `now` is a clock in milliseconds (like `Date.now`), not a Date or a number. */
export function checkClock(now: unknown): void {
  if (typeof now !== 'function') {
    throw new TypeError(
      'webhook-verify: now must be a function returning milliseconds, like Date.now',
    );
  }
}
