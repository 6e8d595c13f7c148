import { type ChildProcess, spawn } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'tsup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCli } from '../src/transports/cli-args.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = fileURLToPath(new URL('../.test-dist', import.meta.url));
const cli = `${outDir}/cli.js`;

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [cli, ...args], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => out, stderr: () => err, exit };
}

async function banner(r: Run): Promise<string> {
  for (let i = 0; i < 400 && !r.stdout().includes('\n'); i++)
    await new Promise((res) => setTimeout(res, 25));
  return r.stdout().split('\n')[0] ?? '';
}

beforeAll(async () => {
  await build({
    entry: { cli: `${root}src/transports/cli.ts` },
    format: ['esm'],
    outDir,
    silent: true,
    config: false,
    banner: { js: '#!/usr/bin/env node' },
  });
}, 60_000);

afterAll(async () => {
  await rm(outDir, { recursive: true, force: true });
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

  it('answers a bad flag with one line and exit code 2', async () => {
    const r = run(['--varient', 'B']);
    expect(await r.exit).toBe(2);
    expect(r.stderr().trim().split('\n')).toHaveLength(1);
    expect(r.stderr()).toMatch(/--varient/);
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
    ]) {
      expect(r.stdout()).toContain(flag);
    }
  });
});

describe('CLI flags', () => {
  it('has the decided defaults', () => {
    const config = parseCli([]);
    expect(config).toMatchObject({ port: 4010, host: '127.0.0.1', seedLabel: 'demo' });
    expect(config.options).toMatchObject({
      variant: 'A',
      clock: 'real',
      rateLimit: { limit: 100, windowMs: 60_000 },
      seed: 'demo',
      requireHttps: false,
    });
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
  ])('rejects %j', (args, message) => {
    expect(() => parseCli(args)).toThrow(message);
  });
});
