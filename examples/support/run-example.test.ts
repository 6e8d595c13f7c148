import { createMockServer, DEMO_API_KEY } from '@agent-platform/mock-server';
import { AgentPlatform } from '@agent-platform/sdk';
import { afterEach, expect, it, vi } from 'vitest';
import { runExample } from './run-example.js';

afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  process.exitCode = undefined;
});

it('uses the demo key with the mock it starts, whatever AGENT_PLATFORM_API_KEY says', async () => {
  vi.stubEnv('AGENT_PLATFORM_BASE_URL', '');
  vi.stubEnv('AGENT_PLATFORM_API_KEY', 'a-real-key-for-another-server');
  vi.spyOn(console, 'log').mockImplementation(() => {});
  let status = 0;
  await runExample(async ({ baseUrl, apiKey }) => {
    expect(apiKey).toBe(DEMO_API_KEY);
    const response = await fetch(`${baseUrl}/v1/agents`, { headers: { 'x-api-key': apiKey } });
    status = response.status;
  });
  expect(status).toBe(200);
  expect(process.exitCode).toBeUndefined();
});

it('uses AGENT_PLATFORM_API_KEY with the server AGENT_PLATFORM_BASE_URL names', async () => {
  vi.stubEnv('AGENT_PLATFORM_BASE_URL', 'http://127.0.0.1:1');
  vi.stubEnv('AGENT_PLATFORM_API_KEY', 'a-real-key-for-that-server');
  let seen: { baseUrl: string; apiKey: string } | undefined;
  await runExample(async ({ baseUrl, apiKey }) => {
    seen = { baseUrl, apiKey };
  });
  expect(seen).toEqual({ baseUrl: 'http://127.0.0.1:1', apiKey: 'a-real-key-for-that-server' });
});

it('takes an empty AGENT_PLATFORM_API_KEY as unset (the demo key), as an empty AGENT_PLATFORM_BASE_URL is', async () => {
  // As CI sets a secret that is not defined: `AGENT_PLATFORM_API_KEY: ${{ secrets.KEY }}` is ''.
  vi.stubEnv('AGENT_PLATFORM_BASE_URL', 'http://127.0.0.1:1');
  vi.stubEnv('AGENT_PLATFORM_API_KEY', '');
  let apiKey: string | undefined;
  await runExample(async (env) => {
    apiKey = env.apiKey;
  });
  expect(apiKey).toBe(DEMO_API_KEY);
});

it('passes AGENT_PLATFORM_MOCK_ADMIN_TOKEN on to an example against AGENT_PLATFORM_BASE_URL only', async () => {
  vi.stubEnv('AGENT_PLATFORM_MOCK_ADMIN_TOKEN', 'the-token-of-that-server');
  vi.stubEnv('AGENT_PLATFORM_BASE_URL', 'http://127.0.0.1:1');
  let token: string | undefined;
  await runExample(async ({ adminToken }) => {
    token = adminToken;
  });
  expect(token).toBe('the-token-of-that-server');

  // The mock the example starts itself has no token: it would not know one from the environment.
  vi.stubEnv('AGENT_PLATFORM_BASE_URL', '');
  vi.spyOn(console, 'log').mockImplementation(() => {});
  await runExample(async ({ adminToken }) => {
    token = adminToken;
  });
  expect(token).toBeUndefined();
  expect(process.exitCode).toBeUndefined();
});

it('takes the server from another variable when the example names one (contract-proxy: AGENT_PLATFORM_UPSTREAM_URL)', async () => {
  // AGENT_PLATFORM_BASE_URL is where the SDK sends; the proxy example's server is its upstream.
  vi.stubEnv('AGENT_PLATFORM_BASE_URL', 'http://127.0.0.1:1');
  vi.stubEnv('AGENT_PLATFORM_UPSTREAM_URL', 'http://127.0.0.1:2');
  let seen: string | undefined;
  await runExample(
    async ({ baseUrl }) => {
      seen = baseUrl;
    },
    {},
    'AGENT_PLATFORM_UPSTREAM_URL',
  );
  expect(seen).toBe('http://127.0.0.1:2');

  // Unset: a mock started here, which the line names by the variable.
  vi.stubEnv('AGENT_PLATFORM_UPSTREAM_URL', '');
  const log = vi.spyOn(console, 'log').mockImplementation(() => {});
  await runExample(
    async ({ baseUrl }) => {
      seen = baseUrl;
    },
    {},
    'AGENT_PLATFORM_UPSTREAM_URL',
  );
  expect(seen).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  expect(log.mock.calls[0]?.[0]).toMatch(
    /^\(no AGENT_PLATFORM_UPSTREAM_URL set: started the mock server at /,
  );
  expect(process.exitCode).toBeUndefined();
});

it.each([
  [
    'a wrong AGENT_PLATFORM_API_KEY',
    'not-a-key-of-this-server',
    /^the server refused AGENT_PLATFORM_API_KEY \(401 UNAUTHORIZED: .*\); set it to a key of that server, or unset it for the demo key \(demo-key-all-scopes\), which pnpm start takes$/,
  ],
  [
    'the demo key, on a server without it',
    '',
    /^the server refused the demo key \(401 UNAUTHORIZED: .*\); set AGENT_PLATFORM_API_KEY to a key of that server$/,
  ],
])('says in one line that the server refused %s, and what to set', async (_, key, said) => {
  // A server whose workspace has no demo key: its seed is empty.
  const mock = createMockServer({ seed: 'none' });
  const server = await mock.listen({ port: 0 });
  try {
    vi.stubEnv('AGENT_PLATFORM_BASE_URL', server.url);
    vi.stubEnv('AGENT_PLATFORM_API_KEY', key);
    const errors: unknown[] = [];
    vi.spyOn(console, 'error').mockImplementation((line) => errors.push(line));
    await runExample(async ({ baseUrl, apiKey }) => {
      await new AgentPlatform({ baseUrl, apiKey }).me();
    });
    expect(errors).toEqual([expect.stringMatching(said)]);
    expect(process.exitCode).toBe(1);
  } finally {
    await server.close();
    mock.dispose();
  }
});

it('leaves a 401 from the mock it starts as the error it is: that mock takes the demo key, whatever the environment says', async () => {
  vi.stubEnv('AGENT_PLATFORM_BASE_URL', '');
  vi.stubEnv('AGENT_PLATFORM_API_KEY', 'a-key-for-another-server');
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const errors: unknown[] = [];
  vi.spyOn(console, 'error').mockImplementation((error) => errors.push(error));
  await runExample(async ({ baseUrl }) => {
    await new AgentPlatform({ baseUrl, apiKey: 'not-the-demo-key' }).me();
  });
  expect(errors).toHaveLength(1);
  expect(errors[0]).toBeInstanceOf(Error);
  expect(process.exitCode).toBe(1);
});
