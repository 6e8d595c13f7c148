// `pnpm bench` at the root (after `pnpm build`): all the benchmarks side by side in one run, printed as
// one markdown table with ratios, with the machine it ran on. Benchmarks print figures; they are not
// tests, assert nothing and are not part of `pnpm test`.
//
//   1. HTTP: GET /v1/agents?limit=20 on the mock's server, a bare node:http server (same bytes),
//      Prism 5.14.2's mock of spec/openapi.yaml, and the contract proxies (the mock's and Prism's) in
//      front of the mock, with autocannon (bench/http.mjs).
//   2. Startup: the mock CLI vs Prism, spawn to first answer to GET /v1/health (bench/startup.mjs).
//   3. The SDK vs bare openapi-fetch (packages/sdk/bench/interleaved.mjs, run as it is).
//   4. verifyWebhookSync vs bare createHmac + timingSafeEqual (bench/webhook.mjs).
//   5. One big workspace: list pages (filtered ones too), a get, a create and exportState as it grows
//      to 1k, 20k and 100k contacts and conversations, in-process (bench/big.mjs).
//
// Prism is fetched on demand with npx (not a dependency). If it cannot be fetched or started, its rows
// say so and the rest runs. Every child has a time limit and runs in its own process group, killed
// whole on the limit or on exit; the temp dir is removed on exit.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { cpus, freemem, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const here = fileURLToPath(new URL('.', import.meta.url));
// BENCH_PRISM: another package spec to fetch (default the version the table is about).
const PRISM = process.env.BENCH_PRISM ?? '@stoplight/prism-cli@5.14.2';
// BENCH_PARTS: which parts to run, comma-separated (default all); the others leave no rows.
const PARTS = ['http', 'startup', 'sdk', 'webhook', 'big'];
const parts = new Set(process.env.BENCH_PARTS?.split(',').map((p) => p.trim()) ?? PARTS);
for (const part of parts) {
  if (!PARTS.includes(part)) {
    process.stderr.write(
      `bench: BENCH_PARTS: unknown part "${part}" (one of ${PARTS.join(', ')})\n`,
    );
    process.exit(2);
  }
}
const skipped = { skipped: true };

const tmp = mkdtempSync(join(tmpdir(), 'agent-platform-bench-'));
const groups = new Set();
function cleanup() {
  for (const pid of groups) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {}
  }
  groups.clear();
  rmSync(tmp, { recursive: true, force: true });
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    process.stderr.write(`bench: ${signal}, cleaning up\n`);
    process.exit(130);
  });
}

