import { execFile, spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createMockServer } from '@agent-platform/mock-server';
import { expect, it, onTestFinished } from 'vitest';
import { listening } from '../support/listening.js';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./run-through-proxy.sh', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
// The CLI from source: the examples' tests also run without a build (`pnpm exec vitest run examples`
// after `pnpm install`), where dist/cli.js does not exist.
const cli = fileURLToPath(
  new URL('../../packages/mock-server/src/transports/cli.ts', import.meta.url),
);
const tsconfig = fileURLToPath(new URL('../tsconfig.json', import.meta.url));

// Without the shell's own settings for the servers the script starts, unless a test gives them.
const {
  AGENT_PLATFORM_MOCK_ADMIN_TOKEN: _token,
  AGENT_PLATFORM_UPSTREAM_URL: _upstream,
  AGENT_PLATFORM_BASE_URL: _base,
  AGENT_PLATFORM_API_KEY: _key,
  AGENT_PLATFORM_MOCK_FLAGS: _flags,
  AGENT_PLATFORM_VARIANT: _variant,
  ...env
} = process.env;
const mock = `${tsx} --tsconfig ${tsconfig} ${cli}`;

/** Runs the script with `args` as the suite; answers its exit code and output, failing or not. */
async function step(args: string[], more: NodeJS.ProcessEnv = {}) {
  return run('bash', [script, ...args], {
    env: { ...env, AGENT_PLATFORM_MOCK: mock, ...more },
    timeout: 60_000,
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
}

// A suite of one call, as a test in any language makes it, against the proxy the script names;
// it ends with the exit code `exit` (0: it passed).
const post = (body: string, exit = 0, header = '') => [
  'sh',
  '-c',
  `curl -s -o /dev/null -w '%{http_code}\\n' -H "x-api-key: $AGENT_PLATFORM_API_KEY" -H 'content-type: application/json' ${header} -d '${body}' "$AGENT_PLATFORM_BASE_URL/v1/contacts"; exit ${exit}`,
];

/** The step's exit code when the suite passed and the proxy saw violations (sysexits' EX_DATAERR). */
const VIOLATIONS = 65;

it('passes a conforming suite through the proxy in front of the mock CLI (exit 0)', async () => {
  const { code, stdout, stderr } = await step([]);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(stdout).toMatch(
    /^proxy at http:\/\/127\.0\.0\.1:\d+, in front of http:\/\/127\.0\.0\.1:\d+$/m,
  );
  expect(stdout).toContain('6 passed, 0 failed');
  expect(stdout).toMatch(/the contract proxy saw no violation\n$/);
}, 70_000);

it('runs the command given as the suite, with AGENT_PLATFORM_BASE_URL the proxy (exit 0)', async () => {
  const { code, stdout } = await step(post('{"name":"Ann"}'));
  expect(code).toBe(0);
  expect(stdout).toContain('\n201\n');
}, 70_000);

it('fails the step (exit 65, no code a passing suite has) when a request breaks the spec, naming the field and the rule', async () => {
  // The mock answers it 400, as it should: the suite passes, the proxy's exit code fails the job.
  const { code, stdout, stderr } = await step(post('{"nmae":"Ann"}'));
  expect(code).toBe(VIOLATIONS);
  expect(stdout).toContain('\n400\n');
  expect(stderr).toContain(
    'agent-platform-mock: violation request POST /v1/contacts 400 nmae: is not a known field; did you mean "name"? (unknown)',
  );
  expect(stderr).toMatch(
    /the contract proxy saw violations of spec\/openapi\.yaml \(above, one a line/,
  );
}, 70_000);

it('passes a negative test marked X-Contract-Expect-Violation: request (exit 0), the API answering it 400', async () => {
  const marked = "-H 'x-contract-expect-violation: request'";
  const { code, stdout, stderr } = await step(post('{"nmae":"Ann"}', 0, marked));
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(stdout).toContain('\n400\n');
  expect(stdout).toMatch(/the contract proxy saw no violation\n$/);
}, 70_000);

it("fails the step with the suite's exit code when the suite fails and the proxy saw nothing", async () => {
  const { code, stderr } = await step(['sh', '-c', 'exit 3']);
  expect({ code, stderr }).toEqual({ code: 3, stderr: '' });
}, 70_000);

it("keeps the failed suite's exit code when the proxy saw violations too, and still prints them", async () => {
  // The step exited 1 for the violations: a CI reading the code lost why the suite failed.
  const { code, stdout, stderr } = await step(post('{"nmae":"Ann"}', 3));
  expect(code).toBe(3);
  expect(stdout).toContain('\n400\n');
  expect(stderr).toContain('agent-platform-mock: violation request POST /v1/contacts 400 nmae:');
  expect(stderr).toMatch(
    /the contract proxy saw violations of spec\/openapi\.yaml \(above, one a line/,
  );
  expect(stderr).toContain('the suite failed (exit 3): the step exits with its code\n');
}, 70_000);

it('puts the proxy in front of AGENT_PLATFORM_UPSTREAM_URL, with AGENT_PLATFORM_API_KEY, and starts no mock', async () => {
  const upstream = createMockServer({ seed: 'demo' });
  const server = await upstream.listen({ port: 0 });
  try {
    const { code, stdout } = await step([], {
      AGENT_PLATFORM_UPSTREAM_URL: server.url,
      AGENT_PLATFORM_API_KEY: 'demo-key-all-scopes',
    });
    expect(code).toBe(0);
    expect(stdout).toContain(`, in front of ${server.url}\n`);
    expect(stdout).toContain('6 passed, 0 failed');
    // The suite's calls reached the upstream named, through the proxy.
    expect(upstream.requests().map((r) => `${r.method} ${r.status}`)).toEqual([
      'GET 200',
      'POST 201',
      'GET 200',
      'DELETE 204',
      'GET 404',
      'POST 400',
    ]);
  } finally {
    await server.close();
    upstream.dispose();
  }
}, 70_000);

// A Variant B suite subscribes to B's events and categories (channels, conversation.reopened): the
// proxy, always Variant A, counted each as a request violation and the step exited 65.
const subscribeB = [
  'sh',
  '-c',
  `curl -s -o /dev/null -w '%{http_code}\\n' -H "x-api-key: $AGENT_PLATFORM_API_KEY" -H 'content-type: application/json' -d '{"url":"http://127.0.0.1:9/hook","events":["channels","conversation.reopened"]}' "$AGENT_PLATFORM_BASE_URL/v1/webhooks"`,
];

it('runs the mock and the proxy in Variant B with AGENT_PLATFORM_VARIANT=B (a B suite passes, exit 0)', async () => {
  const { code, stdout, stderr } = await step(subscribeB, { AGENT_PLATFORM_VARIANT: 'B' });
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(stdout).toContain('201\n');
}, 70_000);

it('checks a Variant B upstream as B with AGENT_PLATFORM_VARIANT=B', async () => {
  const upstream = createMockServer({ seed: 'demo', variant: 'B' });
  const server = await upstream.listen({ port: 0 });
  try {
    const { code, stderr } = await step(subscribeB, {
      AGENT_PLATFORM_UPSTREAM_URL: server.url,
      AGENT_PLATFORM_API_KEY: 'demo-key-all-scopes',
      AGENT_PLATFORM_VARIANT: 'B',
    });
    expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  } finally {
    await server.close();
    upstream.dispose();
  }
}, 70_000);

it('starts the mock with AGENT_PLATFORM_MOCK_FLAGS after its own flags (a manual clock the suite reads through the proxy)', async () => {
  const clock = ['sh', '-c', 'curl -s "$AGENT_PLATFORM_BASE_URL/__mock/clock"'];
  const { code, stdout, stderr } = await step(clock, {
    AGENT_PLATFORM_MOCK_FLAGS: '--clock manual --start-time 2024-01-01T09:00:00Z',
  });
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(stdout).toContain('"now":"2024-01-01T09:00:00.000Z"');
  expect(stdout).toContain('"mode":"manual"');
}, 70_000);

it('refuses AGENT_PLATFORM_MOCK_FLAGS beside AGENT_PLATFORM_UPSTREAM_URL, which starts no mock (exit 2)', async () => {
  const { code, stdout, stderr } = await step([], {
    AGENT_PLATFORM_UPSTREAM_URL: 'http://127.0.0.1:9',
    AGENT_PLATFORM_API_KEY: 'sk-test',
    AGENT_PLATFORM_MOCK_FLAGS: '--clock manual',
  });
  expect({ code, stdout, stderr }).toEqual({
    code: 2,
    stdout: '',
    stderr:
      'AGENT_PLATFORM_MOCK_FLAGS is "--clock manual": flags for the mock this script starts, and with AGENT_PLATFORM_UPSTREAM_URL it starts none; unset one of them\n',
  });
}, 70_000);

it('refuses an AGENT_PLATFORM_VARIANT other than A or B before it starts anything (exit 2)', async () => {
  const { code, stdout, stderr } = await step([], { AGENT_PLATFORM_VARIANT: 'b' });
  expect({ code, stdout, stderr }).toEqual({
    code: 2,
    stdout: '',
    stderr:
      'AGENT_PLATFORM_VARIANT is "b": must be A or B (the variant of the mock and the proxy)\n',
  });
}, 70_000);

it('stops before its checks, naming AGENT_PLATFORM_API_KEY, when AGENT_PLATFORM_UPSTREAM_URL is set without it', async () => {
  // Its checks sent an empty key: three 401s ("expected 200, got 401") that did not say what to set.
  const upstream = createMockServer({ seed: 'demo' });
  const server = await upstream.listen({ port: 0 });
  try {
    const { code, stdout, stderr } = await step([], { AGENT_PLATFORM_UPSTREAM_URL: server.url });
    expect({ code, stdout, stderr }).toEqual({
      code: 2,
      stdout: '',
      stderr: `AGENT_PLATFORM_UPSTREAM_URL is ${server.url}: set AGENT_PLATFORM_API_KEY to a key of that API for the checks (or give your suite's command)\n`,
    });
    expect(upstream.requests()).toEqual([]);
  } finally {
    await server.close();
    upstream.dispose();
  }
}, 70_000);

it("keeps the proxy's exit code under a launcher that passes SIGTERM on", async () => {
  // As npm's exec does: the signal forwarded to the child, the child's exit code its own. Signalled as
  // a whole group (the proxy directly, then again through the launcher), the step saw 143 here.
  const dir = await mkdtemp(join(tmpdir(), 'forwarding-launcher-'));
  try {
    const launcher = join(dir, 'launcher.mjs');
    await writeFile(
      launcher,
      `import { spawn } from 'node:child_process';
const [command, ...args] = process.argv.slice(2);
const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 1));
`,
    );
    const under = { AGENT_PLATFORM_MOCK: `node ${launcher} ${mock}` };
    const conforming = await step([], under);
    expect({ code: conforming.code, stderr: conforming.stderr }).toEqual({ code: 0, stderr: '' });
    const breaking = await step(post('{"nmae":"Ann"}'), under);
    expect(breaking.code).toBe(VIOLATIONS);
    expect(breaking.stderr).toContain('the contract proxy saw violations');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 70_000);

it("keeps the proxy's exit code under a launcher that passes no signal on (npx, its shell dash)", async () => {
  // npx (npm 11, /bin/sh dash) ends by the SIGTERM the step sends it, the proxy running on under it:
  // the step said "the contract proxy exited 143" and exited 1, with or without violations.
  const launcher = fileURLToPath(new URL('./test-launcher.sh', import.meta.url));
  const under = { AGENT_PLATFORM_MOCK: `sh ${launcher} ${mock}` };
  const conforming = await step([], under);
  expect({ code: conforming.code, stderr: conforming.stderr }).toEqual({ code: 0, stderr: '' });
  expect(conforming.stdout).toMatch(/the contract proxy saw no violation\n$/);
  const breaking = await step(post('{"nmae":"Ann"}'), under);
  expect(breaking.code).toBe(VIOLATIONS);
  expect(breaking.stderr).toContain('the contract proxy saw violations');
}, 70_000);

it("keeps the proxy's exit code under such a launcher where there is no ps (a slim image: node:20-slim)", async () => {
  // The wait for the proxy asked ps, which Debian's slim images lack: it read no verdict yet and the
  // step said "the contract proxy exited 143".
  // A PATH of one directory: a link to each command of this one's but ps (the first of each name).
  const bin = await mkdtemp(join(tmpdir(), 'no-ps-'));
  onTestFinished(() => rm(bin, { recursive: true, force: true }));
  const linked = new Set(['ps']);
  for (const dir of (env.PATH ?? '').split(':').filter(Boolean)) {
    for (const name of await readdir(dir).catch(() => [])) {
      if (linked.has(name)) continue;
      linked.add(name);
      await symlink(join(dir, name), join(bin, name));
    }
  }
  const launcher = fileURLToPath(new URL('./test-launcher.sh', import.meta.url));
  const under = { AGENT_PLATFORM_MOCK: `sh ${launcher} ${mock}`, PATH: bin };
  const breaking = await step(post('{"nmae":"Ann"}'), under);
  expect(breaking.code, breaking.stderr).toBe(VIOLATIONS);
  const conforming = await step([], under);
  expect({ code: conforming.code, stderr: conforming.stderr }).toEqual({ code: 0, stderr: '' });
}, 70_000);

/** Whether a process is still there. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

it.each([
  ['SIGTERM', 143],
  ['SIGINT', 130],
] as const)(
  'passes a %s sent to it alone on to the suite, stops the proxy and exits %i',
  async (signal, expected) => {
    // A cancelled CI job signals the step's script; bash ran its traps only once the suite, in the
    // foreground, ended: the suite ran on (here, for ever) and the step with it.
    const dir = await mkdtemp(join(tmpdir(), 'signalled-step-'));
    const heard = join(dir, 'heard');
    // The suite says that it runs (and its pid), then waits for a signal, which it writes down.
    const suite = `const { writeFileSync } = require('node:fs');
for (const name of ['SIGTERM', 'SIGINT']) process.on(name, () => { writeFileSync(${JSON.stringify(heard)}, name); process.exit(0); });
setInterval(() => {}, 1 << 30);
console.log('suite running', process.pid);`;
    const child = spawn('bash', [script, process.execPath, '-e', suite], {
      env: { ...env, AGENT_PLATFORM_MOCK: mock },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (d) => {
      stderr += d;
    });
    const exited = new Promise<[number | null, NodeJS.Signals | null]>((resolve) =>
      child.once('exit', (code, by) => resolve([code, by])),
    );
    const running = new Promise<number>((resolve) =>
      child.stdout.on('data', (d) => {
        stdout += d;
        const pid = /^suite running (\d+)$/m.exec(stdout)?.[1];
        if (pid) resolve(Number(pid));
      }),
    );
    let suitePid = 0;
    onTestFinished(async () => {
      // Whatever the outcome, nothing is left running.
      if (suitePid && alive(suitePid)) process.kill(suitePid, 'SIGKILL');
      child.kill('SIGKILL');
      await rm(dir, { recursive: true, force: true });
    });
    suitePid = await Promise.race([running, exited.then(() => 0)]);
    expect(suitePid, `the step ended before its suite ran: ${stderr}`).toBeGreaterThan(0);
    const proxy = /^proxy at (\S+),/m.exec(stdout)?.[1] ?? '';
    child.kill(signal); // the script alone, not its process group
    expect(await exited).toEqual([expected, null]);
    expect(await readFile(heard, 'utf8')).toBe(signal);
    expect(alive(suitePid)).toBe(false);
    expect(await listening(proxy)).toBe(false);
    expect(stderr).toContain(`stopped by ${signal}: the suite and the proxy were stopped`);
  },
  70_000,
);
