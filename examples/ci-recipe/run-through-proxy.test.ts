import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createMockServer } from '@agent-platform/mock-server';
import { expect, it } from 'vitest';

const run = promisify(execFile);
const script = fileURLToPath(new URL('./run-through-proxy.sh', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));
// The CLI from source: `pnpm test` runs the tests before the build, so dist/cli.js may not exist.
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

// A suite of one call, as a test in any language makes it, against the proxy the script names.
const post = (body: string) => [
  'sh',
  '-c',
  `curl -s -o /dev/null -w '%{http_code}\\n' -H "x-api-key: $AGENT_PLATFORM_API_KEY" -H 'content-type: application/json' -d '${body}' "$AGENT_PLATFORM_BASE_URL/v1/contacts"`,
];

it('passes a conforming suite through the proxy in front of the mock CLI (exit 0)', async () => {
  const { code, stdout, stderr } = await step([]);
  expect({ code, stderr }).toEqual({ code: 0, stderr: '' });
  expect(stdout).toMatch(
    /^proxy at http:\/\/127\.0\.0\.1:\d+, in front of http:\/\/127\.0\.0\.1:\d+$/m,
  );
  expect(stdout).toContain('5 passed, 0 failed');
  expect(stdout).toMatch(/the contract proxy saw no violation\n$/);
}, 70_000);

it('runs the command given as the suite, with AGENT_PLATFORM_BASE_URL the proxy (exit 0)', async () => {
  const { code, stdout } = await step(post('{"name":"Ann"}'));
  expect(code).toBe(0);
  expect(stdout).toContain('\n201\n');
}, 70_000);

it('fails the step (exit 1) when a request breaks the spec, naming the field and the rule', async () => {
  // The mock answers it 400, as it should: the suite passes, the proxy's exit code fails the job.
  const { code, stdout, stderr } = await step(post('{"nmae":"Ann"}'));
  expect(code).toBe(1);
  expect(stdout).toContain('\n400\n');
  expect(stderr).toContain(
    'agent-platform-mock: violation request POST /v1/contacts 400 nmae: is not a known field; did you mean "name"? (unknown)',
  );
  expect(stderr).toMatch(
    /the contract proxy saw violations of spec\/openapi\.yaml \(above, one a line/,
  );
}, 70_000);

it("fails the step with the suite's exit code when the suite fails and the proxy saw nothing", async () => {
  const { code, stderr } = await step(['sh', '-c', 'exit 3']);
  expect({ code, stderr }).toEqual({ code: 3, stderr: '' });
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
    expect(stdout).toContain('5 passed, 0 failed');
    // The suite's calls reached the upstream named, through the proxy.
    expect(upstream.requests().map((r) => `${r.method} ${r.status}`)).toEqual([
      'GET 200',
      'POST 201',
      'GET 200',
      'DELETE 204',
      'GET 404',
    ]);
  } finally {
    await server.close();
    upstream.dispose();
  }
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

it("keeps the proxy's exit code under a launcher that passes SIGTERM on (npx)", async () => {
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
    expect(breaking.code).toBe(1);
    expect(breaking.stderr).toContain('the contract proxy saw violations');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}, 70_000);
