import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  fakeClock,
  hangingFetch,
  json,
  recordingFetch,
} from '../../test/support/recording-fetch.js';
import { watch } from '../../test/support/watch.js';
import { AgentPlatform, type ClientOptions } from '../client.js';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  InternalServerError,
  NotFoundError,
  RateLimitError,
} from './errors.js';

const ID = '7d0c3b1e-0000-4000-8000-000000000001';
const agent = { data: { id: ID, name: 'Support' } };

function setup(respond: Parameters<typeof recordingFetch>[0], options: ClientOptions = {}) {
  const recorder = recordingFetch(respond);
  const time = fakeClock();
  const client = new AgentPlatform({
    apiKey: 'key',
    baseUrl: 'http://api.test',
    fetch: recorder.fetch,
    clock: time.clock,
    ...options,
  });
  return { client, calls: recorder.calls, sleeps: time.sleeps, time };
}

/** Fails the first `n` calls with `fail`, then answers `ok`. */
const failing = (n: number, fail: () => Response, ok: () => Response) => (_: unknown, i: number) =>
  i < n ? fail() : ok();

describe('retries', () => {
  it('retries 429 on POST, honouring Retry-After, and replays the same body', async () => {
    const { client, calls, sleeps } = setup(
      failing(
        2,
        () => apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '3' }),
        () => json(201, agent),
      ),
    );
    const created = await client.agents.create({ name: 'Support', temperature: 0.5 });
    expect(created).toEqual(agent.data);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([3000, 3000]);
    for (const call of calls) {
      expect(call.method).toBe('POST');
      expect(JSON.parse(call.body ?? '')).toEqual({ name: 'Support', temperature: 0.5 });
      expect(call.headers.get('x-api-key')).toBe('key');
      expect(call.headers.get('content-type')).toBe('application/json');
    }
  });

  it('honours Retry-After given as an HTTP date', async () => {
    const { client, calls, sleeps, time } = setup((_, i) =>
      i === 0
        ? apiError(429, 'RATE_LIMIT_EXCEEDED', {
            'Retry-After': new Date(time.clock.now() + 20_000).toUTCString(),
          })
        : json(200, agent),
    );
    await client.agents.retrieve(ID);
    expect(calls).toHaveLength(2);
    expect(sleeps).toEqual([20_000]);
  });

  it('waits for X-RateLimit-Reset when a 429 has no usable Retry-After', async () => {
    const { client, sleeps, time } = setup((_, i) =>
      i === 0
        ? apiError(429, 'RATE_LIMIT_EXCEEDED', {
            'Retry-After': 'soon',
            'X-RateLimit-Limit': '100',
            'X-RateLimit-Remaining': '0',
            'X-RateLimit-Reset': String(time.clock.now() / 1000 + 9),
          })
        : json(200, agent),
    );
    await client.agents.retrieve(ID);
    expect(sleeps).toEqual([9000]);
  });

  it('throws RateLimitError at once when Retry-After exceeds maxRetryAfter', async () => {
    const { client, calls, sleeps } = setup(() =>
      apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '61' }),
    );
    const error = await client.agents.list().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(61);
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('says in the error that it did not retry, and the wait it refused', async () => {
    const message = (respond: () => Response) =>
      setup(respond)
        .client.agents.retrieve(ID)
        .catch((error: unknown) => (error as Error).message);
    // Retry-After, on a 429 and on a GET's 503: the server's message, then why no retry came.
    expect(await message(() => apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '90' }))).toBe(
      'RATE_LIMIT_EXCEEDED happened; not retried: wait of 90 s > maxRetryAfter',
    );
    expect(await message(() => apiError(503, 'MAINTENANCE', { 'Retry-After': '120' }))).toBe(
      'MAINTENANCE happened; not retried: wait of 120 s > maxRetryAfter',
    );
    // A 429's rate-limit reset, without a Retry-After.
    const reset = String(Date.UTC(2026, 10, 20, 10, 0, 0) / 1000 + 3600);
    const window = { 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0' };
    expect(
      await message(() =>
        apiError(429, 'RATE_LIMIT_EXCEEDED', { ...window, 'X-RateLimit-Reset': reset }),
      ),
    ).toBe('RATE_LIMIT_EXCEEDED happened; not retried: wait of 3600 s > maxRetryAfter');
    // Retried until the retries ran out, or not retryable: the server's message alone.
    expect(await message(() => apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '1' }))).toBe(
      'RATE_LIMIT_EXCEEDED happened',
    );
    expect(await message(() => apiError(404, 'NOT_FOUND', { 'Retry-After': '90' }))).toBe(
      'NOT_FOUND happened',
    );
  });

  it('takes maxRetryAfter in seconds from the options', async () => {
    const { client, calls } = setup(
      failing(
        1,
        () => apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '61' }),
        () => json(200, agent),
      ),
      { maxRetryAfter: 120 },
    );
    await client.agents.retrieve(ID);
    expect(calls).toHaveLength(2);
  });

  it('gives up after maxRetries with the last error', async () => {
    const { client, calls, sleeps } = setup(() =>
      apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '1' }),
    );
    await expect(client.agents.retrieve(ID)).rejects.toBeInstanceOf(RateLimitError);
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([1000, 1000]);
  });

  it.each(['GET', 'PUT', 'DELETE'] as const)(
    'retries 5xx and 408 on %s with backoff',
    async (method) => {
      const statuses = [500, 408, 503];
      const { client, calls, sleeps } = setup(
        (_, i) => {
          const status = statuses[i];
          if (status) return apiError(status, 'INTERNAL_ERROR');
          // What each answers: a DELETE no content, the others the agent.
          return method === 'DELETE'
            ? new Response(null, { status: 204 })
            : Response.json({ data: { id: ID } });
        },
        { maxRetries: 3 },
      );
      const call = {
        GET: () => client.agents.retrieve(ID),
        PUT: () => client.agents.update(ID, { name: 'x' }),
        DELETE: () => client.agents.delete(ID),
      }[method];
      await call();
      expect(calls.map((c) => c.method)).toEqual([method, method, method, method]);
      expect(sleeps).toHaveLength(3);
      const bounds = [500, 1000, 2000];
      sleeps.forEach((ms, n) => {
        expect(ms).toBeGreaterThan((bounds[n] ?? 0) * 0.75 - 1e-9);
        expect(ms).toBeLessThanOrEqual(bounds[n] ?? 0);
      });
    },
  );

  it('draws the jitter at random by default (it is not always the whole 0.5 s x 2^n)', async () => {
    // backoffDelay's default `random`: without it every client would retry in lockstep.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      const { client, sleeps } = setup(
        failing(
          2,
          () => apiError(503, 'SERVICE_UNAVAILABLE'),
          () => json(200, agent),
        ),
      );
      await client.agents.retrieve(ID);
      expect(sleeps).toEqual([437.5, 875]);
    } finally {
      random.mockRestore();
    }
  });

  it('never retries a POST on 5xx or 408', async () => {
    for (const status of [500, 503, 408]) {
      const { client, calls } = setup(() => apiError(status, 'INTERNAL_ERROR'));
      await expect(client.agents.activate(ID)).rejects.toMatchObject({ status });
      expect(calls).toHaveLength(1);
    }
  });

  it.each([400, 401, 403, 404, 409, 413])('never retries %d', async (status) => {
    const { client, calls } = setup(() => apiError(status, 'X'));
    await expect(client.agents.retrieve(ID)).rejects.toMatchObject({ status });
    expect(calls).toHaveLength(1);
  });

  it('retries connection errors on GET, then throws APIConnectionError with the cause', async () => {
    const cause = new TypeError('fetch failed');
    const { client, calls, sleeps } = setup(() => {
      throw cause;
    });
    const error = await client.agents.retrieve(ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as APIConnectionError).cause).toBe(cause);
    expect(calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
  });

  it('does not retry connection errors on POST', async () => {
    const { client, calls } = setup(() => {
      throw new TypeError('fetch failed');
    });
    await expect(client.agents.create({ name: 'a' })).rejects.toBeInstanceOf(APIConnectionError);
    expect(calls).toHaveLength(1);
  });

  it('takes maxRetries per request', async () => {
    const { client, calls } = setup(() => apiError(500, 'INTERNAL_ERROR'));
    await expect(client.agents.retrieve(ID, { maxRetries: 0 })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(calls).toHaveLength(1);
    await expect(client.agents.retrieve(ID, { maxRetries: 4 })).rejects.toBeInstanceOf(
      InternalServerError,
    );
    expect(calls).toHaveLength(6);
  });

  it('returns a 404 as NotFoundError with one call', async () => {
    const { client, calls } = setup(() => apiError(404, 'NOT_FOUND'));
    await expect(client.agents.retrieve(ID)).rejects.toBeInstanceOf(NotFoundError);
    expect(calls).toHaveLength(1);
  });
});

