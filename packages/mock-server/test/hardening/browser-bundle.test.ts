import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const entry = (name: string) => fileURLToPath(new URL(`../../src/${name}`, import.meta.url));

it('bundles for a browser (MSW in a service worker, a component test): nothing imports node:http', async () => {
  // esbuild fails to resolve a Node built-in for the browser platform: before, node:http was
  // imported by the main entry for `listen`, and every browser bundle of the mock failed.
  const result = await build({
    entryPoints: [entry('index.ts'), entry('msw.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    outdir: 'out',
    // Peers, bundled or not by the app: webhook-verify has its own edge tests.
    external: ['msw', '@agent-platform/webhook-verify'],
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  const code = result.outputFiles.map((file) => file.text).join('\n');
  expect(code).toContain('createMockServer');
  // Nor is one left for the app's bundler to meet: a literal import, require or import().
  expect(code).not.toMatch(
    /(from\s*|require\(\s*|import\(\s*)["'](node:)?(http|net|stream|fs)["']/,
  );
});

it('bundles /client for a browser or a worker without the server: no Node import, no createMockServer', async () => {
  const result = await build({
    entryPoints: [entry('client.ts')],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    write: false,
    outdir: 'out',
    logLevel: 'silent',
  });
  expect(result.errors).toEqual([]);
  const code = result.outputFiles.map((file) => file.text).join('\n');
  expect(code).toContain('connectMock');
  // Nothing of the server: its factory, its router, its spec's schemas.
  expect(code).not.toMatch(/createMockServer|createControlRouter|agentsList/);
  expect(code).not.toMatch(/(from\s*|require\(\s*|import\(\s*)["']node:/);
  // A few kilobytes, not the mock's hundreds.
  expect(code.length).toBeLessThan(20_000);
});
