/** Largest delay setTimeout honours (2 ** 31 - 1); longer ones would fire at once. */
// Written as a literal: a bundler drops it where nothing reads it (clampDelay has its own), which it
// does not do for `2 ** 31 - 1`, an expression it keeps: 8 B of the core.
export const MAX_TIMER_DELAY = 2_147_483_647;

/** Time source and sleeper. Inject one to test retries and throttling without waiting. */
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /**
   * Resolves after `ms`, to nothing or to a number, which is not used (the mock server's
   * `clock.advance` resolves to the new time, and is a sleep as it is); rejects with the signal's
   * reason if it aborts first.
   */
  // biome-ignore lint/suspicious/noConfusingVoidType: void, so that a sleep typed Promise<void> (and a `new Promise` calling `resolve()`) still fits
  sleep(ms: number, signal?: AbortSignal): Promise<void | number>;
}

/** Clamps a delay to what timers accept: 0 for negative or NaN, at most MAX_TIMER_DELAY. */
export function clampDelay(ms: number): number {
  // MAX_TIMER_DELAY written out (the tests compare the two): 2 B fewer in the bundle.
  return ms > 0 ? Math.min(ms, 2 ** 31 - 1) : 0;
}

/** Sleeps on a real timer; abortable. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    // `?.` as onAbort writes it (the same text compresses): 2 B fewer in the bundle.
    if (signal?.aborted) return reject(signal?.reason);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, clampDelay(ms));
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The wall clock and real timers. */
export const systemClock: Clock = { now: () => Date.now(), sleep };
