import { spawn } from 'node:child_process';
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectMock } from '../src/client.js';
import { createMockServer, isMockApiError } from '../src/index.js';
import { DEMO_API_KEY, DEMO_IDS } from '../src/seed/demo-ids.js';
import {
  exposureWarning,
  parseCli,
  seedAhead,
  seedAheadWarning,
} from '../src/transports/cli-args.js';
import { UsageError } from '../src/transports/usage-error.js';
import { startReceiver } from './support/receiver.js';
import { type Run, shellEnv, spawnRun } from './support/spawn-run.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const testDist = fileURLToPath(new URL('../.test-dist', import.meta.url));
// Laid out as the package is (package.json, bin/, dist/), so that a copy of its bin file finds the
// CLI where it looks (../dist), and the CLI its package.json (--version).
const outDir = `${testDist}/dist`;
const cli = `${outDir}/cli.js`;
const bin = `${testDist}/bin/agent-platform-mock.js`;

/** The CLI with `args`. */
function run(args: string[], env: NodeJS.ProcessEnv = {}): Run {
  return start(process.execPath, [cli, ...args], { env });
}

/** `command` with its output collected, from the package's root (see spawnRun). */
function start(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; detached?: boolean; stdin?: string } = {},
): Run {
  return spawnRun(command, args, { ...options, cwd: options.cwd ?? root });
}

/** Kills what is left of a detached run's process group; nothing when it is gone. */
function stopGroup(r: Run): void {
  try {
    process.kill(-(r.child.pid as number), 'SIGKILL');
  } catch {
    // the group is gone: nothing was left running
  }
}

/** The URL of the banner a run's first stdout line is. */
async function bannerUrl(r: Pick<Run, 'stdout'>): Promise<string | undefined> {
  return /listening on (http:\/\/\S+)/.exec(await banner(r))?.[1];
}

/**
 * 'serving' once the CLI prints its banner: a server that took a seed it should have refused runs on,
 * and is raced against its exit by what it prints, not by a timer a loaded machine may outrun.
 */
function serving(r: Run): Promise<'serving'> {
  return new Promise((resolve) => {
    const look = () => {
      if (r.stdout().includes('listening on')) resolve('serving');
    };
    r.child.stdout?.on('data', look);
    look();
  });
}

async function banner(r: Pick<Run, 'stdout'>): Promise<string> {
  for (let i = 0; i < 400 && !r.stdout().includes('\n'); i++)
    await new Promise((res) => setTimeout(res, 25));
  return r.stdout().split('\n')[0] ?? '';
}

/** Starts the CLI, runs `use` against its URL, and stops it whatever happens. */
async function withServer<T>(
  args: string[],
  use: (url: string, banner: string) => Promise<T>,
  env: NodeJS.ProcessEnv = {},
): Promise<T> {
  const r = run(['--port', '0', ...args], env);
  try {
    // A CLI that exits (a flag it does not know) prints no banner: fail now, not after the wait.
    const line = await Promise.race([banner(r), r.exit.then(() => '')]);
    const url = /listening on (\S+)/.exec(line)?.[1];
    if (!url) throw new Error(`no banner: ${r.stdout()} ${r.stderr()}`);
    return await use(url, line);
  } finally {
    r.child.kill('SIGTERM');
    await r.exit;
  }
}

/** The first `count` lines the CLI has written to stderr, once it has written them. */
async function stderrLines(r: Run, count: number): Promise<string[]> {
  for (let i = 0; i < 400 && r.stderr().split('\n').length <= count; i++)
    await new Promise((res) => setTimeout(res, 25));
  return r.stderr().split('\n').slice(0, count);
}

/** A request with the demo key; the parsed body. */
// biome-ignore lint/suspicious/noExplicitAny: tests assert on the JSON's shape.
async function api(url: string, method: string, path: string, body?: unknown): Promise<any> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return res.json();
}

/** The ids of a list response. */
const idsOf = (page: { data: { id: string }[] }) => page.data.map((row) => row.id);

beforeAll(async () => {
  await build({
    entry: { cli: `${root}src/transports/cli.ts` },
    format: ['esm'],
    outDir,
    silent: true,
    config: false,
    banner: { js: '#!/usr/bin/env node' },
  });
  await mkdir(dirname(bin), { recursive: true });
  await copyFile(join(root, 'bin/agent-platform-mock.js'), bin);
  await chmod(bin, 0o755);
  await copyFile(join(root, 'package.json'), `${testDist}/package.json`);
}, 60_000);

afterAll(async () => {
  await rm(testDist, { recursive: true, force: true });
});

