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
    // Internal property names, shortened in the build for the size budget: none of them is an
    // option's or a public field's name (toleranceSeconds, prefix, headers... are left as they are).
    options.mangleProps =
      /^(secrets|text|tolerance|maxFuture|nowMs|signedPrefix|signatureBytes|idHeader|toHeaders|signedBody|signingSecret|signedAt|lapsesAt|expiresAt)$/;
  },
});
