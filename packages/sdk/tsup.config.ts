import { defineConfig } from 'tsup';

export default defineConfig({
  entry: { index: 'src/index.ts' },
  format: ['esm', 'cjs'],
  // `@internal` members (the client's `_request` and `_list`) are not in the types: their names are
  // shortened in the build (below).
  dts: { compilerOptions: { stripInternal: true } },
  sourcemap: true,
  clean: true,
  target: 'es2022',
  esbuildOptions(options) {
    // Internal property names, shortened in the code users ship (about 120 B of the core's 8 kB).
    // None is read from or written to an object of the user's: an option name (`throttle`,
    // `maxRetries`, ...) must never be listed here, which is why the client's settings go by
    // names of their own inside (SendConfig, SendOptions). The built package's tests run on dist.
    const internal = [
      // The client's pipeline, as resources call it
      '_client',
      '_path',
      '_request',
      '_list',
      // A call's hold on its attempt (AttemptHold), the attempt (AttemptState) and its deadline
      'heldAttempt',
      'timedOut',
      'controller',
      'onStop',
      'stopped',
      'held',
      'read',
      'fire',
      // The throttle
      'acquire',
      'release',
      // SendConfig and SendOptions
      'getFetch',
      'timeSource',
      'maxServerWait',
      'limiter',
      'leveledLogger',
      'retries',
      'attemptTimeout',
      'callSignal',
      // A response's note that it was not retried (NotRetried)
      'notRetried',
    ];
    options.mangleProps = new RegExp(`^(${internal.join('|')})$`);
  },
});
