// pnpm bench (in packages/mock-server): the mock's HTTP server against a bare node:http server sending
// the same bytes, with the same load tool (autocannon), side by side; then the CLI's time to first 200.
// Prints figures; it is not a test and asserts nothing.
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = fileURLToPath(new URL('.', import.meta.url));
const cli = join(here, '../dist/cli.js');
const KEY = 'demo-key-all-scopes';
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

// On a machine with 2+ cores the servers run on the last core and the load tool on the others (taskset,
// when available), so that the two do not compete for one core and the comparison is of the servers.
const cores = availableParallelism();
const pin = cores >= 2 && spawnSync('taskset', ['-V']).status === 0;
if (pin) spawnSync('taskset', ['-cp', `0-${cores - 2}`, String(process.pid)]);

function start(args) {
  const command = pin ? 'taskset' : process.execPath;
  const argv = pin ? ['-c', String(cores - 1), process.execPath, ...args] : args;
  const child = spawn(command, argv, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const url = /listening on (http:\/\/\S+)/.exec(out)?.[1];
      if (url) resolve({ child, url });
    });
    child.on('exit', (code) => reject(new Error(`${args.join(' ')} exited with ${code}`)));
  });
}

/** CPU seconds a process has used (Linux /proc; null elsewhere). */
function cpuSeconds(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

/** Runs the load against a server and measures the server's own CPU time per request. */
async function measure(server, url, headers) {
  const pid = server.child.pid;
  const before = cpuSeconds(pid);
  const result = await load(url, headers);
  const after = cpuSeconds(pid);
  result.cpuUsPerRequest =
    before === null || after === null ? null : ((after - before) * 1e6) / result.requests.total;
  return result;
}

function load(url, headers) {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

async function stop(child) {
  child.removeAllListeners('exit');
  child.kill('SIGTERM');
  await new Promise((resolve) => child.once('exit', resolve));
}

async function startupMs() {
  const t0 = performance.now();
  const { child, url } = await start([cli, '--port', '0']);
  for (;;) {
    const res = await fetch(`${url}/v1/health`).catch(() => null);
    if (res?.status === 200) break;
  }
  const ms = performance.now() - t0;
  await stop(child);
  return ms;
}

// The operation: GET /v1/agents, a full page of 20, authenticated, rate limit on with a high limit.
const mock = await start([cli, '--port', '0', '--rate-limit', '1000000000']);
for (let i = 0; i < 20; i++) {
  await fetch(`${mock.url}/v1/agents`, {
    method: 'POST',
    headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
    body: JSON.stringify({ name: `Bench agent ${i}`, description: 'An agent for the benchmark.' }),
  });
}
const path = '/v1/agents?limit=20';
const sample = await fetch(`${mock.url}${path}`, { headers: { 'x-api-key': KEY } });
const body = await sample.text();
const headers = Object.fromEntries(
  [...sample.headers].filter(
    ([k]) =>
      !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k),
  ),
);
const file = join(tmpdir(), `bare-${process.pid}.json`);
writeFileSync(file, JSON.stringify({ headers, body }));
const bare = await start([join(here, 'bare-server.mjs'), file]);
const serialising = await start([join(here, 'bare-server.mjs'), file, '--stringify']);

console.log(
  `GET ${path}: ${body.length} bytes, ${JSON.parse(body).data.length} items; ${CONNECTIONS} connections, ${DURATION} s each\n`,
);
await load(`${bare.url}${path}`, { 'x-api-key': KEY }); // warm-up
const bareResult = await measure(bare, `${bare.url}${path}`, { 'x-api-key': KEY });
await load(`${serialising.url}${path}`, { 'x-api-key': KEY }); // warm-up
const serialisingResult = await measure(serialising, `${serialising.url}${path}`, {
  'x-api-key': KEY,
});
await load(`${mock.url}${path}`, { 'x-api-key': KEY }); // warm-up
const mockResult = await measure(mock, `${mock.url}${path}`, { 'x-api-key': KEY });
await stop(bare.child);
await stop(serialising.child);
await stop(mock.child);

const cpu = (r) => (r.cpuUsPerRequest === null ? 'n/a' : r.cpuUsPerRequest.toFixed(0));
const row = (name, r) =>
  `| ${name.padEnd(22)} | ${String(Math.round(r.requests.average)).padStart(8)} | ${String(r.latency.p50).padStart(7)} | ${String(r.latency.p99).padStart(7)} | ${String(r.non2xx).padStart(6)} | ${cpu(r).padStart(15)} |`;
console.log(
  '| server                 |    req/s | p50 ms  | p99 ms  | non-2xx | server CPU µs/req |',
);
console.log('|------------------------|---------:|--------:|--------:|-------:|----------------:|');
console.log(row('bare node:http', bareResult));
console.log(row('bare + JSON.stringify', serialisingResult));
console.log(row('agent-platform-mock', mockResult));
console.log(
  `\nmock / bare: ${(mockResult.requests.average / bareResult.requests.average).toFixed(2)} (target >= 0.50)`,
);
if (mockResult.cpuUsPerRequest && bareResult.cpuUsPerRequest) {
  // The same ratio in server CPU time per request: less sensitive to other load on the machine.
  const cpuRatio = (bareResult.cpuUsPerRequest / mockResult.cpuUsPerRequest).toFixed(2);
  console.log(`server CPU per request, bare / mock: ${cpuRatio}`);
}
console.log(
  `mock / (bare + JSON.stringify): ${(mockResult.requests.average / serialisingResult.requests.average).toFixed(2)}\n`,
);

const startups = [];
for (let i = 0; i < 7; i++) startups.push(await startupMs());
startups.sort((a, b) => a - b);
console.log(
  `CLI start to first 200 (7 runs): median ${startups[3].toFixed(0)} ms, min ${startups[0].toFixed(0)} ms, max ${startups[6].toFixed(0)} ms (target <= 300 ms)`,
);
