import { getEventListeners } from 'node:events';
import { setFlagsFromString } from 'node:v8';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttemptHold, HeldAttempt } from './held-response.js';
import { attemptState, sendAttempt } from './send-attempt.js';

// V8's own test helpers; the flag applies to code compiled after it is set, as the Function below.
setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (
  o: object,
) => boolean;
const haveSameMap = new Function('a', 'b', 'return %HaveSameMap(a, b)') as (
  a: object,
  b: object,
) => boolean;

describe('sendAttempt', () => {
  it('gives fetch an init on one hidden class, with fast properties, before and after it reads the signal', async () => {
    // An object literal with a `signal` getter of its own is a dictionary-mode object whose accessor
    // lives in the old generation: every call's objects then survived young GCs (15% of a call in GC).
    const [one, two] = [attemptState(), attemptState()];
    expect(hasFastProperties(one)).toBe(true);
    expect(haveSameMap(one, two)).toBe(true);
    const inits: RequestInit[] = [];
    const fetch = async (_request: Request, init?: RequestInit) => {
      if (init) inits.push(init);
      expect(init?.signal?.aborted).toBe(false);
      return new Response('{}');
    };
    await sendAttempt(fetch, new Request('http://127.0.0.1/v1/health'), 1000, undefined, one);
    expect(inits).toEqual([one]);
    expect(one.redirect).toBe('manual');
    expect(hasFastProperties(one)).toBe(true);
  });

  it('keeps the signal for a fetch wrapper that spreads init ({ ...init, dispatcher })', async () => {
    const caller = new AbortController();
    let seen: AbortSignal | null | undefined;
    const inner = (_request: Request, init?: RequestInit) => {
      seen = init?.signal;
      caller.abort(new Error('stop'));
      return new Promise<Response>(() => {});
    };
    const wrapper = (request: Request, init?: RequestInit) =>
      inner(request, { ...init, keepalive: false });
    const attempt = sendAttempt(
      wrapper,
      new Request('http://127.0.0.1/'),
      1000,
      caller.signal,
      attemptState(),
    );
    await expect(attempt).rejects.toThrow('stop');
    expect(seen).toBeInstanceOf(AbortSignal);
    expect(seen?.aborted).toBe(true);
  });

  it('aborts the signal the fetch read when the caller aborts', async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const fetch = (_request: Request, init?: RequestInit) => {
      seen = init?.signal ?? undefined;
      caller.abort(new Error('stop'));
      return new Promise<Response>(() => {});
    };
    const state = attemptState();
    const attempt = sendAttempt(
      fetch,
      new Request('http://127.0.0.1/'),
      1000,
      caller.signal,
      state,
    );
    await expect(attempt).rejects.toThrow('stop');
    expect(seen?.aborted).toBe(true);
    expect(state.timedOut).toBeUndefined();
  });

  it('hands an aborted signal to a fetch that reads it only after the attempt stopped', async () => {
    // A wrapper that awaits something first (a token, a lock) reads init.signal late: the request
    // it then sends must not outlive the call that already rejected.
    const caller = new AbortController();
    let init: RequestInit | undefined;
    const fetch = (_request: Request, given?: RequestInit) => {
      init = given;
      return new Promise<Response>(() => {});
    };
    const attempt = sendAttempt(
      fetch,
      new Request('http://127.0.0.1/'),
      1000,
      caller.signal,
      attemptState(),
    );
    caller.abort(new Error('stop'));
    await expect(attempt).rejects.toThrow('stop');
    expect(init?.signal?.aborted).toBe(true);
    expect(init?.signal?.reason).toEqual(new Error('stop'));
  });

  it('keeps no Node process alive by its timeout alone: the request does that', async () => {
    // Timers that keep the event loop alive; an unref'd one is not listed.
    const liveTimers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout');
    const before = liveTimers().length;
    const caller = new AbortController();
    const attempt = sendAttempt(
      () => new Promise<Response>(() => {}),
      new Request('http://127.0.0.1/'),
      60_000,
      caller.signal,
      attemptState(),
    );
    expect(liveTimers()).toHaveLength(before);
    caller.abort(new Error('done'));
    await expect(attempt).rejects.toThrow('done');
  });

  it('runs where setTimeout returns a number, with no unref (browsers, Deno, workerd)', async () => {
    const nodeSetTimeout = globalThis.setTimeout;
    // Node's Timeout converts to its id, which clearTimeout takes as well.
    vi.stubGlobal('setTimeout', (...args: Parameters<typeof setTimeout>) =>
      Number(nodeSetTimeout(...args)),
    );
    try {
      const attempt = sendAttempt(
        async () => new Response('{}'),
        new Request('http://127.0.0.1/'),
        60_000,
        undefined,
        attemptState(),
      );
      await expect(attempt).resolves.toBeInstanceOf(Response);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe("sendAttempt's deadline", () => {
  // A timer left running past its attempt would abort that attempt's signal later: the body of a
  // raw call read after the headers, or a connection a fetch wrapper still uses.
  afterEach(() => {
    vi.useRealTimers();
  });

  const send = (
    fetch: (input: Request, init?: RequestInit) => Promise<Response>,
    parent?: AbortSignal,
    hold?: AttemptHold,
  ) => sendAttempt(fetch, new Request('http://127.0.0.1/'), 60_000, parent, attemptState(), hold);

  it.each([
    ['a response', async () => new Response('{}'), undefined],
    [
      'a bodiless 2xx to a call that would hold it',
      async () => new Response(null, { status: 204 }),
      {},
    ],
    ['an error status, its body read', async () => new Response('no', { status: 503 }), {}],
    ['a fetch that rejects', () => Promise.reject(new TypeError('fetch failed')), undefined],
  ] as const)('is cleared when the attempt ends with %s', async (_, fetch, hold) => {
    vi.useFakeTimers();
    await send(fetch, undefined, hold).catch(() => {});
    expect(vi.getTimerCount()).toBe(0);
  });

  it('is cleared when the caller aborts, before or during the attempt', async () => {
    vi.useFakeTimers();
    await expect(send(async () => new Response(), AbortSignal.abort('early'))).rejects.toBe(
      'early',
    );
    expect(vi.getTimerCount()).toBe(0);
    const caller = new AbortController();
    const attempt = send(() => new Promise<Response>(() => {}), caller.signal);
    expect(vi.getTimerCount()).toBe(1);
    caller.abort('late');
    await expect(attempt).rejects.toBe('late');
    expect(vi.getTimerCount()).toBe(0);
  });

  it("is cleared, with the caller's abort listener, when the fetch throws rather than rejects", async () => {
    // A fetch of one's own that is no async function: `(input, init) => { if (!token) throw ...;
    // return fetch(input, init) }`. The attempt fails at once; nothing of it may stay behind.
    vi.useFakeTimers();
    const caller = new AbortController();
    const throwing = () => {
      throw new TypeError('no token');
    };
    await expect(send(throwing, caller.signal)).rejects.toThrow('no token');
    expect(vi.getTimerCount()).toBe(0);
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });

  it('runs on a held 2xx until the call releases it, and not after', async () => {
    vi.useFakeTimers();
    const hold: AttemptHold = {};
    await send(async () => new Response('{}'), undefined, hold);
    expect(vi.getTimerCount()).toBe(1);
    (hold.heldAttempt as HeldAttempt).release();
    expect(vi.getTimerCount()).toBe(0);
  });
});
