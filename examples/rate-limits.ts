// Rate limits: the SDK retries a 429 for you; you can handle it yourself; `throttle` avoids it.
// Run: pnpm -C examples rate-limits   (its own mock allows 10 requests per 2 s, to keep the run short)
import { AgentPlatform, isRateLimitError } from '@agent-platform/sdk';
import { mockControl } from './support/mock-control.js';
import { type ExampleEnv, ExampleStopped, isMain, runExample } from './support/run-example.js';

/** The largest burst the example sends: the limit and 5 more, for a limit up to this. */
const MAX_BURST = 10_000;

/** A 429 retried, a 429 handled, and a burst larger than the limit that draws no 429 at all. */
export async function rateLimits(env: ExampleEnv): Promise<void> {
  const { baseUrl, apiKey, clock, log } = env;
  const fetch = env.fetch ?? globalThis.fetch;
  let tooMany = 0;
  // Counts the 429s the server answers, retried or not.
  const countingFetch = async (input: Request | string | URL, init?: RequestInit) => {
    const response = await fetch(input, init);
    if (response.status === 429) tooMany++;
    return response;
  };
  const client = new AgentPlatform({ apiKey, baseUrl, fetch: countingFetch, clock });

  // The mock's control API injects the next 429 (with Retry-After: 1) on GET /v1/agents. A server
  // started with --admin-token wants it (AGENT_PLATFORM_MOCK_ADMIN_TOKEN); any refusal stops here.
  const control = mockControl(env);
  const injectRateLimit = () =>
    control.faults.add({
      method: 'GET',
      path: '/v1/agents',
      status: 429,
      retry_after: 1,
      times: 1,
    });

  // 1. Retried for you: the client waits Retry-After (1 s), then tries again.
  await injectRateLimit();
  const agents = await client.agents.list();
  log(`1. retried: listed ${agents.data.length} agents after ${tooMany} 429`);

  // 2. Handled by you: no retries, and RateLimitError says how long to wait.
  await injectRateLimit();
  try {
    await client.agents.list({}, { maxRetries: 0 });
  } catch (error) {
    if (!isRateLimitError(error)) throw error;
    log(`2. handled: ${error.status} ${error.code}, retry after ${error.retryAfter} s`);
  }

  // 3. throttle: a burst larger than the limit, spaced by the X-RateLimit-* headers.
  const throttled = new AgentPlatform({
    apiKey,
    baseUrl,
    fetch: countingFetch,
    clock,
    throttle: true,
  });
  const { rateLimit } = await throttled.me().withResponse();
  // A limit no burst reaches: a mock started with --rate-limit off reports 2147483647 a window, and a
  // burst past it would be 2 billion calls at once (out of memory long before). Nothing to space.
  if (rateLimit && rateLimit.limit > MAX_BURST) {
    // 2147483647 is what a mock with --rate-limit off reports; another server's large limit is its own.
    const off = rateLimit.limit === 2_147_483_647 ? ' (a mock with --rate-limit off)' : '';
    log(
      `3. throttle: skipped: the limit is ${rateLimit.limit} per window, more than a burst here reaches${off}`,
    );
    return;
  }
  // On a mock started with --clock manual, a rate-limit window resets only when its clock is
  // advanced: waiting in real time, the burst would wait forever. (Given a `clock`, as in the
  // tests, the waits advance the mock's clock themselves.)
  if (!clock && rateLimit && (await control.clock.info()).mode === 'manual') {
    throw new ExampleStopped(
      `rate-limits: stopped before the burst: the server at ${baseUrl} runs a manual clock (--clock manual), whose rate-limit window does not reset by itself, so throttle would wait forever; start it without --clock manual (or with --rate-limit off, which skips the burst), or unset AGENT_PLATFORM_BASE_URL so that the example starts its own mock`,
    );
  }
  const burst = (rateLimit?.limit ?? 10) + 5;
  // The calls past the limit wait for the next window: say how long, a minute against `pnpm start`.
  const now = clock?.now() ?? Date.now();
  const window = rateLimit
    ? `limit ${rateLimit.limit} per window, the next in ${Math.max(0, Math.ceil(rateLimit.reset - now / 1000))} s`
    : 'no rate limit reported';
  log(`3. throttle: ${burst} calls at once, ${window}...`);
  tooMany = 0;
  await Promise.all(Array.from({ length: burst }, () => throttled.me()));
  log(`   done, with ${tooMany} 429`);
}

if (isMain(import.meta.url)) {
  await runExample(rateLimits, { rateLimit: { limit: 10, windowMs: 2_000 } });
}
