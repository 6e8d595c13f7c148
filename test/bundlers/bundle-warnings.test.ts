import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import webpack from 'webpack';
import { assertBuilt } from '../runtimes/assert-built.js';

// An app that bundles the packages as built must see no warning from its bundler: a warning there
// is one its users cannot silence without a config of their own, and webpack's "Critical
// dependency" reads as a broken package. The app is a directory of its own with the packages in its
// node_modules as their tarballs hold them (package.json and dist/), not linked to this repository:
// bundlers treat code in node_modules apart (esbuild does not warn there of an import it drops).
// Each entry is imported as an app's ESM imports it and required as its CommonJS requires it (the
// exports maps' `import` and `require` builds), for the browser where the entry works there and
// for Node. Rollup and Vite are not devDependencies (Vite comes only with Vitest) and are not run
// here; Vite 8's build of the same apps showed no warning (checked by hand).
const exec = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));

// The entries that work in a browser, a worker or an edge runtime.
const browserEntries = [
  '@agent-platform/sdk',
  '@agent-platform/mock-server',
  '@agent-platform/mock-server/client',
  '@agent-platform/mock-server/msw',
  '@agent-platform/webhook-verify',
  '@agent-platform/webhook-verify/dedupe',
  '@agent-platform/webhook-verify/events',
  '@agent-platform/webhook-verify/zod',
];
// On Node, every entry: a server or a function bundled for Node uses the mock's `listen` too.
const nodeEntries = [
  ...browserEntries,
  '@agent-platform/mock-server/proxy',
  '@agent-platform/webhook-verify/node',
];
// The optional peers, which an app bundles or not: their own warnings are not ours to check.
const peers = ['msw', 'zod'];

type Target = 'web' | 'node';
type ModuleSystem = 'esm' | 'cjs';
const entriesOf = (target: Target) => (target === 'web' ? browserEntries : nodeEntries);

/** An app's module that uses every export of `entry`, as ESM or CommonJS. */
function consumer(entry: string, system: ModuleSystem): string {
  return system === 'esm'
    ? `import * as used from '${entry}';\nglobalThis.used = used;\n`
    : `globalThis.used = require('${entry}');\n`;
}

const fileName = (entry: string, system: ModuleSystem) =>
  `${entry.replace(/^@agent-platform\//, '').replace('/', '-')}.${system === 'esm' ? 'mjs' : 'cjs'}`;

let dir = '';

beforeAll(async () => {
  assertBuilt([
    'packages/sdk/dist/index.js',
    'packages/mock-server/dist/index.cjs',
    'packages/webhook-verify/dist/node.cjs',
  ]);
  dir = await mkdtemp(join(tmpdir(), 'bundle-warnings-'));
  for (const name of ['sdk', 'mock-server', 'webhook-verify']) {
    const from = join(root, 'packages', name);
    const to = join(dir, 'node_modules/@agent-platform', name);
    await mkdir(to, { recursive: true });
    await cp(join(from, 'package.json'), join(to, 'package.json'));
    await cp(join(from, 'dist'), join(to, 'dist'), { recursive: true });
    // Their dependencies from the registry (openapi-fetch), as installed here; the workspace's
    // own (mock-server's webhook-verify) are the copies beside them.
    const { dependencies = {} } = JSON.parse(await readFile(join(from, 'package.json'), 'utf8'));
    for (const dependency of Object.keys(dependencies)) {
      if (dependency.startsWith('@agent-platform/')) continue;
      const target = join(dir, 'node_modules', dependency);
      await mkdir(join(target, '..'), { recursive: true });
      await symlink(await realpath(join(from, 'node_modules', dependency)), target);
    }
  }
  for (const system of ['esm', 'cjs'] as const) {
    for (const entry of nodeEntries) {
      await writeFile(join(dir, fileName(entry, system)), consumer(entry, system));
    }
  }
});

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const outputOf = (target: Target, system: ModuleSystem) => join(dir, `webpack-${target}-${system}`);
const webpackRuns = new Map<string, Promise<string[]>>();

