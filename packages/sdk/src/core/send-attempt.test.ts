import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
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
});
