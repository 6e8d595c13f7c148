import { copyFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holdPort } from '../../../../test/support/hold-port.js';
import { AGENT, ANSWER_HEADERS, page } from '../support/proxy-answers.js';
import { type Run, spawnRun } from '../support/spawn-run.js';

// `agent-platform-mock proxy` as CI runs it: the built CLI in front of a broken upstream, a line
// per violation on stderr, the list at /__mock/violations, and exit code 1 on SIGTERM after any.

const root = fileURLToPath(new URL('../..', import.meta.url));
let dir: string;
let upstream: Server;
let upstreamUrl: string;
const held: import('node:http').ServerResponse[] = [];
let heard: (() => void) | undefined;

const HEADERS = { 'content-type': 'application/json', ...ANSWER_HEADERS };

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'proxy-cli-'));
  await build({
    entry: { cli: `${root}src/transports/cli.ts` },
    format: ['esm'],
    outDir: join(dir, 'dist'),
    silent: true,
    config: false,
  });
  // Where the built CLI looks for it (--version), laid out as the package is.
  await copyFile(join(root, 'package.json'), join(dir, 'package.json'));
  // GET /v1/health conforms; GET /v1/agents answers an agent whose status is not one of the spec's.
  const agent = { ...AGENT, status: 'paused' };
  upstream = createServer((req, res) => {
    // GET /v1/me never answers (until the test ends): a request in flight holds the proxy open.
    if (req.url === '/v1/me') {
      held.push(res);
      return void heard?.();
    }
    if (req.url === '/v1/health') {
      res.writeHead(200, HEADERS);
      return void res.end(JSON.stringify({ status: 'ok', timestamp: '2024-01-01T00:00:00Z' }));
    }
    res.writeHead(200, HEADERS);
    res.end(JSON.stringify(page([agent])));
  });
  await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
  upstreamUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
}, 60_000);

afterAll(async () => {
  for (const res of held) res.destroy();
  upstream.closeAllConnections();
  await new Promise<void>((resolve) => upstream.close(() => resolve()));
  await rm(dir, { recursive: true, force: true });
});

function run(args: string[]): Run {
  return spawnRun(process.execPath, [join(dir, 'dist/cli.js'), ...args]);
}

/** Waits until `text()` holds `count` lines (or the process exits), then gives them. */
async function lines(text: () => string, count: number, exit: Promise<unknown>): Promise<string[]> {
  let exited = false;
  void exit.then(() => {
    exited = true;
  });
  while (text().split('\n').length <= count && !exited) await new Promise((r) => setTimeout(r, 20));
  return text().split('\n').slice(0, count);
}

async function started(r: Run): Promise<string> {
  const [banner] = await lines(r.stdout, 1, r.exit);
  const url = /listening on (http:\/\/\S+)/.exec(banner ?? '')?.[1];
  if (!url) throw new Error(`no banner: ${r.stdout()} ${r.stderr()}`);
  return url;
}

