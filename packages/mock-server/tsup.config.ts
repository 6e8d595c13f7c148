import { defineConfig, type Options } from 'tsup';

const library: Options = {
  entry: {
    index: 'src/index.ts',
    client: 'src/client.ts',
    msw: 'src/msw.ts',
    proxy: 'src/proxy.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
};

const cli: Options = {
  entry: { cli: 'src/transports/cli.ts' },
  format: ['esm'],
  sourcemap: true,
  target: 'es2022',
  banner: { js: '#!/usr/bin/env node' },
  // Bundled from source (tsconfig paths), so that `pnpm start` runs on a fresh clone without
  // building webhook-verify first; the library build keeps it a dependency.
  noExternal: ['@agent-platform/webhook-verify'],
};

// `pnpm start` builds only the CLI (CLI_ONLY=1): a second, not the 15 s the declarations take.
export default defineConfig(process.env.CLI_ONLY ? [cli] : [library, cli]);
