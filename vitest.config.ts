import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: [
      'packages/*/src/**/*.test.ts',
      'packages/*/test/**/*.test.ts',
      'test/**/*.test.ts',
      'examples/**/*.test.ts',
    ],
    typecheck: {
      enabled: true,
      include: ['packages/*/src/**/*.test-d.ts', 'packages/*/test/**/*.test-d.ts'],
      tsconfig: './tsconfig.typecheck.json',
    },
  },
});