/** The warnings and errors webpack reports for a production build of the apps, one entry each. */
function webpackProblems(target: Target, system: ModuleSystem): Promise<string[]> {
  const key = `${target} ${system}`;
  let run = webpackRuns.get(key);
  if (run === undefined) {
    run = runWebpack(target, system);
    webpackRuns.set(key, run);
  }
  return run;
}

async function runWebpack(target: Target, system: ModuleSystem): Promise<string[]> {
  const entry = Object.fromEntries(
    entriesOf(target).map((name) => [name, join(dir, fileName(name, system))]),
  );
  const compiler = webpack({
    mode: 'production',
    context: dir,
    entry,
    target: target === 'web' ? ['web', 'es2022'] : ['node20', 'es2022'],
    output: { path: outputOf(target, system) },
    externals: peers,
    // What makes a production build slow, and the app's own size hint, are not the packages'.
    optimization: { minimize: false },
    performance: { hints: false },
    devtool: false,
    cache: false,
    infrastructureLogging: { level: 'none' },
  });
  const stats = await new Promise<webpack.Stats>((resolve, reject) =>
    compiler.run((error, result) => (error || !result ? reject(error) : resolve(result))),
  );
  await new Promise<void>((resolve) => compiler.close(() => resolve()));
  const { warnings = [], errors = [] } = stats.toJson({ all: false, warnings: true, errors: true });
  return [...warnings, ...errors].map(
    (problem) => `${problem.moduleName ?? '(no module)'}: ${problem.message.split('\n')[0]}`,
  );
}

/** The warnings and errors esbuild reports for a bundle of the apps, one entry each. */
async function esbuildProblems(target: Target, system: ModuleSystem): Promise<string[]> {
  const result = await build({
    entryPoints: entriesOf(target).map((name) => join(dir, fileName(name, system))),
    absWorkingDir: dir,
    bundle: true,
    platform: target === 'web' ? 'browser' : 'node',
    format: 'esm',
    target: 'es2022',
    outdir: 'out',
    write: false,
    external: peers,
    logLevel: 'silent',
  }).catch((failure: { errors: unknown[]; warnings: unknown[] }) => failure);
  const messages = [...result.warnings, ...result.errors] as {
    text: string;
    location: { file: string } | null;
  }[];
  return messages.map((message) => `${message.location?.file ?? '(no file)'}: ${message.text}`);
}

const cases = [
  ['web', 'esm'],
  ['web', 'cjs'],
  ['node', 'esm'],
  ['node', 'cjs'],
] as const;

describe('bundled by webpack (production)', { timeout: 60_000 }, () => {
  it.each(cases)('target %s, the %s builds: no warning, no error', async (target, system) => {
    expect(await webpackProblems(target, system)).toEqual([]);
  });
});

describe('the mock bundled by webpack for Node', { timeout: 60_000 }, () => {
  it.each(['esm', 'cjs'] as const)(
    'the %s build serves over HTTP, node:http loaded when it runs (Node before 20.16 too)',
    async (system) => {
      await webpackProblems('node', system);
      const bundle = join(outputOf('node', system), '@agent-platform/mock-server.js');
      // Without process.getBuiltinModule, node:http comes from the bundle's import(), which
      // webpack leaves to Node: not from webpack's require, which has no node:http.
      const script = `delete process.getBuiltinModule;
        require(${JSON.stringify(bundle)});
        (async () => {
          const server = await globalThis.used.createMockServer({ seed: 'demo' }).listen();
          const response = await fetch(server.url + '/v1/health');
          await server.close();
          console.log(response.status);
        })();`;
      const { stdout } = await exec(process.execPath, ['-e', script], { timeout: 30_000 });
      expect(stdout.trim()).toBe('200');
    },
  );
});

describe('bundled by esbuild', { timeout: 60_000 }, () => {
  it.each(cases)('platform %s, the %s builds: no warning, no error', async (target, system) => {
    expect(await esbuildProblems(target, system)).toEqual([]);
  });
});