describe('agent-platform-mock CLI', () => {
  it('serves the demo workspace, prints a one-line banner, and closes on SIGTERM', async () => {
    const r = run(['--port', '0']);
    const line = await banner(r);
    expect(line).toMatch(
      /^agent-platform-mock listening on http:\/\/127\.0\.0\.1:\d+ \| variant A \| clock real \| rate limit 100\/min per key \| seed demo \| demo key: demo-key-all-scopes \| control API: /,
    );
    const url = /listening on (\S+)/.exec(line)?.[1];
    const res = await fetch(`${url}/v1/agents`, {
      headers: { 'x-api-key': 'demo-key-all-scopes' },
    });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
  });

  it('serves on Node before 20.16, which has no process.getBuiltinModule (package.json says node >=20)', async () => {
    // Before, the built CLI took esbuild's stand-in for `require`, which throws in an ES module,
    // and exited 1: `agent-platform-mock: Dynamic require of "node:http" is not supported`.
    const before2016 = 'data:text/javascript,delete process.getBuiltinModule';
    const r = start(process.execPath, ['--import', before2016, cli, '--port', '0']);
    try {
      const line = await Promise.race([banner(r), r.exit.then(() => '')]);
      const url = /listening on (\S+)/.exec(line)?.[1];
      expect(url, r.stderr()).toBeDefined();
      expect((await fetch(`${url}/v1/health`)).status).toBe(200);
    } finally {
      r.child.kill('SIGTERM');
      await r.exit;
    }
  });

  it.each(['SIGINT', 'SIGHUP'] as const)(
    'closes on %s (Ctrl-C, a closed terminal) too, with exit code 0, saying so',
    async (signal) => {
      // SIGHUP was the default exit, code 129, cutting what was in flight.
      const r = run(['--port', '0']);
      await banner(r);
      r.child.kill(signal);
      expect(await r.exit).toBe(0);
      expect(r.stdout()).toMatch(new RegExp(`agent-platform-mock: ${signal}, closing`));
    },
  );

  it('on SIGTERM waits for a webhook delivery in flight: its receiver answers it whole, then the CLI exits 0', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let answered: (sent: boolean) => void = () => {};
    const closed = new Promise<boolean>((resolve) => {
      answered = resolve;
    });
    const receiver = await startReceiver();
    receiver.answers.push({ status: 200, after: held, closed: answered });
    const r = run(['--port', '0']);
    try {
      const url = (await bannerUrl(r)) as string;
      await api(url, 'POST', '/v1/webhooks', { url: receiver.url, events: ['*'] });
      await api(url, 'POST', '/v1/contacts', { name: 'Ada' });
      await expect.poll(() => receiver.received.length).toBe(1);
      r.child.kill('SIGTERM');
      // Its listener is closed: the requests are done with, and the receiver still holds its answer.
      await expect
        .poll(() =>
          fetch(`${url}/v1/health`).then(
            () => 'open',
            () => 'refused',
          ),
        )
        .toBe('refused');
      release();
      // Cut by an exit before the answer went out, it would be false.
      expect(await closed).toBe(true);
      expect(await r.exit).toBe(0);
    } finally {
      r.child.kill('SIGKILL');
      await receiver.close();
    }
  });

  it('closes gracefully on a signal sent the moment the banner is read, as a supervisor sends it', async () => {
    // Without the handlers in place before the banner, most of these runs died of the signal
    // (exit code null): 35 of 40 on this machine.
    for (let i = 0; i < 5; i++) {
      const r = run(['--port', '0', '--seed', 'none']);
      r.child.stdout?.on('data', (d) => {
        if (String(d).includes('listening on')) r.child.kill('SIGINT');
      });
      expect(await r.exit, r.stdout()).toBe(0);
    }
  });

  it('closes gracefully, exit code 0, when whoever read the banner has closed its end of stdout', async () => {
    // Python's Popen after its readline, a shell's `read line < <(...)`: the closing line then
    // failed with EPIPE, which killed the server with a stack trace and exit code 1.
    const r = run(['--port', '0', '--seed', 'none']);
    const url = /listening on (\S+)/.exec(await banner(r))?.[1];
    r.child.stdout?.destroy();
    expect((await fetch(`${url}/v1/health`)).status).toBe(200);
    r.child.kill('SIGTERM');
    expect(await r.exit, r.stderr()).toBe(0);
    expect(r.stderr()).toBe('');
  });

  it("closes gracefully on the SIGTERM `pnpm start` passes to its script's shell", async () => {
    // pnpm signals the shell that runs the root's start script, not the server under it, and dash
    // passes nothing on: the shell died and the server ran on, orphaned, holding its port (4010 by
    // default). The start script runs it with --exit-with-parent: it closes once its shell is gone.
    const repo = join(root, '../..');
    const pkg = JSON.parse(await readFile(join(repo, 'package.json'), 'utf8'));
    const serve = (pkg.scripts.start as string).split(' && ').at(-1) as string;
    expect(serve).toContain('packages/mock-server/dist/cli.js');
    expect(serve).not.toMatch(/\bexec\b/); // cmd.exe, pnpm's shell on Windows, has none
    // A group of its own, so that the finally below stops an orphaned server too.
    const r = start(
      'sh',
      ['-c', `${serve.replace('packages/mock-server/dist/cli.js', cli)} --port 0 --seed none`],
      { cwd: repo, detached: true },
    );
    try {
      const url = await bannerUrl(r);
      expect(url, r.stdout()).toBeDefined();
      r.child.kill('SIGTERM');
      const out = await r.closed;
      expect(out).toContain('parent process gone, closing');
      expect(out).not.toContain('again, closing now');
      await expect(fetch(`${url}/v1/health`)).rejects.toThrow();
    } finally {
      stopGroup(r);
    }
  });

  it('with --exit-with-parent closes as on SIGTERM once the process that started it is gone', async () => {
    // npx and npm exec run the command under a shell that passes no signal on, and a supervisor may
    // be SIGKILLed itself: the server watches its parent. Without the flag it runs on, orphaned.
    /** The server under a shell killed with SIGKILL; resolves with what it printed once it exits, or the health of one still running. */
    const orphan = async (flags: string[]) => {
      const command = `"${process.execPath}" "${cli}" --port 0 --seed none ${flags.join(' ')} & wait`;
      const r = start('sh', ['-c', command], { detached: true });
      try {
        const url = await bannerUrl(r);
        expect(url, r.stdout()).toBeDefined();
        process.kill(r.child.pid as number, 'SIGKILL');
        await r.exit;
        if (flags.length === 0) return (await fetch(`${url}/v1/health`)).status;
        return await r.closed;
      } finally {
        stopGroup(r);
      }
    };
    expect(await orphan([])).toBe(200);
    const printed = await orphan(['--exit-with-parent']);
    expect(printed).toContain('agent-platform-mock: parent process gone, closing');
  });

  it("under pnpm start's launcher, which adds --exit-with-parent, a flag missing its value is named as on its own", async () => {
    // The launcher's flag after the user's made a last --log (or --port) take it as its value: "ambiguous".
    const launcher = join(root, '../../scripts/start-mock.mjs');
    for (const flags of [['--log'], ['--', '--log'], ['--', '--port', '0', '--log']]) {
      const child = spawn(process.execPath, [launcher, cli, ...flags], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: shellEnv,
      });
      let err = '';
      child.stderr.on('data', (d) => {
        err += d;
      });
      const code = await new Promise((resolve) => child.on('exit', resolve));
      expect([code, err], flags.join(' ')).toEqual([
        2,
        "agent-platform-mock: Option '--log <value>' argument missing. Try --help.\n",
      ]);
    }
  });

  it("is the server's own process when started as the package's command, so a supervisor's SIGTERM closes it", async () => {
    // What the README tells a supervisor in another language to start rather than npx, whose shell
    // passes no signal on (Java's Process.destroy() then left the server running, npx exiting 143):
    // the bin file, run by its shebang, must stay the server itself, not a launcher of one.
    // A group of its own, so that the finally below stops a server it left running.
    const r = start(bin, ['--port', '0', '--seed', 'none'], { detached: true });
    try {
      const url = await bannerUrl(r);
      expect(url, r.stdout()).toBeDefined();
      expect((await fetch(`${url}/v1/health`)).status).toBe(200);
      r.child.kill('SIGTERM');
      expect(await r.exit).toBe(0);
      expect(r.stdout()).toContain('SIGTERM, closing');
      await expect(fetch(`${url}/v1/health`)).rejects.toThrow();
    } finally {
      stopGroup(r);
    }
  });

  it('is driven by connectMock with its --admin-token, as a shared mock of parallel test files is', async () => {
    const args = [
      '--clock',
      'manual',
      '--start-time',
      '2026-01-01T00:00:00Z',
      '--admin-token',
      'T',
    ];
    await withServer(args, async (url) => {
      const refused = await connectMock(url)
        .clock.now()
        .catch((error: unknown) => error);
      expect(isMockApiError(refused) && refused.status).toBe(401);
      const mock = connectMock(url, { adminToken: 'T' });
      expect(await mock.clock.advance(1000)).toBe(Date.parse('2026-01-01T00:00:01Z'));
      const { id, key } = await mock.createApiKey({ scopes: 'all' });
      await mock.faults.add({ path: '/v1/agents', status: 503, key_id: id });
      const res = await fetch(`${url}/v1/agents`, { headers: { 'x-api-key': key } });
      expect(res.status).toBe(503);
      expect(await mock.requests({ key_id: id })).toMatchObject([{ status: 503 }]);
    });
  });

  it('guards the control API with the token in AGENT_PLATFORM_MOCK_ADMIN_TOKEN, and says a bad one as it says a bad flag', async () => {
    await withServer(
      [],
      async (url) => {
        const clock = (headers: Record<string, string>) =>
          fetch(`${url}/__mock/clock`, { headers });
        expect((await clock({})).status).toBe(401);
        expect((await clock({ 'x-mock-admin-token': 'from-env' })).status).toBe(200);
      },
      { AGENT_PLATFORM_MOCK_ADMIN_TOKEN: 'from-env' },
    );
    const empty = run([], { AGENT_PLATFORM_MOCK_ADMIN_TOKEN: '' });
    expect(await empty.exit).toBe(2);
    expect(empty.stderr()).toMatch(
      /^agent-platform-mock: AGENT_PLATFORM_MOCK_ADMIN_TOKEN: must not be empty .*\. Try --help\.\n$/,
    );
  });

  it('answers a bad flag with one line and exit code 2', async () => {
    const r = run(['--varient', 'B']);
    expect(await r.exit).toBe(2);
    expect(r.stderr().trim().split('\n')).toHaveLength(1);
    expect(r.stderr()).toMatch(/--varient/);
  });

  it("ends a did-you-mean question with its question mark, not '?.'", async () => {
    const r = run(['--prot', '0']);
    expect(await r.exit).toBe(2);
    expect(r.stderr()).toBe(
      "agent-platform-mock: Unknown option '--prot'; did you mean --port? Try --help.\n",
    );
  });

  it('answers --help and --version without reading a --seed file or stdin', async () => {
    // A file not written yet exited 2 before the help that says what to put in it; `--seed -` read
    // stdin first (empty here: "not JSON", exit 2; from a terminal it waited for end of input).
    for (const args of [
      ['--seed', join(tmpdir(), 'no-such-state-file.json'), '--help'],
      ['--seed', '-', '--help'],
      ['--seed', '-', '--version'],
    ]) {
      const r = run(args);
      expect(await r.exit).toBe(0);
      expect(r.stdout()).toMatch(
        args[2] === '--help' ? /^Usage: agent-platform-mock / : /^\d+\.\d+\.\d+/,
      );
      expect(r.stderr()).toBe('');
    }
    // A flag's value is still checked, as `proxy --help` checks them: the help is not a way around it.
    expect(() => parseCli(['--port', 'x', '--help'])).toThrow(UsageError);
  });

  it('prints every flag with its default on --help', async () => {
    const r = run(['--help']);
    expect(await r.exit).toBe(0);
    for (const flag of [
      '--port',
      '--host',
      '--variant',
      '--seed',
      '--clock',
      '--rate-limit',
      '--require-https',
      '--admin-token',
      '--start-time',
      '--ids-seed',
      '--delivery-grace-ms',
      '--journal-size',
      '--exit-with-parent',
      '--log',
    ]) {
      expect(r.stdout()).toContain(flag);
    }
    // Each flag's entry (its line and the more-indented lines under it) names its default.
    const entries = r
      .stdout()
      .split(/\n(?= {2}-)/)
      .slice(1);
    expect(entries.length).toBe(16);
    for (const entry of entries.filter((text) => !/--help|--version/.test(text))) {
      expect(entry).toMatch(/\(default[ :]|, default /);
    }
  });

  it("prints the package's version on --version, and nothing else (a CI log records the tool's version)", async () => {
    const { version } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
    const r = run(['--version']);
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toBe(`${version}\n`);
    expect(r.stderr()).toBe('');
  });

  it('answers a bad --ids-seed or --start-time with one line naming the flag and exit code 2', async () => {
    for (const [args, flag] of [
      [['--ids-seed', 'abc'], '--ids-seed'],
      [['--clock', 'manual', '--start-time', 'yesterday'], '--start-time'],
      [['--start-time', '2024-01-01T00:00:00Z'], '--start-time'],
    ] as const) {
      const r = run([...args]);
      expect(await r.exit).toBe(2);
      expect(r.stderr().trim().split('\n')).toHaveLength(1);
      expect(r.stderr()).toMatch(new RegExp(`^agent-platform-mock: ${flag}: `));
    }
  });

  it('says on one line, exit code 1, that the port is in use and what to do', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = taken.address() as AddressInfo;
      const r = run(['--port', String(port)]);
      expect(await r.exit).toBe(1);
      expect(r.stderr().trim().split('\n')).toHaveLength(1);
      expect(r.stderr()).toContain(`listen EADDRINUSE: address already in use 127.0.0.1:${port}`);
      expect(r.stderr()).toContain('is a mock server already running?');
      expect(r.stderr()).toContain('--port');
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  });

  it('reads --seed - from stdin, refusing it as a file, named stdin', async () => {
    // `cat state.json | agent-platform-mock --seed -` said 'cannot read - (ENOENT)'.
    const mock = createMockServer({ seed: 'demo', clock: 'manual', startTime: '2024-01-01' });
    const state = JSON.stringify(mock.exportState());
    mock.dispose();
    const r = start(process.execPath, [cli, '--port', '0', '--seed', '-'], { stdin: state });
    try {
      // A CLI that refuses the flag prints no banner: fail now, not after the wait.
      const line = await Promise.race([banner(r), r.exit.then(() => r.stderr())]);
      expect(line).toContain('| seed stdin |');
      const url = /listening on (\S+)/.exec(line)?.[1] as string;
      expect(await (await fetch(`${url}/__mock/state`)).text()).toContain(DEMO_IDS.supportAgent);
    } finally {
      r.child.kill('SIGTERM');
      await r.exit;
    }
    for (const [text, message] of [
      ['not json', /^agent-platform-mock: --seed: stdin is not JSON \(.+\)\. Try --help\.\n$/],
      [
        'null',
        /^agent-platform-mock: --seed: stdin must hold a state exported earlier \(GET \/__mock\/state\), an object, not null\. Try --help\.\n$/,
      ],
      [
        JSON.stringify({ ...JSON.parse(state), variant: 'B' }),
        /^agent-platform-mock: --seed: stdin holds a variant B state; serve it with --variant B\. Try --help\.\n$/,
      ],
      [JSON.stringify({ variant: 'A' }), /^agent-platform-mock: --seed stdin: /],
    ] as const) {
      const refused = start(process.execPath, [cli, '--port', '0', '--seed', '-'], { stdin: text });
      expect(await refused.exit, text.slice(0, 40)).toBe(2);
      expect(refused.stderr()).toMatch(message);
    }
  });

  it('says how many problems a --seed file has when it lists only the first 100', async () => {
    const mock = createMockServer({ seed: 'demo' });
    const snapshot = mock.exportState();
    mock.dispose();
    const [first] = snapshot.api_keys;
    if (!first) throw new Error('the demo seed has a key');
    // 150 keys without scopes: 150 problems, of which the error lists 100.
    snapshot.api_keys = Array.from({ length: 150 }, (_, i) => {
      const { scopes: _scopes, ...key } = {
        ...first,
        id: crypto.randomUUID(),
        key: `key-${i}-long`,
      };
      return key as typeof first;
    });
    const file = `${outDir}/seed-150-problems.json`;
    await writeFile(file, JSON.stringify(snapshot));
    const r = run(['--port', '0', '--seed', file]);
    try {
      expect(await Promise.race([r.exit, serving(r)])).toBe(2);
      const lines = r.stderr().trimEnd().split('\n');
      expect(lines[0]).toBe(`agent-platform-mock: --seed ${file}: the first 100 of 150 problems:`);
      expect(lines).toHaveLength(101);
    } finally {
      r.child.kill('SIGTERM');
      await r.exit;
    }
  });

  it('says when a --seed file dated after --start-time moves the manual clock on, and serves it', async () => {
    const recorded = createMockServer({ clock: 'manual', startTime: '2026-11-22T12:00:00Z' });
    const { key } = recorded.createApiKey({ scopes: 'all' });
    const created = await recorded.fetch(`${recorded.baseUrl}/v1/agents`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Recorded' }),
    });
    expect(created.status).toBe(201);
    const file = `${outDir}/seed-ahead.json`;
    await writeFile(file, JSON.stringify(recorded.exportState()));
    recorded.dispose();
    const earlier = ['--seed', file, '--clock', 'manual', '--start-time', '2024-01-01'];
    const r = run(['--port', '0', ...earlier]);
    try {
      // The banner says where the clock starts: the seed's time, not the flag's it said before.
      expect(await banner(r)).toContain(
        "| clock manual from 2026-11-22T12:00:00.000Z (the seed's latest time) |",
      );
      for (let i = 0; i < 400 && !r.stderr().includes('\n'); i++)
        await new Promise((res) => setTimeout(res, 25));
      expect(r.stderr()).toBe(
        `agent-platform-mock: warning: --seed ${file} holds times up to 2026-11-22T12:00:00.000Z, after the clock's start 2024-01-01T00:00:00.000Z: the manual clock starts at 2026-11-22T12:00:00.000Z instead, so that rows made from now on are dated after its rows\n`,
      );
    } finally {
      r.child.kill('SIGTERM');
      await r.exit;
    }
  });

  it('names --host when the host is not an address of this machine, exit code 1', async () => {
    for (const [host, why] of [
      ['256.1.1.1', 'not an address, nor a name this machine resolves'],
      // TEST-NET-1 (RFC 5737): no machine's interface.
      ['192.0.2.1', "not an address of this machine's interfaces"],
    ]) {
      const r = run(['--port', '0', '--host', host as string]);
      expect(await r.exit, host).toBe(1);
      expect(r.stderr().trim().split('\n')).toHaveLength(1);
      expect(r.stderr()).toMatch(new RegExp(`^agent-platform-mock: --host ${host}: .*: ${why}`));
    }
  });

  it('answers a --seed file the import refuses with every problem, each on a line, and exit code 2', async () => {
    const mock = createMockServer({ seed: 'demo' });
    const snapshot = mock.exportState();
    mock.dispose();
    const file = `${outDir}/seed-without-scopes.json`;
    // biome-ignore lint/suspicious/noExplicitAny: a hand-edited snapshot.
    const key: any = snapshot.api_keys[0];
    delete key.scopes;
    key['new\nline'] = true;
    await writeFile(file, JSON.stringify(snapshot));
    const r = run(['--port', '0', '--seed', file]);
    try {
      // A server that took the file would run on: it is stopped once it says so, not waited for.
      expect(await Promise.race([r.exit, serving(r)])).toBe(2);
      // A field name with a line break in it stays on its line.
      expect(r.stderr()).toBe(
        [
          `agent-platform-mock: --seed ${file}: 2 problems:`,
          '  api_keys[0].scopes: is required',
          '  api_keys[0].new\\nline: is not a known field',
          '',
        ].join('\n'),
      );
      expect(r.stdout()).toBe('');
    } finally {
      r.child.kill('SIGTERM');
      await r.exit;
    }
  });

  it('serves the demo workspace with the same documented ids on every start', async () => {
    const demoIds = (url: string) =>
      Promise.all([
        api(url, 'GET', '/v1/contacts?order=asc').then(idsOf),
        api(url, 'GET', '/v1/custom-fields?order=asc').then(idsOf),
        api(url, 'GET', `/v1/agents/${DEMO_IDS.supportAgent}/trainings?order=asc`).then(idsOf),
        api(url, 'GET', '/v1/agents?order=asc').then(idsOf),
        api(url, 'GET', '/v1/channels?order=asc').then(idsOf),
      ]);
    const first = await withServer([], demoIds);
    expect(await withServer([], demoIds)).toEqual(first);
    expect(first).toEqual([
      [DEMO_IDS.adaContact, DEMO_IDS.graceContact, DEMO_IDS.alanContact],
      [DEMO_IDS.planField, DEMO_IDS.vipField],
      [DEMO_IDS.shippingTraining, DEMO_IDS.returnsTraining, DEMO_IDS.openingHoursTraining],
      [DEMO_IDS.supportAgent, DEMO_IDS.salesAgent, DEMO_IDS.nightAgent],
      [DEMO_IDS.widgetChannel, DEMO_IDS.whatsappChannel],
    ]);
  }, 20_000);

  it("with --log requests prints a line per request on stderr, the control API's too, and stdout stays the banner alone", async () => {
    const r = run([
      '--port',
      '0',
      '--log',
      'requests',
      '--clock',
      'manual',
      '--start-time',
      '2024-01-01T09:00:00Z',
    ]);
    const url = /listening on (\S+)/.exec(await banner(r))?.[1];
    const ids: string[] = [];
    const send = async (path: string, init: RequestInit = {}) => {
      const headers = { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' };
      const res = await fetch(`${url}${path}`, { headers, ...init });
      ids.push(res.headers.get('x-request-id') ?? '');
    };
    await send('/v1/agents?limit=1');
    await send('/v1/contacts', {
      method: 'POST',
      body: JSON.stringify({ name: 'A', email: 'nope' }),
    });
    await send('/__mock/clock/advance', { method: 'POST', body: JSON.stringify({ ms: 60_000 }) });
    await send('/v1/nope');
    const lines = await stderrLines(r, 4);
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    const at = (t: string) => `agent-platform-mock: 2024-01-01T09:${t}.000Z`;
    const ms = '\\d+\\.\\dms';
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      new RegExp(`^${at('00:00')} GET /v1/agents\\?limit=1 200 ${ms} ${ids[0]}$`),
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^${at('00:00')} POST /v1/contacts 400 ${ms} ${ids[1]} VALIDATION_ERROR email: must be an email address$`,
      ),
    );
    expect(lines[2]).toMatch(
      new RegExp(`^${at('01:00')} POST /__mock/clock/advance 200 ${ms} ${ids[2]}$`),
    );
    expect(lines[3]).toMatch(
      new RegExp(
        `^${at('01:00')} GET /v1/nope 404 ${ms} ${ids[3]} NOT_FOUND no such path: GET /v1/nope`,
      ),
    );
    expect(r.stdout().split('\n')[0]).toMatch(/^agent-platform-mock listening on /);
    expect(r.stdout().split('\n').slice(1, -1)).toEqual([
      'agent-platform-mock: SIGTERM, closing (requests and webhook deliveries in flight get 5 s)',
    ]);
  });

  it("writes every log line before it exits on a signal, to a reader that reads only from then on (past a pipe's 64 KiB)", async () => {
    // Python's Popen(stderr=PIPE) read by communicate() after terminate(): the pipe was full, and the
    // lines queued behind it (the end of the log, where a failure is) were dropped by the exit.
    const child = spawn(
      process.execPath,
      [cli, '--port', '0', '--log', 'requests', '--rate-limit', 'off', '--seed', 'none'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: shellEnv },
    );
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      let out = '';
      child.stdout?.on('data', (d) => {
        out += d;
      });
      // Not run(): it reads stderr from the start, and this reader must not until the signal.
      const url = await bannerUrl({ stdout: () => out });
      if (!url) throw new Error(`no banner: ${out}`);
      // About 200 KB of lines: the pipe and the reading side's buffer hold about 100 KB (1002 lines).
      const requests = 2000;
      for (let i = 0; i < requests; i += 50) {
        await Promise.all(
          Array.from({ length: 50 }, () => fetch(`${url}/v1/health`).then((res) => res.text())),
        );
      }
      child.kill('SIGTERM');
      let err = '';
      child.stderr?.on('data', (d) => {
        err += d;
      });
      const closed = new Promise((res) => child.stderr?.once('close', res));
      expect(await exited).toBe(0);
      await closed;
      const lines = err.split('\n').filter((line) => line !== '');
      expect(lines.filter((line) => / GET \/v1\/health 200 /.test(line))).toHaveLength(requests);
      expect(lines.filter((line) => line.includes('dropped'))).toEqual([]);
    } finally {
      child.kill('SIGKILL');
    }
  }, 60_000);

  it('with --log errors prints a line per failed webhook attempt too, with when the next one goes', async () => {
    // A receiver that failed every delivery left no trace in the log: the job looked clean.
    const receiver = await startReceiver(500);
    const r = run([
      '--port',
      '0',
      '--log',
      'errors',
      '--clock',
      'manual',
      '--start-time',
      '2024-01-01T09:00:00Z',
    ]);
    try {
      const url = /listening on (\S+)/.exec(await banner(r))?.[1] as string;
      const hook = await api(url, 'POST', '/v1/webhooks', {
        url: receiver.url,
        events: ['contact.created'],
      });
      const contact = await api(url, 'POST', '/v1/contacts', { name: 'Ada' });
      expect([hook.data?.id, contact.data?.id].every(Boolean)).toBe(true);
      const [line] = await stderrLines(r, 1);
      expect(line).toMatch(
        new RegExp(
          `^agent-platform-mock: 2024-01-01T09:00:00\\.000Z webhook contact\\.created -> ${receiver.url} 500 \\d+ms attempt 1 [0-9a-f-]{36} HTTP 500; next attempt at 2024-01-01T09:01:00\\.000Z$`,
        ),
      );
    } finally {
      r.child.kill('SIGTERM');
      await r.exit;
      await receiver.close();
    }
  });

  it('with --log errors prints only the requests answered 4xx or 5xx; without --log, nothing', async () => {
    for (const [flags, expected] of [
      [['--log', 'errors'], 1],
      [[], 0],
    ] as const) {
      const r = run(['--port', '0', ...flags]);
      const url = /listening on (\S+)/.exec(await banner(r))?.[1];
      await fetch(`${url}/v1/health`);
      await fetch(`${url}/v1/agents`);
      await fetch(`${url}/v1/health`);
      r.child.kill('SIGTERM');
      // Everything it wrote, once its stderr has closed.
      await new Promise((resolve) => r.child.stderr?.once('close', resolve));
      expect(await r.exit).toBe(0);
      const lines = r.stderr().split('\n').filter(Boolean);
      expect(lines, r.stderr()).toHaveLength(expected);
      if (expected) expect(lines[0]).toMatch(/ GET \/v1\/agents 401 .* UNAUTHORIZED /);
    }
  });

  it('with --log serves on, and closes with exit code 0, when the reader of its stderr has gone', async () => {
    const r = run(['--port', '0', '--seed', 'none', '--log', 'requests']);
    const url = /listening on (\S+)/.exec(await banner(r))?.[1];
    r.child.stderr?.destroy();
    for (let i = 0; i < 20; i++) expect((await fetch(`${url}/v1/health`)).status).toBe(200);
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
  });

  it('gives new resources the same ids and times on every run with --ids-seed and --start-time', async () => {
    const session = async (url: string, line: string) => {
      const agent = (await api(url, 'POST', '/v1/agents', { name: 'New' })).data;
      const chat = (
        await api(url, 'POST', `/v1/agents/${DEMO_IDS.supportAgent}/conversation`, {
          message: 'When do orders ship?',
        })
      ).data;
      const contact = (await api(url, 'POST', '/v1/contacts', { name: 'New' })).data;
      const mcp = (
        await api(url, 'POST', '/v1/mcp-servers', { name: 'Docs', url: 'https://mcp.example.com' })
      ).data;
      const state = await (await fetch(`${url}/__mock/state`)).json();
      return { line, agent, chat, contact, mcp, state };
    };
    const flags = ['--clock', 'manual', '--start-time', '2024-01-01T09:00:00Z', '--ids-seed', '7'];
    const first = await withServer(flags, session);
    const second = await withServer(flags, session);
    expect({ ...second, line: '' }).toEqual({ ...first, line: '' });
    expect(first.line).toMatch(
      /\| clock manual from 2024-01-01T09:00:00Z \|.* \| ids seed 7 \| control API: /,
    );
    expect(first.agent.created_at).toBe('2024-01-01T09:00:00.000Z');
    expect(first.state.tables.messages.length).toBeGreaterThan(0);
    // Without the seed, new ids are random: the flag is what made the runs equal.
    const unseeded = await withServer(flags.slice(0, 4), session);
    expect(unseeded.agent.id).not.toBe(first.agent.id);
  }, 20_000);
});

describe('CLI flags', () => {
  it('has the decided defaults', () => {
    const config = parseCli([]);
    expect(config).toMatchObject({ port: 4010, host: '127.0.0.1', seedLabel: 'demo', log: 'off' });
    expect(config.options).toMatchObject({
      variant: 'A',
      clock: 'real',
      rateLimit: { limit: 100, windowMs: 60_000 },
      seed: 'demo',
      requireHttps: false,
    });
  });

  it('says that proxy is a subcommand, written first, when it comes after a flag', () => {
    // `--port 4011 proxy URL` read "does not take positional arguments", which did not say how to run it.
    for (const argv of [
      ['--port', '4011', 'proxy', 'https://staging.example.test'],
      ['--exit-with-parent', 'proxy', 'https://staging.example.test'],
    ]) {
      expect(() => parseCli(argv), argv.join(' ')).toThrow(
        "'proxy' is a subcommand, written first: agent-platform-mock proxy <upstream-url> [flags]",
      );
    }
  });

  it('reads the admin token from AGENT_PLATFORM_MOCK_ADMIN_TOKEN, which other users cannot read as they can a command line', () => {
    const env = { AGENT_PLATFORM_MOCK_ADMIN_TOKEN: 's3cret' };
    expect(parseCli([], env).options.adminToken).toBe('s3cret');
    expect(exposureWarning(parseCli(['--host', '0.0.0.0'], env))).toBeUndefined();
    // The flag, given as well, is the one used.
    expect(parseCli(['--admin-token', 'flag'], env).options.adminToken).toBe('flag');
    expect(parseCli([], {}).options.adminToken).toBeUndefined();
    // Set but empty (a CI secret that is missing) is refused, as an empty --admin-token is: the
    // control API would be open while the user thinks it guarded.
    for (const value of ['', ' ']) {
      expect(() => parseCli([], { AGENT_PLATFORM_MOCK_ADMIN_TOKEN: value })).toThrow(
        /^AGENT_PLATFORM_MOCK_ADMIN_TOKEN: must not be empty .*; unset it for no token$/,
      );
    }
    expect(() => parseCli([], { AGENT_PLATFORM_MOCK_ADMIN_TOKEN: 'caf\u00e9' })).toThrow(
      /^AGENT_PLATFORM_MOCK_ADMIN_TOKEN: must be printable ASCII/,
    );
  });

  it('warns when the control API is open to the network: another interface and no --admin-token', () => {
    expect(exposureWarning(parseCli(['--host', '0.0.0.0']))).toMatch(
      /^listening on 0\.0\.0\.0 with no admin token \(--admin-token or AGENT_PLATFORM_MOCK_ADMIN_TOKEN\): anyone who can reach it can read the whole state/,
    );
    expect(exposureWarning(parseCli(['--host', '0.0.0.0', '--admin-token', 'T']))).toBeUndefined();
    expect(exposureWarning(parseCli(['--host', '::ffff:10.0.0.1']))).toMatch(
      /^listening on ::ffff:10/,
    );
    // 127.0.0.1 mapped to IPv6 is loopback too (it was warned about); ::ffff:10.0.0.1 is not.
    for (const host of ['127.0.0.1', '::1', 'localhost', '127.0.0.2', '::ffff:127.0.0.1']) {
      expect(exposureWarning(parseCli(['--host', host])), host).toBeUndefined();
    }
  });

  it('warns, and serves, on a port fetch refuses: curl reaches it, the SDK and browsers do not', async () => {
    // 6566 (SANE): one of the fetch standard's bad ports that nothing on a test machine uses.
    const r = run(['--port', '6566', '--seed', 'none']);
    try {
      expect(await banner(r)).toMatch(
        /^agent-platform-mock listening on http:\/\/127\.0\.0\.1:6566 /,
      );
      expect(await stderrLines(r, 1)).toEqual([
        "agent-platform-mock: warning: port 6566 is one the fetch standard blocks: the SDK, Node's fetch and browsers refuse to connect to it ('bad port'), though curl and other clients can; pick another --port (4010 is the default)",
      ]);
    } finally {
      r.child.kill('SIGTERM');
      await r.exit;
    }
  });

  it('warns about a --seed dated after the clock only: not for a file at or before it, nor demo or none', () => {
    const config = parseCli([]);
    const seed = createMockServer({ clock: 'manual', startTime: '2026-05-01T00:00:00Z' });
    seed.createApiKey({ scopes: 'all' });
    const at = {
      ...config,
      seedLabel: 'seed.json',
      options: { ...config.options, seed: seed.exportState() },
    };
    seed.dispose();
    const may = Date.parse('2026-05-01T00:00:00Z');
    // A real clock: it stays behind the file.
    expect(seedAheadWarning(at, may - 1000, seedAhead(at, may - 1000, may - 1000))).toBe(
      "--seed seed.json holds times up to 2026-05-01T00:00:00.000Z, after the clock's start 2026-04-30T23:59:59.000Z: rows made from now on are dated before its rows (lists newest first show them after older ones); --clock manual starts at the file's latest time",
    );
    // A manual clock: the import moved it on.
    expect(seedAheadWarning(at, may - 1000, seedAhead(at, may - 1000, may))).toMatch(
      /: the manual clock starts at 2026-05-01T00:00:00\.000Z instead, /,
    );
    expect(seedAheadWarning(at, may, seedAhead(at, may, may))).toBeUndefined();
    for (const config of [parseCli(['--seed', 'none']), parseCli([])]) {
      expect(seedAheadWarning(config, 0, seedAhead(config, 0, 0))).toBeUndefined();
    }
  });

  it('reads --log requests, errors or off, and names the flag for another value', () => {
    for (const log of ['requests', 'errors', 'off'] as const)
      expect(parseCli(['--log', log]).log).toBe(log);
    expect(() => parseCli(['--log', 'verbose'])).toThrow(
      '--log: must be requests, errors or off, not "verbose"',
    );
  });

  it('answers a negative number with the flag\'s own rule, not "ambiguous"', () => {
    expect(() => parseCli(['--ids-seed', '-1'])).toThrow(
      '--ids-seed: must be an integer from 0 to 4294967295, not "-1"',
    );
    expect(() => parseCli(['--rate-limit', '-5'])).toThrow(/^--rate-limit: must be a whole number/);
    expect(() => parseCli(['--port', '-1'])).toThrow(/^--port: must be an integer from 0 to 65535/);
  });

  it('takes flags after a leading -- (pnpm start -- --port 4011), as npm users type them', () => {
    expect(parseCli(['--', '--port', '4011', '--variant', 'B'])).toMatchObject({
      port: 4011,
      options: { variant: 'B' },
    });
    // A -- anywhere else still ends the flags: what follows is refused, not ignored.
    expect(() => parseCli(['--port', '4011', '--', 'x'])).toThrow(/Unexpected argument 'x'/);
  });

  it('reads --rate-limit off, --variant b, --clock manual, --require-https and --admin-token', () => {
    const config = parseCli([
      '--rate-limit',
      'off',
      '--variant',
      'b',
      '--clock',
      'manual',
      '--require-https',
      '--admin-token',
      't',
    ]);
    expect(config.options).toMatchObject({
      rateLimit: false,
      variant: 'B',
      clock: 'manual',
      requireHttps: true,
      adminToken: 't',
    });
  });

  it('reads --start-time and --ids-seed into the startTime and ids options', () => {
    const config = parseCli([
      '--clock',
      'manual',
      '--start-time',
      '2024-01-01T09:00:00+02:00',
      '--ids-seed',
      '42',
    ]);
    expect(config.options).toMatchObject({
      clock: 'manual',
      startTime: '2024-01-01T09:00:00+02:00',
      ids: { seed: 42 },
    });
    expect(parseCli(['--clock', 'manual', '--start-time', '2024-02-29']).options.startTime).toBe(
      '2024-02-29',
    );
    expect(
      parseCli(['--clock', 'manual', '--start-time', '2024-01-01T09:00:00.123456Z']).options
        .startTime,
    ).toBe('2024-01-01T09:00:00.123456Z');
    expect(parseCli(['--ids-seed', '4294967295']).options.ids).toEqual({ seed: 4294967295 });
    expect(parseCli([]).options).not.toHaveProperty('ids');
    expect(parseCli([]).options).not.toHaveProperty('startTime');
  });

  it('reads --delivery-grace-ms into the deliveryGraceMs option (a CI receiver slower than 1 s)', () => {
    expect(
      parseCli(['--clock', 'manual', '--delivery-grace-ms', '5000']).options.deliveryGraceMs,
    ).toBe(5000);
    expect(
      parseCli(['--clock', 'manual', '--delivery-grace-ms', '0']).options.deliveryGraceMs,
    ).toBe(0);
    expect(parseCli([]).options).not.toHaveProperty('deliveryGraceMs');
  });

  it('reads --delivery-grace-ms on a real clock too: it bounds POST /__mock/settle there', () => {
    // settle() races each round of attempts in flight with the grace on either clock, so a CI
    // receiver slower than the default 1 s needs the flag whatever the clock.
    expect(parseCli(['--delivery-grace-ms', '5000']).options.deliveryGraceMs).toBe(5000);
    expect(parseCli(['--clock', 'real', '--delivery-grace-ms', '0']).options.deliveryGraceMs).toBe(
      0,
    );
  });

  it.each([
    [['--port', '70000'], /--port/],
    [['--port', ''], /--port: must be an integer from 0 to 65535, not ""/],
    [['--port', '0x10'], /--port/],
    [['--port', '1e3'], /--port/],
    [['--port', ' 80'], /--port/],
    [['--rate-limit', ''], /--rate-limit/],
    [['--rate-limit', '1.0e2'], /--rate-limit/],
    [['--variant', 'C'], /--variant/],
    [['--clock', 'fast'], /--clock/],
    [['--rate-limit', '0'], /--rate-limit/],
    [['--seed', '/nonexistent/state.json'], /--seed: cannot read/],
    [['--ids-seed', ''], /--ids-seed: must be an integer from 0 to 4294967295, not ""/],
    [['--ids-seed', '4294967296'], /--ids-seed: must/],
    [['--ids-seed', '1.5'], /--ids-seed: must/],
    [['--ids-seed', '0x10'], /--ids-seed: must/],
    [
      ['--delivery-grace-ms', ''],
      /--delivery-grace-ms: must be an integer from 0 to 60000, not ""/,
    ],
    [['--delivery-grace-ms', '60001'], /--delivery-grace-ms: must/],
    [['--delivery-grace-ms', '1.5'], /--delivery-grace-ms: must/],
    [['--clock', 'manual', '--start-time', 'tomorrow'], /--start-time: must be an ISO 8601/],
    [['--clock', 'manual', '--start-time', '2023-02-29'], /--start-time: must/],
    [['--clock', 'manual', '--start-time', '2024-01-01T09:00:00'], /--start-time: must/],
    [['--clock', 'manual', '--start-time', '2024-01-01T24:00:00Z'], /--start-time: must/],
    [['--start-time', '2024-01-01'], /--start-time: needs --clock manual/],
    [
      ['--clock', 'manual', '--start-time', '1969-12-31'],
      /^--start-time: must be from 1970-01-01T00:00:00.000Z to 9999-12-01T00:00:00.000Z \(the range of the mock clock\), not "1969-12-31"$/,
    ],
    [['--clock', 'manual', '--start-time', '9999-12-31'], /--start-time: must be from 1970/],
  ])('rejects %j', (args, message) => {
    expect(() => parseCli(args)).toThrow(message);
  });

  it('takes any whole rate limit up to the safe integers (the benches pass 1000000000)', () => {
    expect(parseCli(['--rate-limit', '1000000000']).options.rateLimit).toEqual({
      limit: 1_000_000_000,
      windowMs: 60_000,
    });
    expect(() => parseCli(['--rate-limit', '99999999999999999999'])).toThrow(/--rate-limit/);
  });

  it('reads a --seed file saved with a byte order mark, and says a UTF-16 one is not UTF-8', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mock-seed-'));
    try {
      const mock = createMockServer({ seed: 'demo', clock: 'manual' });
      const snapshot = mock.exportState();
      mock.dispose();
      const text = JSON.stringify(snapshot);
      // Notepad saves UTF-8 with a byte order mark; Windows PowerShell 5's `>` writes UTF-16 LE.
      const bom = join(dir, 'bom.json');
      await writeFile(bom, `\ufeff${text}`);
      expect(parseCli(['--seed', bom]).options.seed).toEqual(snapshot);
      const utf16 = join(dir, 'utf16.json');
      await writeFile(
        utf16,
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]),
      );
      expect(() => parseCli(['--seed', utf16])).toThrow(
        `--seed: ${utf16} is UTF-16 (it starts with the byte order mark FF FE); save it as UTF-8`,
      );
      // Saved in Latin-1: "José" would have been imported as "Jos\ufffd".
      const latin1 = join(dir, 'latin1.json');
      await writeFile(latin1, Buffer.from(text.replace('Ada Lovelace', 'José'), 'latin1'));
      expect(() => parseCli(['--seed', latin1])).toThrow(
        `--seed: ${latin1} is not UTF-8 text; save it as UTF-8`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses an empty or bracketed --host as a bad flag, exit code 2, not as a failed listen', () => {
    // `--host ""` (an unset $HOST) reached listen() and exited 1 saying "host: must be ...".
    expect(() => parseCli(['--host', ''])).toThrow(
      /^--host: must be a host name or IP address \(127\.0\.0\.1, 0\.0\.0\.0, ::1, localhost\), not ""$/,
    );
    // A URL's brackets: the address alone is what listen takes.
    expect(() => parseCli(['--host', '[::1]'])).toThrow(
      /^--host: an IPv6 address is written without brackets \(::1\), not "\[::1\]"$/,
    );
    expect(parseCli(['--host', '::1']).host).toBe('::1');
  });

  it('keeps a refusal on one line when the value or file it quotes holds a line break', async () => {
    // JSON.parse's message quotes the file's text: "not json\n" made the line two.
    const dir = await mkdtemp(join(tmpdir(), 'mock-seed-'));
    try {
      const file = join(dir, 'notes.json');
      await writeFile(file, 'not json\nat all\n');
      expect(() => parseCli(['--seed', file])).toThrow(
        /^--seed: .* is not JSON \([^\n]*\\n[^\n]*\)$/,
      );
      expect(() => parseCli(['--port', '1\n2'])).toThrow(
        /^--port: must be an integer from 0 to 65535, not "1\\n2"$/,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("says which --variant a --seed file needs when it holds the other variant's state", async () => {
    // `curl .../__mock/state > state.json` from a --variant B server, served without the flag,
    // said only 'variant: must be "A", the variant this server runs'.
    const dir = await mkdtemp(join(tmpdir(), 'mock-seed-'));
    try {
      const mock = createMockServer({ seed: 'demo', variant: 'B', clock: 'manual' });
      const file = join(dir, 'state-b.json');
      await writeFile(file, JSON.stringify(mock.exportState()));
      mock.dispose();
      expect(() => parseCli(['--seed', file])).toThrow(
        `--seed: ${file} holds a variant B state; serve it with --variant B`,
      );
      expect(parseCli(['--seed', file, '--variant', 'b']).options.variant).toBe('B');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('refuses a --seed file that holds no object (null, 0, false, "", an array)', async () => {
    // `--seed null.json` threw 'Cannot read properties of null (reading 'variant')', exit code 1;
    // before the variant hint it started a server with no seed, which then failed reading api_keys.
    const dir = await mkdtemp(join(tmpdir(), 'mock-seed-'));
    try {
      for (const [text, shown = text] of [
        ['null'],
        ['0'],
        ['false'],
        ['""'],
        ['[]', 'an array'],
        ['[{"variant":"A"}]', 'an array'],
      ]) {
        const file = join(dir, 'not-a-state.json');
        await writeFile(file, text as string);
        expect(() => parseCli(['--seed', file])).toThrow(
          new UsageError(
            `--seed: ${file} must hold a state exported earlier (GET /__mock/state), an object, not ${shown}`,
          ),
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("drops the period of Node's own messages, which the CLI follows with '. Try --help.'", () => {
    expect(() => parseCli(['--port'])).toThrow(/argument missing$/);
    expect(() => parseCli(['--colour'])).toThrow(/^Unknown option '--colour'$/);
  });

  it('names the flag an unknown one is a slip for, and says a flag followed by another lacks its value', () => {
    expect(() => parseCli(['--prot', '4011'])).toThrow(
      /^Unknown option '--prot'; did you mean --port\?$/,
    );
    expect(() => parseCli(['--clcok', 'manual'])).toThrow(/did you mean --clock\?$/);
    expect(() => parseCli(['--exit-with-parnet'])).toThrow(/did you mean --exit-with-parent\?$/);
    // Node's first line alone ("argument is ambiguous") did not say what was wrong.
    expect(() => parseCli(['--port', '--host', '::1'])).toThrow(
      /^Option '--port' argument is ambiguous: did you forget its value\? \(one starting with - is written --port=-1\)$/,
    );
  });
});
