import { expect, it } from 'vitest';
import { rateLimits } from './rate-limits.js';
import { mockEnv } from './support/mock-env.js';
import { ExampleStopped } from './support/run-example.js';

it('rate limits: a retried 429, a handled one, and a throttled burst without any', async () => {
  const { mock, env, lines } = mockEnv({ rateLimit: { limit: 10, windowMs: 2_000 } });
  const start = mock.clock.now();
  await rateLimits(env);
  expect(lines).toEqual([
    '1. retried: listed 3 agents after 1 429',
    '2. handled: 429 RATE_LIMIT_EXCEEDED, retry after 1 s',
    '3. throttle: 15 calls at once, limit 10 per window...',
    '   done, with 0 429',
  ]);
  // The waits happened on the mock's clock: Retry-After, then at least one rate-limit window.
  expect(mock.clock.now() - start).toBeGreaterThanOrEqual(3_000);
});

it('stops with one line before the burst on a manual clock it cannot advance (--clock manual)', async () => {
  // As when run against `pnpm start --clock manual`: the SDK waits in real time (Retry-After: 1 s).
  const { env, lines } = mockEnv({ rateLimit: { limit: 10, windowMs: 2_000 } });
  const { clock: _, ...realTime } = env;
  const stopped = await rateLimits(realTime).catch((error: unknown) => error);
  expect(stopped).toBeInstanceOf(ExampleStopped);
  expect((stopped as Error).message).toMatch(
    /^rate-limits: stopped before the burst: .*--clock manual.*wait forever; start it without --clock manual/,
  );
  expect((stopped as Error).message).not.toContain('\n');
  expect(lines).toEqual([
    '1. retried: listed 3 agents after 1 429',
    '2. handled: 429 RATE_LIMIT_EXCEEDED, retry after 1 s',
  ]);
});
