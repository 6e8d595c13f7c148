// node bench/soak.mjs [requests]: a long run against the HTTP server (default 1,000,000 requests,
// GET /v1/agents with the demo key), sampling the server's resident memory; prints the figures.
// The request journal and delivery queues are bounded, so RSS should settle: within 50 MB of its
// start plus the state created (this run creates none). A bench: it asserts nothing.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const cli = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const TOTAL = Number(process.argv[2] ?? 1_000_000);

const child = spawn(process.execPath, [cli, '--port', '0', '--rate-limit', '1000000000'], {
  stdio: ['ignore', 'pipe', 'inherit'],
});
const url = await new Promise((resolve) => {
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
    const found = /listening on (\S+)/.exec(out)?.[1];
    if (found) resolve(found);
  });
});

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
      url: `${url}/v1/agents?limit=20`,
      headers: { 'x-api-key': 'demo-key-all-scopes' },
      connections: 32,
      amount: TOTAL,
    },
    (error, r) => (error ? reject(error) : resolve(r)),
  ),
);
clearInterval(timer);
const ended = rssMb();
child.kill('SIGTERM');

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
