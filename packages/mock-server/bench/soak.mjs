// node bench/soak.mjs [requests]: a long run against the HTTP server (default 1,000,000 requests of
// PAGE_PATH with the demo key), sampling the server's resident memory; prints the figures.
// The request journal, delivery queues and cached pages are bounded, so RSS should settle: within
// 50 MB of its start plus the state created (this run creates none). A bench: it asserts nothing.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { createServers, KEY, PAGE_PATH } from './harness.mjs';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const TOTAL = Number(process.argv[2] ?? 1_000_000);

const { start, stop } = createServers({ pin: false });
const { child, url } = await start([cli, '--port', '0', '--rate-limit', '1000000000']);

const rssMb = () => {
  const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  return Number(kb) / 1024;
};
const samples = [];
const started = rssMb();
const timer = setInterval(() => samples.push(rssMb()), 1000);

const result = await new Promise((resolve, reject) =>
  autocannon(
    {
      url: `${url}${PAGE_PATH}`,
      headers: { 'x-api-key': KEY },
      connections: 32,
      amount: TOTAL,
    },
    (error, r) => (error ? reject(error) : resolve(r)),
  ),
);
clearInterval(timer);
const ended = rssMb();
await stop(child);

const tenth = samples.slice(0, Math.max(1, Math.floor(samples.length / 10)));
console.log(
  `requests: ${result.requests.total} (${result.non2xx} non-2xx, ${result.errors} errors) in ${result.duration} s`,
);
console.log(
  `server RSS: start ${started.toFixed(1)} MB, after the first tenth ${Math.max(...tenth).toFixed(1)} MB, peak ${Math.max(...samples).toFixed(1)} MB, end ${ended.toFixed(1)} MB`,
);
console.log(
  `growth from start to end: ${(ended - started).toFixed(1)} MB (target: within 50 MB; the run creates no state)`,
);
