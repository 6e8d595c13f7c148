// Part of `pnpm bench` (bench/run.mjs): GET /v1/agents?limit=20, authenticated, on the mock's HTTP
// server, a bare node:http server sending the same bytes (and one that JSON.stringify's the page per
// request), and Prism's mock of the same spec, with the same load tool and settings, one after the other
// in this process. The measurement is the mock package's (packages/mock-server/bench/harness.mjs);
// this file adds Prism. Prints one JSON line (`RESULT {...}`) for run.mjs, which runs it in its own
// process group and kills that group on a time limit.
//
// Usage: node bench/http.mjs <tmp dir> [<prism cli js>]
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const mockDir = join(root, 'packages/mock-server');
const { createServers, freePort, measure, pinCores, preparePage, waitForAnswer } = await import(
  pathToFileURL(join(mockDir, 'bench/harness.mjs')).href
);
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
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForAnswer(`${url}/v1/health`, { child, output: () => out, ms });
  } catch (error) {
    await stop(child); // not left running on the pinned core while the next row is measured
    throw new Error(`Prism: ${error.message}`);
  }
  return { child, url };
}

async function run(name, starter) {
  let server;
  try {
    server = await starter();
    return { name, ...(await measure(server, settings)) };
  } catch (error) {
    return { name, error: String(error?.message ?? error).slice(0, 300) };
  } finally {
    if (server) await stop(server.child);
  }
}

// The mock, seeded with 20 agents (plus the demo seed's), rate limit on with a limit it never reaches.
const mock = await start([cli, '--port', '0', '--rate-limit', '1000000000']);
const page = await preparePage(mock.url, tmp);

const results = [];
results.push(await run('bare', () => start([bareServer, page.pageFile])));
results.push(await run('bare-stringify', () => start([bareServer, page.pageFile, '--stringify'])));
results.push(await run('mock', async () => mock));
if (prismJs) {
  results.push(await run('prism-warn', () => startPrism('warn')));
  results.push(await run('prism-info', () => startPrism('info')));
} else {
  results.push({ name: 'prism-warn', error: 'Prism not available (fetch failed)' });
  results.push({ name: 'prism-info', error: 'Prism not available (fetch failed)' });
}

process.stdout.write(
  `RESULT ${JSON.stringify({ pinned: cores.pin, cores: cores.cores, connections: settings.connections, duration: settings.duration, warmup: settings.warmup, items: page.items, results })}\n`,
);
process.exit(0);
