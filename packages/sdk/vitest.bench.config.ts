import { defineConfig } from 'vitest/config';

// Benchmarks print figures; they are not tests and stay out of `vitest run`.
export default defineConfig({
  test: {
    include: [],
    benchmark: { include: ['bench/**/*.bench.ts'] },
  },
});
