import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../runtimes/assert-built.js';

// What an app's bundle keeps of the packages as built (dist/, through the exports maps, as the
// tarballs hold it) when it imports a part of them. esbuild (Angular's, Wrangler's and tsup's
// bundler) keeps a top-level statement it cannot prove free of side effects, with everything it
// names; Rollup, Vite and webpack drop more (checked by hand with the tarballs).
const root = fileURLToPath(new URL('../../', import.meta.url));

/** The minified browser bundle of an app whose code is `contents`. */
async function bundle(contents: string): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: root, loader: 'js' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    // No tsconfig: test/tsconfig.json's paths would send the packages to src/.
    tsconfigRaw: '{}',
    logLevel: 'silent',
  });
  return result.outputFiles[0]?.text ?? '';
}

// Names in openapi-fetch's code that minifying keeps (an option's name, a header's).
const openapiFetch = /querySerializer|bodySerializer|Content-Type/;

beforeAll(() => assertBuilt(['packages/sdk/dist/index.js']));

describe('@agent-platform/sdk in an esbuild bundle', () => {
  it('keeps openapi-fetch for an app that builds a client', async () => {
    const code = await bundle(
      "import { AgentPlatform } from '@agent-platform/sdk'; globalThis.client = new AgentPlatform({ apiKey: 'k', baseUrl: 'https://api.example.com' });",
    );
    expect(code).toMatch(openapiFetch);
  });

  it.each([
    ['the error guards', 'isAPIError, isRateLimitError', 'isAPIError, isRateLimitError'],
    ['an error class', 'NotFoundError', 'NotFoundError'],
    ['the system clock', 'systemClock', 'systemClock'],
  ])('leaves openapi-fetch out of an app that imports only %s', async (_, names, used) => {
    // An app's error handling or a test helper, in a chunk of its own: openapi-fetch was kept
    // there (2.4 kB of the 3.8 kB gzipped), as the client read its default export at the top level.
    const code = await bundle(
      `import { ${names} } from '@agent-platform/sdk'; globalThis.used = [${used}];`,
    );
    expect(code).not.toMatch(openapiFetch);
    expect(code.length).toBeLessThan(4000);
  });
});
