// Part of `pnpm bench` (bench/run.mjs): time from spawn to the first answer to GET /v1/health, for the
// mock's CLI (first 200) and Prism's mock of the same spec (any HTTP answer), in alternating runs. Both
// are started the same way (`node <cli js>` on a free port, not pinned to a core) and polled the same
// way. Prints one JSON line (`RESULT {...}`) for run.mjs, which runs this in its own process group.
//
// Usage: node bench/startup.mjs [<prism cli js>]
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { createServers, freePort, waitForAnswer } = await import(
  pathToFileURL(join(root, 'packages/mock-server/bench/harness.mjs')).href
);
const cli = join(root, 'packages/mock-server/dist/cli.js');
const spec = join(root, 'spec/openapi.yaml');
const prismJs = process.argv[2];
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const LIMIT_MS = 60_000;

// Not pinned: both are started as a user would start them. Children are killed on exit or a signal.
const { spawnServer, stop } = createServers({ pin: false });

/** ms from spawn until GET /v1/health answers (with 200 when `need200`). */
async function startupMs(args, need200) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/v1/health`;
  const t0 = performance.now();
  const child = spawnServer(args(port));
  child.stdout.resume();
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-1000);
  });
  try {
    await waitForAnswer(url, { child, output: () => stderr, need200, ms: LIMIT_MS, intervalMs: 2 });
    return performance.now() - t0;
  } finally {
    await stop(child);
  }
}

const subjects = {
  mock: { args: (port) => [cli, '--port', String(port)], need200: true },
};
if (prismJs) {
  subjects.prism = {
    args: (port) => [prismJs, 'mock', spec, '-p', String(port), '-h', '127.0.0.1'],
    need200: false,
  };
}

const times = Object.fromEntries(Object.keys(subjects).map((k) => [k, []]));
const errors = {};
for (let i = 0; i < RUNS; i++) {
  for (const [name, { args, need200 }] of Object.entries(subjects)) {
    if (errors[name]) continue;
    try {
      times[name].push(await startupMs(args, need200));
    } catch (error) {
      errors[name] = String(error?.message ?? error).slice(0, 300);
    }
  }
}

const summary = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return { runs: s.length, median: s[Math.floor(s.length / 2)], min: s[0], max: s.at(-1) };
};
const results = {};
for (const name of Object.keys(subjects)) {
  results[name] = errors[name] ? { error: errors[name] } : summary(times[name]);
}
if (!prismJs) results.prism = { error: 'Prism not available (fetch failed)' };
process.stdout.write(`RESULT ${JSON.stringify(results)}\n`);
process.exit(0);
