// pnpm bench (in packages/mock-server): the mock's HTTP server against a bare node:http server sending
// the same bytes, and one that serialises the page per request, with the same load tool (autocannon),
// side by side; then the CLI's time to first 200. Prints figures; it is not a test and asserts nothing.
// The root's `pnpm bench` (bench/http.mjs) runs the same measurement with Prism beside it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  createServers,
  measure,
  PAGE_PATH,
  pinCores,
  preparePage,
  waitForAnswer,
} from './harness.mjs';

const here = fileURLToPath(new URL('.', import.meta.url));
const cli = join(here, '../dist/cli.js');
const settings = {
  duration: Number(process.env.BENCH_SECONDS ?? 10),
  warmup: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
};

const cores = pinCores();
const { start, stop } = createServers(cores);
const dir = mkdtempSync(join(tmpdir(), 'mock-bench-'));
process.on('exit', () => rmSync(dir, { recursive: true, force: true }));

async function startupMs() {
  const t0 = performance.now();
  const { child, url } = await start([cli, '--port', '0']);
  await waitForAnswer(`${url}/v1/health`, { child, need200: true, ms: 30_000, intervalMs: 0 });
  const ms = performance.now() - t0;
  await stop(child);
  return ms;
}

const mock = await start([cli, '--port', '0', '--rate-limit', '1000000000']);
const page = await preparePage(mock.url, dir);
const bare = await start([join(here, 'bare-server.mjs'), page.pageFile]);
const serialising = await start([join(here, 'bare-server.mjs'), page.pageFile, '--stringify']);

console.log(
  `GET ${PAGE_PATH}: ${page.bytes} bytes, ${page.items} items; ${settings.connections} connections, ${settings.duration} s each; ${cores.pin ? `servers pinned to core ${cores.serverCore}, load tool to the others` : 'not pinned'}\n`,
);
const bareResult = await measure(bare, settings);
const serialisingResult = await measure(serialising, settings);
const mockResult = await measure(mock, settings);
await stop(bare.child);
await stop(serialising.child);
await stop(mock.child);

const cpu = (r) => (r.cpuUsPerRequest === null ? 'n/a' : r.cpuUsPerRequest.toFixed(0));
const row = (name, r) =>
  `| ${name.padEnd(22)} | ${String(Math.round(r.rps)).padStart(8)} | ${String(r.p50).padStart(7)} | ${String(r.p99).padStart(7)} | ${String(r.non2xx).padStart(6)} | ${cpu(r).padStart(15)} |`;
console.log(
  '| server                 |    req/s | p50 ms  | p99 ms  | non-2xx | server CPU µs/req |',
);
console.log('|------------------------|---------:|--------:|--------:|-------:|----------------:|');
console.log(row('bare node:http', bareResult));
console.log(row('bare + JSON.stringify', serialisingResult));
console.log(row('agent-platform-mock', mockResult));
console.log(`\nmock / bare: ${(mockResult.rps / bareResult.rps).toFixed(2)} (target >= 0.50)`);
if (mockResult.cpuUsPerRequest && bareResult.cpuUsPerRequest) {
  // The same ratio in server CPU time per request: less sensitive to other load on the machine.
  const cpuRatio = (bareResult.cpuUsPerRequest / mockResult.cpuUsPerRequest).toFixed(2);
  console.log(`server CPU per request, bare / mock: ${cpuRatio}`);
}
console.log(
  `mock / (bare + JSON.stringify): ${(mockResult.rps / serialisingResult.rps).toFixed(2)}\n`,
);

const startups = [];
for (let i = 0; i < 7; i++) startups.push(await startupMs());
startups.sort((a, b) => a - b);
console.log(
  `CLI start to first 200 (7 runs): median ${startups[3].toFixed(0)} ms, min ${startups[0].toFixed(0)} ms, max ${startups[6].toFixed(0)} ms (target <= 300 ms)`,
);
process.exit(0);