describe('timeouts and aborts', () => {
  it('times out an attempt and retries a GET, then throws APITimeoutError', async () => {
    const hanging = hangingFetch();
    const client = new AgentPlatform({
      apiKey: 'key',
      baseUrl: 'http://api.test',
      fetch: hanging.fetch,
      clock: fakeClock().clock,
      timeout: 5,
    });
    await expect(client.agents.retrieve(ID)).rejects.toBeInstanceOf(APITimeoutError);
    expect(hanging.calls()).toBe(3);
  });

  it('times out a POST once, with the per-request timeout', async () => {
    const hanging = hangingFetch();
    const client = new AgentPlatform({
      apiKey: 'key',
      baseUrl: 'http://api.test',
      fetch: hanging.fetch,
    });
    await expect(client.agents.create({ name: 'a' }, { timeout: 5 })).rejects.toBeInstanceOf(
      APITimeoutError,
    );
    expect(hanging.calls()).toBe(1);
  });

  it('times out even a fetch that ignores the signal', async () => {
    const client = new AgentPlatform({
      apiKey: 'key',
      baseUrl: 'http://api.test',
      fetch: () => new Promise<Response>(() => {}),
      maxRetries: 0,
      timeout: 5,
    });
    await expect(client.me()).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('aborts a request in flight with APIUserAbortError', async () => {
    const hanging = hangingFetch();
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch: hanging.fetch,
    });
    const controller = new AbortController();
    const pending = client.agents.retrieve(ID, { signal: controller.signal });
    await Promise.resolve();
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('aborts during the sleep between retries, on real timers', async () => {
    const controller = new AbortController();
    const { fetch, calls } = recordingFetch(() => {
      // The server asks for a 50 s wait; abort as soon as the sleep has begun.
      setTimeout(() => controller.abort(), 0);
      return apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '50' });
    });
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    await expect(client.agents.retrieve(ID, { signal: controller.signal })).rejects.toBeInstanceOf(
      APIUserAbortError,
    );
    expect(calls).toHaveLength(1);
  });

  it.each([false, true])(
    'sends no further attempt after an abort during a sleep that ignores the signal (throttle: %s)',
    async (throttle) => {
      const controller = new AbortController();
      const { client, calls } = setup(() => apiError(503, 'SERVICE_UNAVAILABLE'), {
        throttle,
        // A clock whose sleep neither listens to the signal nor waits: the abort lands during it.
        clock: {
          now: () => 0,
          sleep: async () => controller.abort(),
        },
      });
      const error = await client.agents.retrieve(ID, { signal: controller.signal }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(APIUserAbortError);
      expect(calls).toHaveLength(1);
    },
  );

  it.each([false, true])(
    "fails with the clock's own error when its sleep fails, not as an abort (with a signal: %s)",
    async (withSignal) => {
      // The mock on its real clock, behind the README's `sleep: (ms) => mock.clock.advance(ms)`,
      // refuses to advance: the call threw APIUserAbortError, which callers take for a cancellation
      // of their own and often ignore.
      const refused = new Error('the clock is real: start the mock with clock "manual"');
      const { client, calls } = setup(() => apiError(503, 'SERVICE_UNAVAILABLE'), {
        clock: { now: () => 0, sleep: () => Promise.reject(refused) },
      });
      const signal = withSignal ? new AbortController().signal : undefined;
      await expect(client.agents.retrieve(ID, { signal })).rejects.toBe(refused);
      expect(calls).toHaveLength(1);
    },
  );

  it("keeps the retry's 2xx body under its deadline when the timed-out attempt answers late (a fetch that ignores init)", async () => {
    // `(request) => globalThis.fetch(request)`: the SDK cannot stop it, so a timed-out attempt may
    // still answer. Its late 2xx ended the deadline of the attempt whose body was being read (the
    // call then hung on a stalled body), and was held in its place, its body never cancelled.
    vi.useFakeTimers();
    let answerLate: (response: Response) => void = () => {};
    let lateCancelled = false;
    const late = new Response(
      new ReadableStream({
        cancel: () => {
          lateCancelled = true;
        },
      }),
    );
    const stalled = new Response(
      new ReadableStream({ start: (c) => c.enqueue(new Uint8Array([123])) }),
    );
    let calls = 0;
    const fetch = (): Promise<Response> =>
      ++calls === 1
        ? new Promise((resolve) => {
            answerLate = resolve;
          })
        : Promise.resolve(stalled);
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      clock: fakeClock().clock,
      timeout: 1000,
      maxRetries: 1,
    });
    const call = watch(client.agents.retrieve(ID));
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toBe(2);
    answerLate(late);
    await vi.advanceTimersByTimeAsync(1000);
    vi.useRealTimers();
    expect(call.error).toBeInstanceOf(APITimeoutError);
    expect(lateCancelled).toBe(true);
  });

  it('does not send when the signal is already aborted', async () => {
    const { client, calls } = setup(() => json(200, agent));
    await expect(
      client.agents.retrieve(ID, { signal: AbortSignal.abort() }),
    ).rejects.toBeInstanceOf(APIUserAbortError);
    expect(calls).toHaveLength(0);
  });
});

