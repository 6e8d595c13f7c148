import { shownOption } from './shown-option.js';

/** The longest wait setTimeout takes (2^31 - 1 ms, about 24.8 days): a longer one fires at once. */
export const MAX_TIMEOUT_MS = 2_147_483_647;

/**
 * `value` when it is a whole number of milliseconds from `least` to MAX_TIMEOUT_MS, else a
 * TypeError naming `name`: a longer wait would fire at once (Node warns, and sets 1 ms), which cut
 * every request where "no limit" was meant.
 */
export function checkTimerMs(name: string, value: unknown, least: number): number {
  if (
    Number.isSafeInteger(value) &&
    (value as number) >= least &&
    (value as number) <= MAX_TIMEOUT_MS
  )
    return value as number;
  throw new TypeError(
    `${name}: must be a whole number of milliseconds from ${least} to ${MAX_TIMEOUT_MS} (about 24.8 days, the longest timer), not ${shownOption(value)}`,
  );
}
