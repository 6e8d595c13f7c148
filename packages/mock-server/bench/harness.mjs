// The pieces the HTTP benchmarks share (this package's `pnpm bench` and the root's bench/http.mjs):
// core pinning, servers started and stopped with time limits, the load, and the server's CPU per request.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';

/** The demo key of the CLI's demo seed. */
export const KEY = 'demo-key-all-scopes';

/** The operation every HTTP row measures: a full page of 20 agents, authenticated. */
export const PAGE_PATH = '/v1/agents?limit=20';

/**
 * On 2+ cores with taskset, moves this process (the load tool) off the last core and returns the
 * servers' launcher for it, so that load and server do not compete for one core.
 */
export function pinCores() {
  const cores = availableParallelism();
  const pin = cores >= 2 && spawnSync('taskset', ['-V']).status === 0;
  if (pin) spawnSync('taskset', ['-cp', `0-${cores - 2}`, String(process.pid)]);
  return { pin, cores, serverCore: cores - 1 };
}

/** Starts and stops server processes (pinned when `pin`), killing any left on exit or a signal. */
export function createServers({ pin, serverCore }) {
  const children = new Set();
  const killAll = () => {
    for (const child of children) child.kill('SIGKILL');
  };
  process.on('exit', killAll);
  for (const signal of ['SIGTERM', 'SIGINT']) {
    process.on(signal, () => {
      killAll();
      process.exit(1);
    });
  }

  /** A server process; taskset execs node, so the child's pid is the server's for /proc. */
  function spawnServer(args) {
    const command = pin ? 'taskset' : process.execPath;
    const argv = pin ? ['-c', String(serverCore), process.execPath, ...args] : args;
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

  /** Stops a server: SIGTERM, then SIGKILL after 5 s. */
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

  return { spawnServer, start, stop };
}

/** A TCP port free on 127.0.0.1 right now (bound, then released). */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls GET `url` every `intervalMs` until it answers (with 200 when `need200`); throws when `child`
 * exits first (with the tail of `output()`) or after `ms`.
 */
export async function waitForAnswer(
  url,
  { child, output = () => '', need200 = false, ms = 60_000, intervalMs = 20 },
) {
  const deadline = performance.now() + ms;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`exited with ${child.exitCode ?? child.signalCode}: ${output().slice(-300)}`);
    }
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) }).catch(() => null);
    if (res) {
      await res.arrayBuffer();
      if (!need200 || res.status === 200) return;
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  throw new Error(`no answer from ${url} within ${ms} ms`);
}

/** CPU seconds a process has used (Linux /proc; null elsewhere). */
export function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

function load(url, { connections, duration }) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers: { 'x-api-key': KEY }, connections, duration }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

const perRequest = (before, after, total) =>
  before === null || after === null || total === 0 ? null : ((after - before) * 1e6) / total;

/**
 * Warms a server up, then loads PAGE_PATH and measures throughput, latency and the server's CPU per
 * request. A proxy's `server.upstream` (the child it forwards to) has its CPU measured apart.
 */
export async function measure(server, { connections, duration, warmup }) {
  const url = `${server.url}${PAGE_PATH}`;
  const sample = await fetch(url, { headers: { 'x-api-key': KEY } });
  const bytes = (await sample.arrayBuffer()).byteLength;
  if (warmup > 0) await load(url, { connections, duration: warmup });
  const before = cpuSeconds(server.child.pid);
  const upstreamBefore = server.upstream ? cpuSeconds(server.upstream.pid) : null;
  const r = await load(url, { connections, duration });
  const after = cpuSeconds(server.child.pid);
  const upstreamAfter = server.upstream ? cpuSeconds(server.upstream.pid) : null;
  return {
    status: sample.status,
    bytes,
    rps: r.requests.average,
    total: r.requests.total,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
    cpuUsPerRequest: perRequest(before, after, r.requests.total),
    ...(server.upstream && {
      upstreamCpuUsPerRequest: perRequest(upstreamBefore, upstreamAfter, r.requests.total),
    }),
  };
}

/**
 * Fills the running mock with 20 agents (beside the demo seed's) and writes the page it answers, with
 * its headers, to `<dir>/bare-page.json` for bare-server.mjs to send as is.
 */
export async function preparePage(mockUrl, dir) {
  for (let i = 0; i < 20; i++) {
    const res = await fetch(`${mockUrl}/v1/agents`, {
      method: 'POST',
      headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
      body: JSON.stringify({
        name: `Bench agent ${i}`,
        description: 'An agent for the benchmark.',
      }),
    });
    await res.arrayBuffer();
  }
  const sample = await fetch(`${mockUrl}${PAGE_PATH}`, { headers: { 'x-api-key': KEY } });
  const body = await sample.text();
  const skip = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];
  const headers = Object.fromEntries([...sample.headers].filter(([k]) => !skip.includes(k)));
  const pageFile = join(dir, 'bare-page.json');
  writeFileSync(pageFile, JSON.stringify({ headers, body }));
  return { pageFile, bytes: body.length, items: JSON.parse(body).data.length };
}
