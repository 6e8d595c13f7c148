#!/usr/bin/env node
// Runs root package.json scripts one after the other, as `pnpm test` does with its steps: each under a
// header with its number, the first failure stops the run and is named last with the command that
// runs it alone, and a successful run ends with the time each step took.
// Usage: node scripts/run-steps.mjs SCRIPT... (each run as `pnpm run SCRIPT` from the repository root)
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const steps = process.argv.slice(2);
const seconds = (start) => ((performance.now() - start) / 1000).toFixed(1);
const times = [];
const all = performance.now();

for (const [i, step] of steps.entries()) {
  console.log(`\n=== [${i + 1}/${steps.length}] pnpm run ${step}`);
  const start = performance.now();
  const { status, signal, error } = spawnSync('pnpm', ['run', step], {
    cwd: root,
    stdio: 'inherit',
    // On Windows pnpm is pnpm.cmd, which only a shell runs (the step names are the scripts' own).
    shell: process.platform === 'win32',
  });
  times.push([step, seconds(start)]);
  if (status !== 0) {
    const why = error ? error.message : signal ? `killed by ${signal}` : `exit code ${status}`;
    console.error(
      `\n=== step ${i + 1}/${steps.length} failed: \`pnpm run ${step}\` (${why}, ${seconds(start)} s)`,
    );
    console.error(`Run it alone with \`pnpm run ${step}\`; the steps after it did not run.`);
    process.exit(status || 1);
  }
}
console.log(`\n=== ${steps.length} steps passed in ${seconds(all)} s`);
for (const [step, time] of times) console.log(`${time.padStart(7)} s  ${step}`);
