/**
 * Settles `promise` into a record that can be read synchronously after fake timers advance: whether
 * it settled, and its error if it rejected.
 */
export function watch(promise: PromiseLike<unknown>): { error?: unknown; settled: boolean } {
  const outcome: { error?: unknown; settled: boolean } = { settled: false };
  promise.then(
    () => {
      outcome.settled = true;
    },
    (error: unknown) => {
      outcome.settled = true;
      outcome.error = error;
    },
  );
  return outcome;
}
