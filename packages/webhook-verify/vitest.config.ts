import { defineConfig } from 'vitest/config';

// `pnpm -C packages/webhook-verify bench`: figures to read, never a pass/fail test.
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    benchmark: { include: ['bench/**/*.bench.ts'] },
  },
});
