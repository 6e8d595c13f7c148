import { expect, it } from 'vitest';
import { rateLimits } from './rate-limits.js';
import { mockEnv } from './support/mock-env.js';

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
