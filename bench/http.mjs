// Part of `pnpm bench` (bench/run.mjs): GET /v1/agents?limit=20, authenticated, on the mock's HTTP
// server, a bare node:http server sending the same bytes (and one that JSON.stringify's the page per
// request), and Prism's mock of the same spec, with the same load tool and settings, one after the other
// in this process. Prints one JSON line (`RESULT {...}`) for run.mjs. Started by run.mjs in its own
// process group, which run.mjs kills on a time limit; the servers are in that group too.
//
// Usage: node bench/http.mjs <tmp dir> [<prism cli js>]
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mockDir = join(root, 'packages/mock-server');
const cli = join(mockDir, 'dist/cli.js');
const bareServer = join(mockDir, 'bench/bare-server.mjs');
const spec = join(root, 'spec/openapi.yaml');
const [tmp, prismJs] = process.argv.slice(2);
// autocannon is a devDependency of the mock-server package, not of the root.
const autocannon = (
  await import(pathToFileURL(createRequire(join(mockDir, 'package.json')).resolve('autocannon')))
).default;

const KEY = 'demo-key-all-scopes';
const PATH = '/v1/agents?limit=20';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const WARMUP = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

// As in packages/mock-server/bench/http-bench.mjs: servers on the last core, the load tool on the others.
const cores = availableParallelism();
const pin = cores >= 2 && spawnSync('taskset', ['-V']).status === 0;
if (pin) spawnSync('taskset', ['-cp', `0-${cores - 2}`, String(process.pid)]);

const children = new Set();
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  });
}
process.on('exit', () => {
  for (const child of children) child.kill('SIGKILL');
});

function spawnServer(args) {
  const command = pin ? 'taskset' : process.execPath;
  const argv = pin ? ['-c', String(cores - 1), process.execPath, ...args] : args;
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'pipe'] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** Starts a server that prints `listening on <url>` (the mock CLI, bare-server.mjs). */
function start(args, ms = 30_000) {
  const child = spawnServer(args);
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no "listening on" within ${ms} ms`)), ms);
    child.stdout.on('data', (d) => {
      out += d;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) {
        clearTimeout(timer);
        child.stdout.resume();
        resolve({ child, url });
      }
    });
    child.stderr.on('data', (d) => {
      out += d;
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${args.join(' ')} exited with ${code}: ${out.slice(-500)}`));
    });
  });
}

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

/** Starts Prism on a free port and waits for any HTTP answer to GET /v1/health. */
async function startPrism(verboseLevel, ms = 60_000) {
  const port = await freePort();
  const child = spawnServer([
    prismJs,
    'mock',
    spec,
    '-p',
    String(port),
    '-h',
    '127.0.0.1',
    '-v',
    verboseLevel,
  ]);
  let out = '';
  child.stdout.on('data', () => {}); // drained: with -v info Prism logs every request to stdout
  child.stderr.on('data', (d) => {
    out = (out + d).slice(-2000);
  });
  let exited = null;
  child.on('exit', (code) => {
    exited = code;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (exited !== null) throw new Error(`Prism exited with ${exited}: ${out.slice(-500)}`);
    const res = await fetch(`${url}/v1/health`, { signal: AbortSignal.timeout(2000) }).catch(
      () => null,
    );
    if (res) {
      await res.arrayBuffer();
      return { child, url };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`Prism gave no answer within ${ms} ms`);
}

function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

// taskset execs node, so the child's pid is the server's pid for /proc.
function load(url, duration) {
  return new Promise((resolve, reject) => {
    autocannon(
      { url, headers: { 'x-api-key': KEY }, connections: CONNECTIONS, duration },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function measure(server) {
  const url = `${server.url}${PATH}`;
  const sample = await fetch(url, { headers: { 'x-api-key': KEY } });
  const sampleBytes = (await sample.arrayBuffer()).byteLength;
  await load(url, WARMUP);
  const before = cpuSeconds(server.child.pid);
  const r = await load(url, DURATION);
  const after = cpuSeconds(server.child.pid);
  return {
    status: sample.status,
    bytes: sampleBytes,
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpuUsPerRequest:
      before === null || after === null || r.requests.total === 0
        ? null
        : ((after - before) * 1e6) / r.requests.total,
  };
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.removeAllListeners('exit');
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
  children.delete(child);
}

async function run(name, starter) {
  let server;
  try {
    server = await starter();
    return { name, ...(await measure(server)) };
  } catch (error) {
    return { name, error: String(error?.message ?? error).slice(0, 300) };
  } finally {
    if (server) await stop(server.child);
  }
}

// The mock, seeded with 20 agents (plus the demo seed's), rate limit on with a limit it never reaches.
const mock = await start([cli, '--port', '0', '--rate-limit', '1000000000']);
for (let i = 0; i < 20; i++) {
  const res = await fetch(`${mock.url}/v1/agents`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench agent ${i}`, description: 'An agent for the benchmark.' }),
  });
  await res.arrayBuffer();
}
const sample = await fetch(`${mock.url}${PATH}`, { headers: { 'x-api-key': KEY } });
const body = await sample.text();
const headers = Object.fromEntries(
  [...sample.headers].filter(
    ([k]) =>
      !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k),
  ),
);
const pageFile = join(tmp, 'bare-page.json');
writeFileSync(pageFile, JSON.stringify({ headers, body }));

const results = [];
results.push(await run('bare', () => start([bareServer, pageFile])));
results.push(await run('bare-stringify', () => start([bareServer, pageFile, '--stringify'])));
results.push(await run('mock', async () => mock));
if (prismJs) {
  results.push(await run('prism-warn', () => startPrism('warn')));
  results.push(await run('prism-info', () => startPrism('info')));
} else {
  results.push({ name: 'prism-warn', error: 'Prism not available (fetch failed)' });
  results.push({ name: 'prism-info', error: 'Prism not available (fetch failed)' });
}

process.stdout.write(
  `RESULT ${JSON.stringify({ pinned: pin, cores, connections: CONNECTIONS, duration: DURATION, warmup: WARMUP, items: JSON.parse(body).data.length, results })}\n`,
);
process.exit(0);
