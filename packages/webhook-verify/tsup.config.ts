import { defineConfig } from 'tsup';

export default defineConfig({
  entry: {
    index: 'src/index.ts',
    node: 'src/node.ts',
    dedupe: 'src/dedupe.ts',
    events: 'src/events.ts',
    zod: 'src/zod.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  sourcemap: true,
  clean: true,
  target: 'es2022',
  esbuildOptions(options) {
    options.mangleProps = /^(secrets|text)$/;
  },
});
