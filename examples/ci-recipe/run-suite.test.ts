import { execFile } from 'node:child_process';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { listening } from '../support/listening.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./run-suite.sh', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
// The CLI from source: the examples' tests also run without a build (`pnpm exec vitest run examples`
// after `pnpm install`), where dist/cli.js does not exist.
const cli = fileURLToPath(
  new URL('../../packages/mock-server/src/transports/cli.ts', import.meta.url),
);
// Its `paths` map the workspace packages to their sources (tsx reads the cwd's tsconfig otherwise).
const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

const launcher = fileURLToPath(new URL('./test-launcher.sh', import.meta.url));

// Without the admin token of the shell that runs the tests (the mock CLI would take it), unless given.
const { AGENT_PLATFORM_MOCK_ADMIN_TOKEN: _token, ...env } = process.env;
const suite = (mock: string, more: NodeJS.ProcessEnv = {}) =>
  run('bash', [script], { env: { ...env, AGENT_PLATFORM_MOCK: mock, ...more }, timeout: 60_000 });

it('the curl suite passes against the mock CLI on a free port', async () => {
  const { stdout } = await suite(`${tsx} --tsconfig ${tsconfig} ${cli}`);
  expect(stdout).toMatch(/^mock server at http:\/\/127\.0\.0\.1:\d+$/m);
  expect(stdout).toContain('13 passed, 0 failed');
}, 70_000);

it('sends AGENT_PLATFORM_MOCK_ADMIN_TOKEN on its control calls, as the mock it starts takes it', async () => {
  // A shared runner's CI sets the variable so that no other user of the machine can drive the mock.
  const { stdout } = await suite(`${tsx} --tsconfig ${tsconfig} ${cli}`, {
    AGENT_PLATFORM_MOCK_ADMIN_TOKEN: 'ci-admin-token',
  });
  expect(stdout).toContain('13 passed, 0 failed');
}, 70_000);

/** Whether this machine has an IPv6 loopback to listen on. */
const ipv6Loopback = await new Promise<boolean>((resolve) => {
  const server = createServer();
  server.once('error', () => resolve(false));
  server.listen(0, '::1', () => server.close(() => resolve(true)));
});

/** Runs the suite against the CLI on `host`: its banner's whole URL, and every check passing. */
async function suiteOnHost(host: string, url: RegExp): Promise<void> {
  const { stdout } = await suite(`${tsx} --tsconfig ${tsconfig} ${cli} --host ${host}`);
  expect(stdout).toMatch(url);
  expect(stdout).toContain('13 passed, 0 failed');
}

it('reads the whole URL from the banner of a mock on --host localhost', async () => {
  await suiteOnHost('localhost', /^mock server at http:\/\/localhost:\d+$/m);
}, 70_000);

it.skipIf(!ipv6Loopback)(
  'reads the whole URL from the banner of a mock on --host ::1 (http://[::1]:PORT)',
  async () => {
    await suiteOnHost('::1', /^mock server at http:\/\/\[::1\]:\d+$/m);
  },
  70_000,
);

it('fails the CI step at once, saying so, when the banner names no URL with a host and a port', async () => {
  // A banner cut short after the scheme: no check may run against "http://".
  const dir = await mkdtemp(join(tmpdir(), 'bad-banner-'));
  try {
    const fake = join(dir, 'mock.sh');
    await writeFile(
      fake,
      "#!/bin/sh\necho 'agent-platform-mock listening on http:// | variant A'\nexec sleep 60\n",
    );
    await expect(suite(`sh ${fake}`)).rejects.toMatchObject({
      code: 1,
      stdout: expect.not.stringContaining('FAIL'),
      stderr: expect.stringContaining(
        'the mock server\'s banner has no URL with a host and a port after "listening on": "http://"',
      ),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 70_000);

it('runs the CLI from source by default in this repository, without npx', async () => {
  // An npx that fails first on the PATH: the package is not published, and the step needs no network.
  const bin = await mkdtemp(join(tmpdir(), 'no-npx-'));
  try {
    await writeFile(join(bin, 'npx'), '#!/bin/sh\necho npx was run >&2\nexit 1\n');
    await chmod(join(bin, 'npx'), 0o755);
    const { AGENT_PLATFORM_MOCK: _, ...env } = process.env;
    const { stdout } = await run('bash', [script], {
      env: { ...env, PATH: `${bin}:${env.PATH}` },
      timeout: 60_000,
    });
    expect(stdout).toContain('13 passed, 0 failed');
  } finally {
    await rm(bin, { recursive: true, force: true });
  }
}, 70_000);

it('stops the server when the mock runs under a launcher that does not pass signals on (npx)', async () => {
  // The launcher stays the parent of the server, as npx does: killing the launcher alone would
  // leave the server running.
  const { stdout } = await suite(`sh ${launcher} ${tsx} --tsconfig ${tsconfig} ${cli}`);
  expect(stdout).toContain('13 passed, 0 failed');
  const url = /^mock server at (\S+)$/m.exec(stdout)?.[1] ?? '';
  // The server closes on its SIGTERM; polled, so a slow machine only waits longer.
  await expect.poll(() => listening(url), { timeout: 30_000, interval: 50 }).toBe(false);
}, 70_000);

it('fails the CI step when the mock cannot start', async () => {
  await expect(suite(`${tsx} --tsconfig ${tsconfig} ${cli} --variant C`)).rejects.toMatchObject({
    code: 1,
    stderr: expect.stringContaining('the mock server exited before it listened'),
  });
}, 70_000);

/** Runs the suite against `mock`, expecting it to fail; answers its output and the mock's URL. */
async function failingSuite(mock: string) {
  const failure = await suite(mock).then(
    () => undefined,
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  if (!failure) throw new Error('the suite passed');
  const url = /^mock server at (\S+)$/m.exec(failure.stdout)?.[1] ?? '';
  return { ...failure, url };
}

it('stops with what the server answered when the contact cannot be created, and stops the server', async () => {
  // A limit of one request per minute: the create, second, is refused with a 429.
  const { code, stdout, stderr, url } = await failingSuite(
    `${tsx} --tsconfig ${tsconfig} ${cli} --rate-limit 1`,
  );
  expect(code).toBe(1);
  expect(stdout).toContain(
    'FAIL contact created (an id): expected 36, got 0\n3 passed, 1 failed (stopped: the next checks need the contact)\n',
  );
  expect(stderr).toContain('POST /v1/contacts answered: {"error":{"code":"RATE_LIMIT_EXCEEDED"');
  await expect.poll(() => listening(url), { timeout: 30_000, interval: 50 }).toBe(false);
}, 70_000);

it('stops at once, saying so, when the control API refuses to set the scene', async () => {
  // A mock that wants an admin token: the suite sends none, so POST /__mock/faults is a 401.
  const { code, stdout, stderr, url } = await failingSuite(
    `${tsx} --tsconfig ${tsconfig} ${cli} --admin-token not-sent`,
  );
  expect(code).toBe(1);
  expect(stderr).toContain('error: 401');
  expect(stderr).toContain('POST /__mock/faults failed: the checks after it cannot run');
  // No check ran on a scene that was not set: neither a FAIL for the wrong reason nor an ok by chance.
  expect(stdout).not.toContain('injected 503');
  expect(stdout).toContain('6 passed, 0 failed (stopped)');
  await expect.poll(() => listening(url), { timeout: 30_000, interval: 50 }).toBe(false);
}, 70_000);
