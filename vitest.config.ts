import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // Tests use the workspace packages from source, so that they run without a build (the root's
    // devDependencies on them, for test/runtimes/, would resolve them to dist/).
    alias: [
      {
        find: /^@agent-platform\/mock-server$/,
        replacement: source('packages/mock-server/src/index.ts'),
      },
      {
        find: /^@agent-platform\/mock-server\/msw$/,
        replacement: source('packages/mock-server/src/msw.ts'),
      },
      { find: /^@agent-platform\/sdk$/, replacement: source('packages/sdk/src/index.ts') },
      {
        find: /^@agent-platform\/webhook-verify$/,
        replacement: source('packages/webhook-verify/src/index.ts'),
      },
      {
        find: /^@agent-platform\/webhook-verify\/(node|dedupe|events|zod)$/,
        replacement: source('packages/webhook-verify/src/$1.ts'),
      },
    ],
  },
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