describe('agent-platform-mock proxy', () => {
  it('prints a line per violation on stderr, lists them, and exits 1 on SIGTERM after any', async () => {
    const r = run(['proxy', upstreamUrl, '--port', '0']);
    try {
      const url = await started(r);
      expect(r.stdout()).toMatch(
        new RegExp(
          `^agent-platform-mock proxy listening on http://127\\.0\\.0\\.1:\\d+ \\| upstream ${upstreamUrl} \\| errors off \\| violations: `,
        ),
      );
      const res = await fetch(`${url}/v1/agents`, { headers: { 'x-api-key': 'k' } });
      expect(res.status).toBe(200);
      expect(res.headers.get('x-contract-violations')).toBe('1');
      const stderr = await lines(r.stderr, 1, r.exit);
      expect(stderr).toEqual([
        'agent-platform-mock: violation response GET /v1/agents 200 data[0].status: must be one of "active", "inactive" (enum)',
      ]);
      const listed = (await (await fetch(`${url}/__mock/violations`)).json()) as { total: number };
      expect(listed.total).toBe(1);
      // Cleared, the log is empty; the run has still seen them, and says so in its exit code.
      expect((await fetch(`${url}/__mock/violations`, { method: 'DELETE' })).status).toBe(204);
    } finally {
      r.child.kill('SIGTERM');
    }
    expect(await r.exit).toBe(1);
    expect(r.stdout()).toContain(
      'agent-platform-mock: SIGTERM, closing (1 violation seen; exit code 1)',
    );
  });

  it.each(['SIGTERM', 'SIGHUP'] as const)(
    'exits 0 on %s when nothing broke the spec',
    async (signal) => {
      const r = run(['proxy', upstreamUrl, '--port', '0']);
      try {
        const url = await started(r);
        const res = await fetch(`${url}/v1/health`);
        expect(res.headers.get('x-contract-violations')).toBe('0');
      } finally {
        r.child.kill(signal);
      }
      expect(await r.exit).toBe(0);
      expect(r.stderr()).toBe('');
    },
  );

  it('exits by its violations on a second signal too (a process group killed under npx gets two)', async () => {
    const r = run(['proxy', upstreamUrl, '--port', '0']);
    try {
      const url = await started(r);
      // A request in flight: the first SIGTERM's graceful close waits for it.
      const upstreamHeard = new Promise<void>((resolve) => {
        heard = resolve;
      });
      fetch(`${url}/v1/me`, { headers: { 'x-api-key': 'k' } }).catch(() => undefined);
      await upstreamHeard;
      r.child.kill('SIGTERM');
      while (!r.stdout().includes('SIGTERM, closing')) await new Promise((f) => setTimeout(f, 20));
    } finally {
      r.child.kill('SIGTERM');
    }
    // 0: nothing broke the spec. The forced close said 1, which read as drift.
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toContain('agent-platform-mock: SIGTERM again, closing now (exit code 0)');
  });

  it("runs under pnpm start's launcher, which adds --exit-with-parent (`pnpm start proxy URL`)", async () => {
    // The mock's README: in a clone, `pnpm start` runs the CLI. The launcher put its flag before
    // `proxy`, which the mock's flags then refused as a positional argument.
    const launcher = join(root, '../../scripts/start-mock.mjs');
    for (const lead of [[], ['--']]) {
      const r = spawnRun(process.execPath, [
        launcher,
        join(dir, 'dist/cli.js'),
        ...lead,
        'proxy',
        upstreamUrl,
        '--port',
        '0',
      ]);
      try {
        const url = await started(r);
        expect((await fetch(`${url}/v1/health`)).headers.get('x-contract-violations')).toBe('0');
      } finally {
        r.child.kill('SIGTERM');
      }
      expect([await r.exit, r.stderr()], lead.join(' ')).toEqual([0, '']);
    }
  });

  it('with --exit-with-parent closes as on SIGTERM once the process that started it is gone', async () => {
    // A shell killed with SIGKILL (npx's, a supervisor's), which passes no signal on.
    const cli = join(dir, 'dist/cli.js');
    const command = `"${process.execPath}" "${cli}" proxy ${upstreamUrl} --port 0 --exit-with-parent & wait`;
    const r = spawnRun('sh', ['-c', command], { detached: true });
    const closed = new Promise<void>((resolve) => r.child.stdout?.on('close', () => resolve()));
    try {
      await started(r);
      process.kill(r.child.pid as number, 'SIGKILL');
      await closed;
      expect(r.stdout()).toContain(
        'agent-platform-mock: parent process gone, closing (0 violations seen; exit code 0)',
      );
    } finally {
      try {
        process.kill(-(r.child.pid as number), 'SIGKILL');
      } catch {
        // the group is gone: nothing was left running
      }
    }
  });

  it("prints the package's version on proxy --version, and nothing else, as the mock does", async () => {
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    const r = run(['proxy', '--version']);
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toBe(`${version}\n`);
    expect(r.stderr()).toBe('');
    const help = run(['proxy', '--help']);
    expect(await help.exit).toBe(0);
    expect(help.stdout()).toMatch(/^Usage: agent-platform-mock proxy <upstream-url> \[flags\]\n/);
    expect(help.stdout()).toContain('--version');
    expect(help.stderr()).toBe('');
  });

  it('warns on a port fetch refuses, as the mock does, and serves', async () => {
    // 10080 (Amanda): one of the fetch standard's bad ports that nothing on a test machine uses.
    const r = run(['proxy', upstreamUrl, '--port', '10080']);
    try {
      expect(await started(r)).toBe('http://127.0.0.1:10080');
      expect(await lines(r.stderr, 1, r.exit)).toEqual([
        "agent-platform-mock: proxy: warning: port 10080 is one the fetch standard blocks: the SDK, Node's fetch and browsers refuse to connect to it ('bad port'), though curl and other clients can; pick another --port (4010 is the default)",
      ]);
    } finally {
      r.child.kill('SIGTERM');
      await r.exit;
    }
  });

  it('says on stderr that the upstream is unreachable once per outage, not once per request', async () => {
    // It printed nothing: the client got a 502, and nobody reading the CI job's log saw why.
    // A GET /v1/health answered as the spec has it: a violation would be a line of its own.
    const gone = createServer((_req, res) => {
      res.writeHead(200, HEADERS);
      res.end(JSON.stringify({ status: 'ok', timestamp: '2024-01-01T00:00:00Z' }));
    });
    // Held throughout, not bound and released: no other test's server may take it between.
    const held = await holdPort();
    const { port } = held;
    const r = run(['proxy', `http://127.0.0.1:${port}`, '--port', '0']);
    const closed = new Promise<void>((resolve) => r.child.once('close', () => resolve()));
    try {
      const url = await started(r);
      const get = async (path: string) => (await fetch(`${url}${path}`)).status;
      // Down twice, up once (on the same port), down once more: said twice.
      expect([await get('/v1/health'), await get('/v1/agents')]).toEqual([502, 502]);
      await new Promise<void>((resolve, reject) => {
        gone.once('error', reject);
        gone.listen(port, '127.0.0.1', resolve);
      });
      expect(await get('/v1/health')).toBe(200);
      gone.closeAllConnections();
      await new Promise<void>((resolve) => gone.close(() => resolve()));
      expect(await get('/v1/health')).toBe(502);
    } finally {
      r.child.kill('SIGTERM');
      await held.release();
    }
    // Every line is written before its 502 is: once the process has closed its pipes, all are read.
    await closed;
    const said = r.stderr().split('\n');
    expect(said, r.stderr()).toHaveLength(3);
    expect(said[0]).toBe(
      `agent-platform-mock: upstream http://127.0.0.1:${port}: no answer to GET /v1/health (ECONNREFUSED), 502 UPSTREAM_UNREACHABLE; further failures unsaid until it answers again`,
    );
    expect(said[1]).toMatch(
      new RegExp(
        `^agent-platform-mock: upstream http://127\\.0\\.0\\.1:${port}: no answer to GET /v1/health \\(\\w+\\), 502 UPSTREAM_UNREACHABLE; `,
      ),
    );
  });

  it('refuses a missing or bad upstream URL with one line and exit code 2', async () => {
    const missing = run(['proxy']);
    expect(await missing.exit).toBe(2);
    expect(missing.stderr()).toBe(
      'agent-platform-mock: proxy: needs the upstream URL, e.g. agent-platform-mock proxy https://staging.example.test. Try proxy --help.\n',
    );
    const bad = run(['proxy', 'staging.example.test']);
    expect(await bad.exit).toBe(2);
    expect(bad.stderr()).toMatch(
      /^agent-platform-mock: upstream: must be an absolute http\(s\) URL/,
    );
  });

  it('names --host when the host is not an address of this machine, exit code 1, as the mock does', async () => {
    // TEST-NET-1 (RFC 5737): no machine's interface. It said only 'proxy: listen EADDRNOTAVAIL ...'.
    const r = run(['proxy', 'https://staging.example.test', '--port', '0', '--host', '192.0.2.1']);
    expect(await r.exit).toBe(1);
    expect(r.stderr()).toMatch(
      /^agent-platform-mock: proxy: --host 192\.0\.2\.1: .*: not an address of this machine's interfaces .*\n$/,
    );
  });

  it('refuses a flag it does not have with the flag it is a slip for, as the mock does', async () => {
    const slip = run(['proxy', 'https://staging.example.test', '--prot', '4011']);
    expect(await slip.exit).toBe(2);
    expect(slip.stderr()).toBe(
      "agent-platform-mock: Unknown option '--prot'; did you mean --port? Try proxy --help.\n",
    );
  });
});
