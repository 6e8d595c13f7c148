// Part of `pnpm bench` (bench/run.mjs): GET /v1/agents?limit=20, authenticated, on the mock's HTTP
// server, a bare node:http server sending the same bytes (and one that JSON.stringify's the page per
// request), Prism's mock of the same spec, and two contract proxies in front of the mock (the mock's
// `proxy` subcommand and Prism's `proxy`), with the same load tool and settings, one after the other
// in this process. The measurement is the mock package's (packages/mock-server/bench/harness.mjs);
// this file adds Prism and the proxies. Prints one JSON line (`RESULT {...}`) for run.mjs, which runs
// it in its own process group and kills that group on a time limit.
//
// Usage: node bench/http.mjs <tmp dir> [<prism cli js>]
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mockDir = join(root, 'packages/mock-server');
const { KEY, PAGE_PATH, createServers, freePort, measure, pinCores, preparePage, waitForAnswer } =
  await import(pathToFileURL(join(mockDir, 'bench/harness.mjs')).href);
const cli = join(mockDir, 'dist/cli.js');
const bareServer = join(mockDir, 'bench/bare-server.mjs');
const spec = join(root, 'spec/openapi.yaml');
const [tmp, prismJs] = process.argv.slice(2);

const settings = {
  duration: Number(process.env.BENCH_SECONDS ?? 10),
  warmup: Number(process.env.BENCH_WARMUP_SECONDS ?? 3),
  connections: Number(process.env.BENCH_CONNECTIONS ?? 32),
};

const cores = pinCores();
const { spawnServer, start, stop } = createServers(cores);

/**
 * Starts Prism on a free port (`mock`, or `proxy` to `upstream`) and waits for any HTTP answer to
 * GET /v1/health.
 */
async function startPrism(verboseLevel, { upstream, ms = 60_000 } = {}) {
  const port = await freePort();
  const command = upstream ? ['proxy', spec, upstream] : ['mock', spec];
  const child = spawnServer([
    prismJs,
    ...command,
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
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(`${url}/v1/health`, { child, output: () => out, ms });
  } catch (error) {
    await stop(child); // not left running on the pinned core while the next row is measured
    throw new Error(`Prism: ${error.message}`);
  }
  return { child, url };
}

/**
 * Loads a server started by `starter` and stops it after; `violations(server)`, for a proxy, counts
 * what it reported over the run. The mock's own row leaves it running (`keep`): it is the proxies'
 * upstream.
 */
async function run(name, starter, { violations, keep = false } = {}) {
  let server;
  try {
    server = await starter();
    const result = { name, ...(await measure(server, settings)) };
    if (violations) result.violations = await violations(server);
    return result;
  } catch (error) {
    return { name, error: String(error?.message ?? error).slice(0, 300) };
  } finally {
    if (server && !keep) await stop(server.child);
  }
}

const KEY_HEADER = { 'x-api-key': KEY };

/** The mock's `proxy` subcommand in front of the mock, on the servers' core as the mock is. */
async function startMockProxy() {
  const proxy = await start([cli, 'proxy', mock.url, '--port', '0']);
  return { ...proxy, upstream: mock.child };
}

/** The violations the mock's proxy recorded over the whole run (its /__mock/violations total). */
async function mockProxyViolations(proxy) {
  const res = await fetch(`${proxy.url}/__mock/violations`, { signal: AbortSignal.timeout(5000) });
  return (await res.json()).total;
}

/** Prism's proxy in front of the mock: the violations it lists on one more request (sl-violations). */
async function prismProxyViolations(proxy) {
  const res = await fetch(`${proxy.url}${PAGE_PATH}`, { headers: KEY_HEADER });
  await res.arrayBuffer();
  const header = res.headers.get('sl-violations');
  return header ? JSON.parse(header).length : 0;
}

// The mock, seeded with 20 agents (plus the demo seed's), rate limit on with a limit it never reaches.
const mock = await start([cli, '--port', '0', '--rate-limit', '1000000000']);
const page = await preparePage(mock.url, tmp);

const results = [];
const noPrism = (name) => results.push({ name, error: 'Prism not available (fetch failed)' });
results.push(await run('bare', () => start([bareServer, page.pageFile])));
results.push(await run('bare-stringify', () => start([bareServer, page.pageFile, '--stringify'])));
results.push(await run('mock', async () => mock, { keep: true }));
// The proxies forward to that same mock (same page, same bytes); it idles on the servers' core in
// between and is stopped before the Prism mock rows.
results.push(await run('mock-proxy', startMockProxy, { violations: mockProxyViolations }));
if (prismJs) {
  results.push(
    await run(
      'prism-proxy',
      async () => ({
        ...(await startPrism('warn', { upstream: mock.url })),
        upstream: mock.child,
      }),
      { violations: prismProxyViolations },
    ),
  );
} else {
  noPrism('prism-proxy');
}
await stop(mock.child);
if (prismJs) {
  results.push(await run('prism-warn', () => startPrism('warn')));
  results.push(await run('prism-info', () => startPrism('info')));
} else {
  noPrism('prism-warn');
  noPrism('prism-info');
}

process.stdout.write(
  `RESULT ${JSON.stringify({ pinned: cores.pin, cores: cores.cores, connections: settings.connections, duration: settings.duration, warmup: settings.warmup, items: page.items, results })}\n`,
);
process.exit(0);