/** Runs a command in its own process group with a time limit; resolves with its output (never rejects). */
function runChild(command, args, { limitMs, cwd = root, label = command } = {}) {
  return new Promise((resolve) => {
    const t0 = performance.now();
    const child = spawn(command, args, { cwd, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    groups.add(child.pid);
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    child.stdout.on('data', (d) => {
      stdout += d;
    });
    child.stderr.on('data', (d) => {
      stderr = (stderr + d).slice(-4000);
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
    }, limitMs);
    const done = (code, error) => {
      clearTimeout(timer);
      // Whatever the child left behind in its group (servers) goes with it.
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {}
      groups.delete(child.pid);
      const ms = performance.now() - t0;
      const failure = timedOut
        ? `${label}: time limit of ${limitMs / 1000} s reached`
        : error
          ? `${label}: ${error.message}`
          : code !== 0
            ? `${label}: exit ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}`
            : null;
      resolve({ ok: !failure, failure, stdout, stderr, ms });
    };
    child.on('error', (error) => done(null, error));
    child.on('close', (code) => done(code));
  });
}

function parseResult(run) {
  if (!run.ok) return { error: run.failure };
  const line = run.stdout.split('\n').find((l) => l.startsWith('RESULT '));
  if (!line) return { error: `no RESULT line: ${run.stderr.slice(-300)}` };
  return JSON.parse(line.slice(7));
}

function section(title) {
  process.stderr.write(`\n== ${title}\n`);
}

// Machine.
const cpuModel =
  /model name\s*:\s*(.*)/.exec(
    existsSync('/proc/cpuinfo') ? readFileSync('/proc/cpuinfo', 'utf8') : '',
  )?.[1] ??
  cpus()[0]?.model ??
  'unknown';
const gib = (b) => `${(b / 2 ** 30).toFixed(1)} GiB`;
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
const loadBefore = load();
const started = new Date();

// Prism, fetched on demand: npx once (fetch, or the npx cache), then the path of its CLI script, so
// that the timed runs are `node <prism cli js>` and npx's own resolution is not in them.
const needPrism = parts.has('http') || parts.has('startup');
if (needPrism) section(`fetching ${PRISM} with npx`);
let prismJs = null;
let prismVersion = null;
let prismNote = null;
let npxResolveMs = null;
if (needPrism) {
  const fetched = await runChild('npx', ['--yes', PRISM, '--version'], {
    limitMs: 300_000,
    cwd: tmp,
    label: `npx ${PRISM} --version`,
  });
  if (!fetched.ok) {
    prismNote = fetched.failure.split(' | ')[0].slice(0, 200);
  } else {
    prismVersion = fetched.stdout.trim().split('\n').at(-1);
    const resolved = await runChild('npx', ['--yes', '-p', PRISM, '-c', 'command -v prism'], {
      limitMs: 120_000,
      cwd: tmp,
      label: 'npx -c "command -v prism"',
    });
    npxResolveMs = resolved.ms;
    const bin = resolved.stdout.trim().split('\n').at(-1);
    if (!resolved.ok || !bin) {
      prismNote = resolved.failure ?? 'could not resolve the prism binary';
    } else {
      try {
        prismJs = realpathSync(bin);
      } catch (error) {
        prismNote = `could not resolve ${bin}: ${error.message}`;
      }
    }
  }
  process.stderr.write(prismJs ? `Prism ${prismVersion}: ${prismJs}\n` : `Prism: ${prismNote}\n`);
}
const prismArgs = prismJs ? [prismJs] : [];

if (parts.has('http')) section('HTTP: GET /v1/agents?limit=20 (about 110 s)');
const http = !parts.has('http')
  ? skipped
  : parseResult(
      await runChild(process.execPath, [join(here, 'http.mjs'), tmp, ...prismArgs], {
        limitMs: 600_000,
        label: 'bench/http.mjs',
      }),
    );
if (parts.has('startup')) section('startup: spawn to first answer to GET /v1/health');
const startup = !parts.has('startup')
  ? skipped
  : parseResult(
      await runChild(process.execPath, [join(here, 'startup.mjs'), ...prismArgs], {
        limitMs: 600_000,
        label: 'bench/startup.mjs',
      }),
    );
if (parts.has('sdk')) section('SDK vs bare openapi-fetch');
const sdkRun = !parts.has('sdk')
  ? skipped
  : await runChild(process.execPath, [join(root, 'packages/sdk/bench/interleaved.mjs')], {
      limitMs: 300_000,
      cwd: join(root, 'packages/sdk'),
      label: 'packages/sdk/bench/interleaved.mjs',
    });
/** A part that is a script of this directory printing its RESULT line: run it, or skip it. */
const scriptPart = async (part, title, script, limitMs) => {
  if (!parts.has(part)) return skipped;
  section(title);
  return parseResult(
    await runChild(process.execPath, [join(here, script)], { limitMs, label: `bench/${script}` }),
  );
};
const webhook = await scriptPart(
  'webhook',
  'verifyWebhookSync vs bare createHmac',
  'webhook.mjs',
  300_000,
);
const big = await scriptPart(
  'big',
  'one big workspace: 1k, 20k, 100k contacts and conversations',
  'big.mjs',
  600_000,
);
const loadAfter = load();

// The table.
const n = (x, digits = 0) =>
  x.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const r = (x) => (x >= 10 ? x.toFixed(0) : x >= 1 ? x.toFixed(2) : x.toFixed(3).replace(/0$/, ''));
const rows = [];
const row = (benchmark, subject, result, ratio) => rows.push([benchmark, subject, result, ratio]);

// 1. HTTP.
if (!http.skipped) {
  const B = 'HTTP `GET /v1/agents?limit=20` ¹';
  if (http.error) {
    row(B, 'all', `failed: ${http.error}`, '');
  } else {
    const by = Object.fromEntries(http.results.map((x) => [x.name, x]));
    const base = by.bare;
    const us = (v) => (v === null || v === undefined ? 'n/a' : n(v));
    // A proxy's CPU is its own process's; the upstream mock's is apart, after the `+`.
    const cpu = (x) =>
      'upstreamCpuUsPerRequest' in x
        ? `${us(x.cpuUsPerRequest)} µs proxy CPU/req + ${us(x.upstreamCpuUsPerRequest)} µs upstream mock's`
        : `${us(x.cpuUsPerRequest)} µs server CPU/req`;
    const fig = (x) =>
      `${n(x.rps)} req/s · p50 ${x.p50} ms · p99 ${x.p99} ms · ${cpu(x)} · ${n(x.bytes)} B` +
      (x.non2xx || x.errors ? ` · **${x.non2xx} non-2xx, ${x.errors} errors**` : '') +
      (x.status !== 200 ? ` · **status ${x.status}**` : '') +
      (x.violations ? ` · **${n(x.violations)} violations reported**` : '');
    const ratio = (x) =>
      base?.rps && x.rps
        ? `${r(x.rps / base.rps)}× req/s` +
          (base.cpuUsPerRequest && x.cpuUsPerRequest
            ? `, ${r(x.cpuUsPerRequest / base.cpuUsPerRequest)}× CPU/req`
            : '')
        : '';
    // A proxy row against the mock served directly: throughput, the proxy's own CPU per request, and
    // the proxy's and the upstream mock's together (what the chain costs).
    const mock = by.mock;
    const againstMock = (x) => {
      if (!mock?.rps || !x.rps) return '';
      let text = `${r(x.rps / mock.rps)}× the mock's req/s`;
      if (mock.cpuUsPerRequest && x.cpuUsPerRequest) {
        text += `, proxy ${r(x.cpuUsPerRequest / mock.cpuUsPerRequest)}× its CPU/req`;
        if (x.upstreamCpuUsPerRequest) {
          text += ` (${r((x.cpuUsPerRequest + x.upstreamCpuUsPerRequest) / mock.cpuUsPerRequest)}× with the upstream's)`;
        }
      }
      return text;
    };
    const prism = prismVersion ?? PRISM.split('@').at(-1);
    const names = {
      bare: 'bare node:http, same bytes (baseline)',
      'bare-stringify': 'bare node:http + JSON.stringify per request',
      mock: '**agent-platform-mock** (`dist/cli.js`)',
      'prism-warn': `Prism ${prism} mock, \`-v warn\` ²`,
      'prism-info': `Prism ${prism} mock, default \`-v info\` ²`,
      'mock-proxy': '**agent-platform-mock proxy** in front of the mock ⁶',
      'prism-proxy': `Prism ${prism} proxy in front of the mock, \`-v warn\` ⁶`,
    };
    for (const [key, label] of Object.entries(names)) {
      const x = by[key];
      if (!x) continue;
      if (x.error) {
        row(B, label, `not measured: ${x.error}`, '');
        continue;
      }
      let ratioText = key === 'bare' ? '1' : key.endsWith('-proxy') ? againstMock(x) : ratio(x);
      if (key === 'prism-proxy' && by['mock-proxy']?.rps) {
        ratioText += `; mock's proxy = ${r(by['mock-proxy'].rps / x.rps)}× its req/s`;
      } else if (key.startsWith('prism') && mock?.rps) {
        ratioText += `; mock = ${r(mock.rps / x.rps)}× its req/s`;
      }
      row(B, label, fig(x), ratioText);
    }
  }
}

// 2. Startup.
if (!startup.skipped) {
  const B = 'CLI startup to first answer on `/v1/health` ³';
  const fig = (x) => `median ${n(x.median)} ms (min ${n(x.min)}, max ${n(x.max)}; ${x.runs} runs)`;
  const mock = startup.error ? { error: startup.error } : startup.mock;
  const prism = startup.error ? { error: startup.error } : startup.prism;
  row(
    B,
    'agent-platform-mock, first 200 (baseline)',
    mock.error ?? fig(mock),
    mock.error ? '' : '1',
  );
  row(
    B,
    `Prism ${prismVersion ?? PRISM.split('@').at(-1)}, first answer (\`node <prism js>\`)`,
    prism.error ? `not measured: ${prismNote ?? prism.error}` : fig(prism),
    prism.error || mock.error ? '' : `${r(prism.median / mock.median)}× time`,
  );
}

// 3. SDK.
if (!sdkRun.skipped) {
  const B = 'SDK vs bare openapi-fetch, in-process fetch ⁴';
  const lines = sdkRun.stdout
    .split('\n')
    .map((l) =>
      /^(GET|POST)\s+(\S+)\s+bare openapi-fetch ([\d.]+) us\s+SDK ([\d.]+) us\s+ratio ([\d.]+)x/.exec(
        l,
      ),
    )
    .filter(Boolean);
  if (!sdkRun.ok || lines.length === 0) {
    row(B, 'all', `failed: ${sdkRun.failure ?? 'no figures in its output'}`, '');
  }
  for (const [, method, path, bare, sdk, ratio] of lines) {
    row(B, `\`${method} ${path}\` bare openapi-fetch (baseline)`, `${bare} µs/call`, '1');
    row(B, `\`${method} ${path}\` SDK`, `${sdk} µs/call`, `${ratio}× time`);
  }
}

// 4. Webhooks.
if (!webhook.skipped) {
  const B = 'Webhook verification, Variant B ⁵';
  if (webhook.error) {
    row(B, 'all', `failed: ${webhook.error}`, '');
  } else {
    const labels = {
      bare: 'bare createHmac + timingSafeEqual (baseline)',
      'bare-parse': 'bare createHmac + timingSafeEqual + JSON.parse',
      floor: 'floor: key made once + createHmac + timingSafeEqual + JSON.parse',
      verifyWebhookSync: '**verifyWebhookSync**',
    };
    for (const size of ['1 KiB', '64 KiB']) {
      const of = Object.fromEntries(
        webhook.results.filter((x) => x.size === size).map((x) => [x.name, x]),
      );
      for (const [key, label] of Object.entries(labels)) {
        const x = of[key];
        let ratio = key === 'bare' ? '1' : `${r(x.bestUs / of.bare.bestUs)}× time`;
        if (key === 'floor') {
          // The most any verify-and-parse can reach of a bare HMAC's operations per second.
          ratio += `: at best ${r(of.bare.bestUs / x.bestUs)}× bare's ops/s`;
        }
        if (key === 'verifyWebhookSync') {
          ratio += `; ${r(x.bestUs / of['bare-parse'].bestUs)}× bare + parse; ${r(x.bestUs / of.floor.bestUs)}× the floor`;
        }
        row(
          `${B}, ${size}`,
          label,
          `${n(x.bestUs, x.bestUs < 100 ? 2 : 1)} µs/call (median round ${n(x.medianUs, x.medianUs < 100 ? 2 : 1)})`,
          ratio,
        );
      }
    }
  }
}

// 5. One big workspace.
if (!big.skipped) {
  const B = 'One workspace of N contacts and N conversations, in-process ⁷';
  if (big.error) {
    row(B, 'all', `failed: ${big.error}`, '');
  } else {
    const first = big.results[0];
    const lastN = big.results.at(-1);
    const k = (x) => (x >= 1000 ? `${x / 1000}k` : String(x));
    for (const op of Object.keys(first).filter((key) => key !== 'n' && key !== 'importMs')) {
      row(
        B,
        `\`${op}\``,
        big.results.map((x) => `N=${k(x.n)}: ${n(x[op])} µs`).join(' · '),
        `N=${k(lastN.n)} ${r(lastN[op] / first[op])}× N=${k(first.n)}`,
      );
    }
  }
}

const out = [];
out.push(
  `Run: \`pnpm bench\`${parts.size < PARTS.length ? ` (BENCH_PARTS=${[...parts].join(',')})` : ''}, ${started.toISOString().replace(/\.\d+Z$/, 'Z')}`,
);
out.push('');
out.push(`- CPU: ${cpuModel}, ${cpus().length} cores`);
out.push(`- Memory: ${gib(totalmem())} total, ${gib(freemem())} free at the end`);
out.push(`- Node ${process.version}, ${process.platform} ${process.arch}`);
out.push(`- Load average (1, 5, 15 min): ${loadBefore} at the start, ${loadAfter} at the end`);
if (!http.error && !http.skipped) {
  out.push(
    `- HTTP: autocannon, ${http.connections} connections, ${http.warmup} s warm-up + ${http.duration} s per server, ` +
      (http.pinned
        ? `servers pinned to the last core and the load tool to the others (taskset); a proxy and its upstream mock share the servers' core`
        : 'not pinned (no taskset or 1 core)'),
  );
}
if (npxResolveMs !== null) {
  out.push(
    `- Prism: ${prismVersion} via npx; npx's own resolution from its cache took ${n(npxResolveMs)} ms (once, not in the startup rows)`,
  );
} else if (prismNote) {
  out.push(`- Prism: not available: ${prismNote}`);
}
out.push('');
out.push('| Benchmark | Subject | Result | Ratio to the baseline |');
out.push('|---|---|---|---|');
for (const cells of rows) out.push(`| ${cells.map((c) => c.replaceAll('|', '\\|')).join(' | ')} |`);
out.push('');
out.push(
  '¹ Same load tool and settings for every server. The mock answers from its store: on every request it',
  'checks the key and its scope, applies the rate limit and validates the query; the page JSON is made',
  'once per version of the agents table. The bare server sends bytes captured from the mock (the',
  'ceiling); the second bare server JSON.stringify-s the same page per request.',
  '² Prism validates the request and the key (the x-api-key header is sent) and answers the static',
  "example of the spec, one item, not the mock's 20-item page: it is not the same bytes.",
  '³ `node <cli js>` on a free port, alternating mock and Prism, polled every few ms from the same',
  'process; the mock must answer 200, Prism any HTTP status. Ratio: Prism time / mock time.',
  '⁴ packages/sdk/bench/interleaved.mjs as it is: a canned in-process fetch, pairs of rounds of 2,000',
  "calls, median time of each. Ratio: the median of the pairs' SDK time / openapi-fetch time.",
  '⁵ The built dist/node.js, alternating rounds, fastest round of each (median round in brackets).',
  'verifyWebhookSync also parses the JSON and checks the envelope. The floor row is the least work that',
  'returns a parsed event (key made once, body decoded and parsed): its ratio is the best any can reach.',
  '⁶ The proxy forwards to the mock of the rows above (same page) and validates request and answer.',
  "CPU/req: the proxy process's own, then the upstream mock's, measured apart. Both run on the",
  "servers' core and the load tool keeps the other, as in every HTTP row: the server side has one core",
  'whichever row, so req/s is what the chain (proxy + mock) does on the same CPU as the mock alone, and',
  "the load tool neither competes with the mock nor is starved by it. Ratios are to the mock's row.",
  '⁷ bench/big.mjs: createMockServer from dist, answers through mock.fetch, the demo state with N',
  'contacts and conversations more (state import). List pages of 20: `desc` the first (the default',
  'order), `asc` the first oldest first, `last` the last page, `q` a search; conversations by',
  '`contact_id` (one of N) and by `agent_id` (all N); `chats` (all N open), `chats human` (none); a',
  'contacts page is read right after a write to the table (no cached page). Mean µs per operation',
  'after 20 warm-up ones (state exports: 1). Ratio: the largest N against the smallest (1 = flat).',
);
process.stdout.write(`\n${out.join('\n')}\n`);
