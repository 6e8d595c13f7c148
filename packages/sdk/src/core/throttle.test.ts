import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { apiError, fakeClock, json, recordingFetch } from '../../test/support/recording-fetch.js';
import { AgentPlatform } from '../client.js';
import { APIUserAbortError, RateLimitError } from './errors.js';
import { Throttle } from './throttle.js';

/**
 * A server-side fixed window like the API's: `limit` requests per `windowMs` per key, the window
 * starting at the first request in it, reset reported in whole Unix seconds (rounded up).
 */
function rateLimitedServer(now: () => number, limit = 100, windowMs = 60_000) {
  let windowEnd = 0;
  let used = 0;
  const statuses: number[] = [];
  let concurrent = 0;
  let maxConcurrent = 0;
  const fetch = async (): Promise<Response> => {
    concurrent++;
    maxConcurrent = Math.max(maxConcurrent, concurrent);
    await new Promise((resolve) => setTimeout(resolve, 0));
    concurrent--;
    if (now() >= windowEnd) {
      windowEnd = now() + windowMs;
      used = 0;
    }
    used++;
    const headers = {
      'content-type': 'application/json',
      'X-RateLimit-Limit': String(limit),
      'X-RateLimit-Remaining': String(Math.max(0, limit - used)),
      'X-RateLimit-Reset': String(Math.ceil(windowEnd / 1000)),
    };
    const status = used > limit ? 429 : 200;
    statuses.push(status);
    const body =
      status === 200
        ? { data: { key_name: 'k' } }
        : { error: { code: 'RATE_LIMIT_EXCEEDED', message: 'slow down', status } };
    const retryAfter = String(Math.max(1, Math.ceil((windowEnd - now()) / 1000)));
    return new Response(JSON.stringify(body), {
      status,
      headers: status === 429 ? { ...headers, 'Retry-After': retryAfter } : headers,
    });
  };
  return { fetch, statuses, maxConcurrent: () => maxConcurrent };
}

/** One request through `throttle` whose answer spends the window's budget, which resets at 60 s. */
async function spendBudget(throttle: Throttle): Promise<void> {
  await throttle.acquire();
  const spent = {
    'X-RateLimit-Limit': '100',
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': '60',
  };
  throttle.release(new Response(null, { headers: spent }));
}

/** An `acquire` that records when the throttle lets it through. */
function queued(throttle: Throttle) {
  let through = false;
  const pending = throttle.acquire().then(() => {
    through = true;
  });
  return { pending, through: () => through };
}

