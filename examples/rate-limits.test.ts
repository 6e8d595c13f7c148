import { expect, it } from 'vitest';
import { rateLimits } from './rate-limits.js';
import { mockEnv } from './support/mock-env.js';
import { ExampleStopped } from './support/run-example.js';

// The window's reset is in whole seconds: a clock that starts between two of them (as a real one
// almost always does) makes the burst's `the next in N s` the same on every run.
const startTime = '2026-01-01T09:00:00.250Z';

it('rate limits: a retried 429, a handled one, and a throttled burst without any', async () => {
  const { mock, env, lines } = mockEnv({ rateLimit: { limit: 10, windowMs: 2_000 }, startTime });
  const start = mock.clock.now();
  await rateLimits(env);
  expect(lines).toEqual([
    '1. retried: listed 3 agents after 1 429',
    '2. handled: 429 RATE_LIMIT_EXCEEDED, retry after 1 s',
    '3. throttle: 15 calls at once, limit 10 per window, the next in 3 s...',
    '   done, with 0 429',
  ]);
  // The waits happened on the mock's clock: Retry-After, then at least one rate-limit window.
  expect(mock.clock.now() - start).toBeGreaterThanOrEqual(3_000);
});

it.each([
  ['', undefined],
  [' that wants an admin token (AGENT_PLATFORM_MOCK_ADMIN_TOKEN)', 'example-admin-token'],
])(
  'stops with one line before the burst on a manual clock it cannot advance (--clock manual)%s',
  async (_, adminToken) => {
    // As when run against `pnpm start --clock manual`: the SDK waits in real time (Retry-After: 1 s).
    const { env, lines } = mockEnv({ rateLimit: { limit: 10, windowMs: 2_000 }, adminToken });
    const { clock: _clock, ...realTime } = env;
    const stopped = await rateLimits({ ...realTime, adminToken }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ExampleStopped);
    expect((stopped as Error).message).toMatch(
      /^rate-limits: stopped before the burst: .*--clock manual.*wait forever; start it without --clock manual/,
    );
    expect((stopped as Error).message).not.toContain('\n');
    expect(lines).toEqual([
      '1. retried: listed 3 agents after 1 429',
      '2. handled: 429 RATE_LIMIT_EXCEEDED, retry after 1 s',
    ]);
  },
);

it.each([
  ['its clock', true],
  ['a manual clock it cannot advance', false],
])('skips the burst against a server with --rate-limit off, on %s', async (_, withClock) => {
  // Its limit, 2147483647, made a burst of 2147483652 calls, and the process ran out of memory; on a
  // manual clock it stopped, saying to start the server with --rate-limit off.
  const { mock, env, lines } = mockEnv({ rateLimit: false, startTime });
  const { clock: _clock, ...realTime } = env;
  await rateLimits(withClock ? env : realTime);
  expect(lines).toEqual([
    '1. retried: listed 3 agents after 1 429',
    '2. handled: 429 RATE_LIMIT_EXCEEDED, retry after 1 s',
    '3. throttle: skipped: the limit is 2147483647 per window, more than a burst here reaches (a mock with --rate-limit off)',
  ]);
  expect(mock.requests({ path: '/v1/me' })).toHaveLength(1);
});

it('sends the admin token on its control calls (--admin-token)', async () => {
  const { env, lines } = mockEnv({
    rateLimit: { limit: 10, windowMs: 2_000 },
    adminToken: 'example-admin-token',
    startTime,
  });
  await rateLimits({ ...env, adminToken: 'example-admin-token' });
  expect(lines).toEqual([
    '1. retried: listed 3 agents after 1 429',
    '2. handled: 429 RATE_LIMIT_EXCEEDED, retry after 1 s',
    '3. throttle: 15 calls at once, limit 10 per window, the next in 3 s...',
    '   done, with 0 429',
  ]);
});

it.each([
  [
    'no token',
    undefined,
    'the server wants an admin token (--admin-token or AGENT_PLATFORM_MOCK_ADMIN_TOKEN); set AGENT_PLATFORM_MOCK_ADMIN_TOKEN to it',
  ],
  [
    'a wrong token',
    'a-wrong-token',
    'AGENT_PLATFORM_MOCK_ADMIN_TOKEN is not the admin token the server was started with',
  ],
])(
  'stops before step 1 when the control API refuses its token (%s), naming the status and what to set',
  async (_, adminToken, advice) => {
    const { mock, env, lines } = mockEnv({
      rateLimit: { limit: 10, windowMs: 2_000 },
      adminToken: 'example-admin-token',
    });
    // Without a `clock` too, as a program runs: no step may go on as if the fault were injected.
    const { clock: _clock, ...realTime } = env;
    const stopped = await rateLimits({ ...realTime, adminToken }).catch((error: unknown) => error);
    expect(stopped).toBeInstanceOf(ExampleStopped);
    expect((stopped as Error).message).toBe(
      `the mock's control API refused faults.add at ${mock.baseUrl} with 401 (UNAUTHORIZED x-mock-admin-token: missing or wrong control API token): ${advice}`,
    );
    expect(lines).toEqual([]);
    expect(mock.requests().filter((r) => r.path.startsWith('/v1'))).toEqual([]);
  },
);
