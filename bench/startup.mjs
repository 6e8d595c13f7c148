// Part of `pnpm bench` (bench/run.mjs): time from spawn to the first answer to GET /v1/health, for the
// mock's CLI (first 200) and Prism's mock of the same spec (any HTTP answer), in alternating runs. Both
// are started the same way (`node <cli js>` on a free port, not pinned to a core) and polled the same
// way. Prints one JSON line (`RESULT {...}`) for run.mjs, which runs this in its own process group.
//
// Usage: node bench/startup.mjs [<prism cli js>]
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const cli = join(root, 'packages/mock-server/dist/cli.js');
const spec = join(root, 'spec/openapi.yaml');
const prismJs = process.argv[2];
const RUNS = Number(process.env.BENCH_STARTUP_RUNS ?? 5);
const LIMIT_MS = 60_000;

const children = new Set();
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(1));

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** ms from spawn until GET /v1/health answers (with 200 when `need200`). */
async function startupMs(args, need200) {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/v1/health`;
  const t0 = performance.now();
  const child = spawn(process.execPath, args(port), { stdio: ['ignore', 'ignore', 'pipe'] });
  children.add(child);
  let stderr = '';
  child.stderr.on('data', (d) => {
    stderr = (stderr + d).slice(-1000);
  });
  let exited = null;
  child.on('exit', (code) => {
    exited = code;
  });
  try {
    for (;;) {
      if (exited !== null) throw new Error(`exited with ${exited}: ${stderr.slice(-300)}`);
      if (performance.now() - t0 > LIMIT_MS) throw new Error(`no answer within ${LIMIT_MS} ms`);
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
      if (res) {
        await res.arrayBuffer();
        if (!need200 || res.status === 200) return performance.now() - t0;
      }
      await new Promise((r) => setTimeout(r, 2));
    }
  } finally {
    const done = new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) resolve();
      else child.once('exit', resolve);
    });
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await done;
    clearTimeout(timer);
    children.delete(child);
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
