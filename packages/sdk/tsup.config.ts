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
    // Internal property names, shortened in the code users ship (about 60 B of the core's 8 kB).
    // None is read from or written to an object of the user's: an option name (`throttle`,
    // `maxRetries`, ...) must never be listed here. The built package's tests run on dist.
    options.mangleProps =
      /^(_client|_request|_list|timedOut|controller|onStop|stopped|acquire|release|read|fire)$/;
  },
});
