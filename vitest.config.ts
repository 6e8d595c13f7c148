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
        find: /^@agent-platform\/mock-server\/(client|msw|proxy)$/,
        replacement: source('packages/mock-server/src/$1.ts'),
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
    projects: [
      {
        extends: true,
        test: {
          name: 'mock-server',
          include: [
            'packages/mock-server/src/**/*.test.ts',
            'packages/mock-server/test/**/*.test.ts',
          ],
          // One module graph per worker, not one per file: these files re-imported the mock, MSW and
          // the spec's schemas each, over a third of the suite's time. They share no module state
          // (a mock per test; each file passes in any order, checked with --sequence.shuffle.files),
          // and users run many mocks in one process too. The other files keep isolation: without it,
          // packages/sdk/src/core/body-read.test.ts fails after files that change globals.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'other',
          include: [
            'packages/*/src/**/*.test.ts',
            'packages/*/test/**/*.test.ts',
            'test/**/*.test.ts',
            'examples/**/*.test.ts',
          ],
          exclude: ['packages/mock-server/**', '**/node_modules/**'],
          typecheck: {
            enabled: true,
            include: ['packages/*/src/**/*.test-d.ts', 'packages/*/test/**/*.test-d.ts'],
            tsconfig: './tsconfig.typecheck.json',
          },
        },
      },
    ],
  },
});