describe('throttle', () => {
  it('lets a burst of 300 calls on one key finish without a single 429', async () => {
    const time = fakeClock();
    const server = rateLimitedServer(time.clock.now);
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch: server.fetch,
      clock: time.clock,
      throttle: true,
      maxRetries: 0,
    });
    const results = await Promise.all(Array.from({ length: 300 }, () => client.me()));
    expect(results).toHaveLength(300);
    expect(server.statuses).toHaveLength(300);
    expect(server.statuses.filter((s) => s === 429)).toEqual([]);
    // Three windows: it waited twice for a reset, and did not serialise the whole burst.
    expect(time.sleeps.length).toBeGreaterThanOrEqual(2);
    expect(server.maxConcurrent()).toBeGreaterThan(50);
  });

  it('without throttle the same burst draws 429s (the test can fail)', async () => {
    const time = fakeClock();
    const server = rateLimitedServer(time.clock.now);
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch: server.fetch,
      clock: time.clock,
      maxRetries: 0,
    });
    await Promise.allSettled(Array.from({ length: 150 }, () => client.me()));
    expect(server.statuses.filter((s) => s === 429).length).toBe(50);
  });

  it('sends one probe until the window is known, then no more than remaining', async () => {
    const time = fakeClock();
    const throttle = new Throttle(time.clock, 60_000);
    await throttle.acquire();
    const second = queued(throttle);
    await Promise.resolve();
    expect(second.through()).toBe(false);
    const reset = String(Math.ceil(time.clock.now() / 1000) + 60);
    throttle.release(
      new Response(null, {
        headers: {
          'X-RateLimit-Limit': '2',
          'X-RateLimit-Remaining': '1',
          'X-RateLimit-Reset': reset,
        },
      }),
    );
    await second.pending;
    expect(second.through()).toBe(true);
    // Remaining 1, and the second is in flight: a third waits.
    const third = queued(throttle);
    await Promise.resolve();
    expect(third.through()).toBe(false);
  });

  it('passes everything through when responses carry no rate-limit headers', async () => {
    const throttle = new Throttle(fakeClock().clock, 60_000);
    await throttle.acquire();
    throttle.release(new Response(null));
    // None of them released: all three in flight at once.
    const calls = [queued(throttle), queued(throttle), queued(throttle)];
    await Promise.resolve();
    expect(calls.map((call) => call.through())).toEqual([true, true, true]);
  });

  it('keeps probing after an error answered without rate-limit headers', async () => {
    const throttle = new Throttle(fakeClock().clock, 60_000);
    await throttle.acquire();
    throttle.release(new Response(null, { status: 502 }));
    await throttle.acquire();
    const second = queued(throttle);
    await Promise.resolve();
    expect(second.through()).toBe(false);
    throttle.release(new Response(null));
    await second.pending;
    expect(second.through()).toBe(true);
  });

  it('rejects a waiting request when its signal aborts', async () => {
    const throttle = new Throttle(fakeClock().clock, 60_000);
    await throttle.acquire();
    const controller = new AbortController();
    const waiting = throttle.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('leaves no listener on a signal once its request has gone, queued or not', async () => {
    // One controller for many calls (a page's, a job's): each call's listener would stay on it.
    const throttle = new Throttle(fakeClock().clock, 60_000);
    const { signal } = new AbortController();
    await throttle.acquire(signal);
    const second = throttle.acquire(signal);
    throttle.release();
    await second;
    throttle.release();
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('lets the others through in order when a waiter in the middle aborts', async () => {
    const throttle = new Throttle(fakeClock().clock, 60_000);
    await throttle.acquire();
    const controller = new AbortController();
    const first = queued(throttle);
    const middle = throttle.acquire(controller.signal);
    const last = queued(throttle);
    controller.abort();
    await expect(middle).rejects.toBeInstanceOf(APIUserAbortError);
    // Errors without rate-limit headers: still probing, so one request goes per release.
    throttle.release(new Response(null, { status: 502 }));
    await Promise.resolve();
    expect([first.through(), last.through()]).toEqual([true, false]);
    throttle.release(new Response(null, { status: 502 }));
    await Promise.resolve();
    expect([first.through(), last.through()]).toEqual([true, true]);
  });

  it('ends its wait for the reset when the last waiter aborts, and waits again for the next', async () => {
    // A clock whose sleeps end only when told: a real timer left running kept a script alive
    // until the window's reset (a minute) after its last request had given up.
    let now = 0;
    const sleeps: { ms: number; signal: AbortSignal | undefined; end: () => void }[] = [];
    const throttle = new Throttle(
      {
        now: () => now,
        sleep: (ms, signal) =>
          new Promise((resolve, reject) => {
            sleeps.push({ ms, signal, end: () => resolve() });
            signal?.addEventListener('abort', () => reject(signal.reason));
          }),
      },
      60_000,
    );
    await spendBudget(throttle);
    const controller = new AbortController();
    const waiting = throttle.acquire(controller.signal);
    expect(sleeps.map((s) => [s.ms, s.signal?.aborted])).toEqual([[61_000, false]]);
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(APIUserAbortError);
    expect(sleeps[0]?.signal?.aborted).toBe(true);
    // A request queued afterwards waits for the same reset, and goes when it has passed.
    now = 30_000;
    const later = queued(throttle);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sleeps.map((s) => [s.ms, s.signal?.aborted])).toEqual([
      [61_000, true],
      [31_000, false],
    ]);
    now = 61_000;
    sleeps[1]?.end();
    await later.pending;
    expect(later.through()).toBe(true);
  });

  it('keeps one wait for the reset when a clock that ignores the signal ends an abandoned sleep late', async () => {
    // The abandoned sleep resolving later must neither end the newer wait nor start a second one.
    let now = 0;
    const sleeps: { signal: AbortSignal | undefined; end: () => void }[] = [];
    const throttle = new Throttle(
      {
        now: () => now,
        sleep: (_ms, signal) =>
          new Promise((resolve) => sleeps.push({ signal, end: () => resolve() })),
      },
      60_000,
    );
    await spendBudget(throttle);
    const first = new AbortController();
    const abandoned = throttle.acquire(first.signal);
    first.abort();
    await expect(abandoned).rejects.toBeInstanceOf(APIUserAbortError);
    now = 30_000;
    const second = new AbortController();
    const waiting = throttle.acquire(second.signal);
    expect(sleeps.length).toBe(2);
    sleeps[0]?.end();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sleeps.length).toBe(2);
    // The newer wait is still the one an abort ends.
    second.abort();
    await expect(waiting).rejects.toBeInstanceOf(APIUserAbortError);
    expect(sleeps.map((s) => s.signal?.aborted)).toEqual([true, true]);
  });

  it('lets a probe go when its clock fails to sleep, rather than holding the queue for ever', async () => {
    // The mock on its real clock, behind `sleep: (ms) => mock.clock.advance(ms)`, refuses to
    // advance: the failed wait was taken for an abandoned one, and every queued call hung.
    const sleeps: { fail: () => void }[] = [];
    const throttle = new Throttle(
      {
        now: () => 0,
        sleep: () =>
          new Promise((_, reject) =>
            sleeps.push({ fail: () => reject(new Error('the clock is real')) }),
          ),
      },
      60_000,
    );
    await spendBudget(throttle);
    const waiting = queued(throttle);
    expect(sleeps).toHaveLength(1);
    sleeps[0]?.fail();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(waiting.through()).toBe(true);
    // It probes the window, as when a window has passed: one request at a time.
    const next = queued(throttle);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(next.through()).toBe(false);
    throttle.release();
    await next.pending;
  });

  it('lets a probe go when its clock ends the wait for the reset early, rather than spinning', async () => {
    // A sleep that resolves without moving the clock (`sleep: async () => {}` to skip waits in a
    // test, or the mock's `advance` beside the wall clock's `now`): each wait began another at once,
    // in microtasks, so no timer, no I/O and no abort could run again. Capped here so that the
    // test fails rather than hangs.
    let sleeps = 0;
    const throttle = new Throttle(
      {
        now: () => 0,
        sleep: async () => {
          if (++sleeps > 100) throw new Error('spinning');
        },
      },
      60_000,
    );
    await spendBudget(throttle);
    await throttle.acquire();
    expect(sleeps).toBe(1);
    // It probes the window, as when a window has passed: one request at a time.
    const next = queued(throttle);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(next.through()).toBe(false);
    throttle.release();
    await next.pending;
  });

  describe('a reset further ahead than maxRetryAfter', () => {
    /** A client whose server spends the window at once and reports its reset `resetIn` ms ahead. */
    function spentWindow(resetIn: number, maxRetryAfter?: number) {
      const time = fakeClock();
      const reset = String(Math.ceil((time.clock.now() + resetIn) / 1000));
      const server = recordingFetch(() =>
        json(
          200,
          { data: { key_name: 'k' } },
          { 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
        ),
      );
      const client = new AgentPlatform({
        apiKey: 'k',
        baseUrl: 'http://api.test',
        fetch: server.fetch,
        clock: time.clock,
        throttle: true,
        maxRetryAfter,
      });
      return { client, server, time };
    }

    it('is not waited for: the next request goes at once (a bogus reset made every call wait 24.8 days)', async () => {
      const { client, server, time } = spentWindow(10 * 86_400_000);
      await client.me();
      await client.me();
      await client.me();
      expect(server.calls).toHaveLength(3);
      expect(time.sleeps).toEqual([]);
    });

    it('goes one request at a time, each a probe of the window', async () => {
      const { client, server } = spentWindow(3_600_000);
      await client.me();
      let answered = 0;
      const calls = [client.me(), client.me(), client.me()].map((call) =>
        call.then(() => answered++),
      );
      await Promise.resolve();
      // One in flight: the others wait for its answer, not for the reset.
      expect(server.calls).toHaveLength(2);
      await Promise.all(calls);
      expect([answered, server.calls.length]).toEqual([3, 4]);
    });

    it('within maxRetryAfter (plus a second for the reset in whole seconds) is waited for, as before', async () => {
      const { client, time } = spentWindow(61_000, 60);
      await client.me();
      await client.me();
      // The reset plus a second of margin for clock skew.
      expect(time.sleeps).toEqual([62_000]);
    });

    it('takes maxRetryAfter from the client: with 0, a reset 5 s ahead is not waited for', async () => {
      const { client, time } = spentWindow(5_000, 0);
      await client.me();
      await client.me();
      expect(time.sleeps).toEqual([]);
    });

    it('a 429 to the probe fails by maxRetryAfter as any 429 does (RateLimitError at once)', async () => {
      const time = fakeClock();
      const reset = String(Math.ceil(time.clock.now() / 1000) + 3600);
      const window = {
        'X-RateLimit-Limit': '100',
        'X-RateLimit-Remaining': '0',
        'X-RateLimit-Reset': reset,
      };
      const server = recordingFetch((_call, index) =>
        index === 0
          ? json(200, { data: { key_name: 'k' } }, window)
          : apiError(429, 'RATE_LIMIT_EXCEEDED', { ...window, 'Retry-After': '3600' }),
      );
      const client = new AgentPlatform({
        apiKey: 'k',
        baseUrl: 'http://api.test',
        fetch: server.fetch,
        clock: time.clock,
        throttle: true,
      });
      await client.me();
      const error = await client.me().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect((error as RateLimitError).retryAfter).toBe(3600);
      expect([server.calls.length, time.sleeps]).toEqual([2, []]);
    });
  });
});

describe('throttle, pinned by mutation testing', () => {
  const windowAt = (reset: number, remaining: number) =>
    new Response(null, {
      headers: {
        'X-RateLimit-Limit': '10',
        'X-RateLimit-Remaining': String(remaining),
        'X-RateLimit-Reset': String(reset),
      },
    });
  /** How many of `n` calls queued now go through at once. */
  const goingThrough = async (throttle: Throttle, n: number) => {
    const calls = Array.from({ length: n }, () => queued(throttle));
    await Promise.resolve();
    return calls.filter((call) => call.through()).length;
  };
  const time = fakeClock();
  const T = Math.ceil(time.clock.now() / 1000) + 60;

  it('keeps the window when a 2xx without rate-limit headers comes within it', async () => {
    const throttle = new Throttle(time.clock, 120_000);
    await throttle.acquire();
    throttle.release(windowAt(T, 1));
    await throttle.acquire();
    throttle.release(new Response(null));
    expect(await goingThrough(throttle, 2)).toBe(1);
  });

  it('takes a newer window for its remaining count, and ignores a late answer of an older one', async () => {
    const throttle = new Throttle(time.clock, 120_000);
    await throttle.acquire();
    throttle.release(windowAt(T, 5));
    await throttle.acquire();
    throttle.release(windowAt(T + 60, 2));
    // An answer of the window before, overtaken, says nothing of this one.
    await throttle.acquire();
    throttle.release(windowAt(T, 0));
    expect(await goingThrough(throttle, 3)).toBe(2);
  });

  it('waits a second past the reset before it probes the next window (clock skew)', async () => {
    const clock = fakeClock();
    const reset = Math.ceil(clock.clock.now() / 1000) + 60;
    const throttle = new Throttle(clock.clock, 120_000);
    await throttle.acquire();
    throttle.release(windowAt(reset, 0));
    // At the reset itself the window may not have passed on the server's clock.
    clock.advance(reset * 1000 - clock.clock.now());
    await throttle.acquire();
    expect(clock.sleeps).toEqual([1000]);
  });

  it('lets a request go at once a second past the reset, without a wait', async () => {
    const clock = fakeClock();
    const reset = Math.ceil(clock.clock.now() / 1000) + 60;
    const throttle = new Throttle(clock.clock, 120_000);
    await throttle.acquire();
    throttle.release(windowAt(reset, 0));
    clock.advance(reset * 1000 + 1000 - clock.clock.now());
    await throttle.acquire();
    expect(clock.sleeps).toEqual([]);
  });

  it('keeps waiting for the reset for the others when one waiter aborts', async () => {
    let now = 0;
    const sleeps: { signal: AbortSignal | undefined; end: () => void }[] = [];
    const throttle = new Throttle(
      {
        now: () => now,
        sleep: (_ms, signal) =>
          new Promise((resolve, reject) => {
            sleeps.push({ signal, end: () => resolve() });
            signal?.addEventListener('abort', () => reject(signal.reason));
          }),
      },
      60_000,
    );
    await spendBudget(throttle);
    const controller = new AbortController();
    const leaving = throttle.acquire(controller.signal);
    const staying = queued(throttle);
    controller.abort();
    await expect(leaving).rejects.toBeInstanceOf(APIUserAbortError);
    expect(sleeps.map((s) => s.signal?.aborted)).toEqual([false]);
    now = 61_000;
    sleeps[0]?.end();
    await staying.pending;
    expect(staying.through()).toBe(true);
  });

  it('keeps the lowest remaining count of a window when its answers arrive out of order', async () => {
    const throttle = new Throttle(time.clock, 120_000);
    await throttle.acquire();
    throttle.release(windowAt(T, 3));
    await throttle.acquire();
    await throttle.acquire();
    throttle.release(windowAt(T, 1));
    throttle.release(windowAt(T, 2));
    expect(await goingThrough(throttle, 2)).toBe(1);
  });

  it('refuses a signal aborted already, even with a slot free, with its reason as the cause', async () => {
    const throttle = new Throttle(fakeClock().clock, 60_000);
    const reason = new Error('gone');
    const error = await throttle.acquire(AbortSignal.abort(reason)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).cause).toBe(reason);
  });
});