describe("a fetch of one's own that answers Response.error()", () => {
  it('fails with APIConnectionError, retried for GET, PUT and DELETE as a connection error is', async () => {
    const { client, calls, sleeps } = setup(
      failing(
        2,
        () => Response.error(),
        () => json(200, agent),
      ),
    );
    expect(await client.agents.retrieve(ID)).toEqual(agent.data);
    expect(calls).toHaveLength(3);
    expect(sleeps).toHaveLength(2);
    const failed = setup(() => Response.error(), { maxRetries: 1 });
    const error: unknown = await failed.client.agents.delete(ID).catch((e) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toBe(
      `Connection error: DELETE http://api.test/v1/agents/${ID} (Response.error())`,
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    expect(failed.calls).toHaveLength(2);
  });

  it('is not retried for POST, which may have taken effect', async () => {
    const { client, calls } = setup(() => Response.error());
    await expect(client.agents.create({ name: 'a' })).rejects.toBeInstanceOf(APIConnectionError);
    expect(calls).toHaveLength(1);
  });
});

describe("a fetch of one's own that answers no Response", () => {
  it('fails at once with APIConnectionError naming what went wrong, not a timeout and an unhandled rejection', async () => {
    // A wrapper that forgets to return (`async (r, i) => { await fetch(r, i) }`), or answers a look-alike.
    for (const answer of [undefined, { status: 200 }]) {
      const { client, calls } = setup(() => answer as unknown as Response, {
        maxRetries: 1,
        timeout: 2 ** 31 - 1,
      });
      const settled = client.agents.retrieve(ID).catch((e: unknown) => e);
      // A macrotask later every microtask has run: the call must have failed by then, not at its timeout.
      const error = await Promise.race([
        settled,
        new Promise((resolve) => setImmediate(() => resolve('still pending'))),
      ]);
      expect(error).toBeInstanceOf(APIConnectionError);
      expect(error).not.toBeInstanceOf(APITimeoutError);
      expect((error as Error).message).toMatch(
        /^Connection error: GET http:\/\/api\.test\/v1\/agents\/\S+ \(.+\)$/,
      );
      expect((error as Error).cause).toBeInstanceOf(TypeError);
      // Retried as a connection error is.
      expect(calls).toHaveLength(2);
    }
  });
});

describe('maxRetryAfter applies to server-requested waits only', () => {
  it('still backs off 8 s on a 5xx when maxRetryAfter is 1 s', async () => {
    const { client, calls, sleeps } = setup(
      failing(
        5,
        () => apiError(500, 'INTERNAL_ERROR'),
        () => json(200, agent),
      ),
      { maxRetries: 5, maxRetryAfter: 1 },
    );
    await client.agents.retrieve(ID);
    expect(calls).toHaveLength(6);
    expect(Math.max(...sleeps)).toBeGreaterThan(1000);
  });
});

describe("Firefox's Request, which has no body (undefined, not null, for every request)", () => {
  // As Firefox 153 has it: no `body` on Request.prototype, so a GET's is undefined too.
  class FirefoxRequest extends Request {
    override get body(): null {
      return undefined as unknown as null;
    }
  }
  afterEach(() => vi.unstubAllGlobals());

  it('sends a GET, and retries it, with no body', async () => {
    vi.stubGlobal('Request', FirefoxRequest);
    const { client, calls } = setup(
      failing(
        1,
        () => apiError(503, 'SERVICE_UNAVAILABLE'),
        () => json(200, agent),
      ),
    );
    await expect(client.agents.retrieve(ID)).resolves.toEqual(agent.data);
    expect(calls.map((call) => [call.method, call.body])).toEqual([
      ['GET', ''],
      ['GET', ''],
    ]);
  });

  it('replays the JSON body of a request a middleware replaced (buffered, as the SDK cannot see it)', async () => {
    vi.stubGlobal('Request', FirefoxRequest);
    const { client, calls } = setup(
      failing(
        1,
        () => apiError(503, 'SERVICE_UNAVAILABLE'),
        () => json(200, agent),
      ),
    );
    client.raw.use({ onRequest: ({ request }) => new Request(request) });
    await client.agents.update(ID, { name: 'Support' });
    expect(calls.map((call) => [call.method, call.body])).toEqual([
      ['PUT', '{"name":"Support"}'],
      ['PUT', '{"name":"Support"}'],
    ]);
  });
});

describe('sendWithRetry, pinned by mutation testing', () => {
  it('throttles every call but a GET of /v1/health, which neither waits for the window nor teaches it', async () => {
    const time = fakeClock();
    const reset = String(Math.ceil(time.clock.now() / 1000) + 30);
    const window = {
      'X-RateLimit-Limit': '1',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': reset,
    };
    const { fetch, calls } = recordingFetch((call) =>
      call.url.pathname === '/gateway/v1/health'
        ? json(200, { status: 'ok', timestamp: '2026-11-20T10:00:00.000Z' })
        : json(200, { data: { id: ID } }, window),
    );
    // Behind a path prefix: the health path ends with /v1/health, it does not begin with it.
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test/gateway',
      fetch,
      clock: time.clock,
      throttle: true,
    });
    await client.me();
    // The window is spent: health goes at once all the same.
    await client.health();
    expect(time.sleeps).toEqual([]);
    // Another call waits for the reset.
    await client.me();
    expect(time.sleeps).toHaveLength(1);
    expect(calls).toHaveLength(3);
  });

  it('neither sleeps nor retries when the call is aborted during an attempt', async () => {
    const controller = new AbortController();
    const slept: number[] = [];
    const hanging = hangingFetch();
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch: hanging.fetch,
      // A sleep that ignores the signal: an abort taken for a failed attempt would be slept on.
      clock: { now: () => 0, sleep: async (ms) => void slept.push(ms) },
    });
    const pending = client.agents
      .retrieve(ID, { signal: controller.signal })
      .catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 0));
    controller.abort();
    expect(await pending).toBeInstanceOf(APIUserAbortError);
    expect(slept).toEqual([]);
    expect(hanging.calls()).toBe(1);
  });

  it("keeps the signal's reason as the cause of an abort during the sleep between retries", async () => {
    const controller = new AbortController();
    const { client } = setup(() => apiError(503, 'SERVICE_UNAVAILABLE'), {
      clock: {
        now: () => 0,
        sleep: async (_ms, signal) => {
          controller.abort(new Error('user left'));
          throw signal?.reason;
        },
      },
    });
    const error = await client.agents
      .retrieve(ID, { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIUserAbortError);
    expect((error as Error).cause).toBe(controller.signal.reason);
  });
});
