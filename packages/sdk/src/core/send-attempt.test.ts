import { setFlagsFromString } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { AttemptState, sendAttempt } from './send-attempt.js';

// V8's own test helpers; the flag applies to code compiled after it is set, as the Function below.
setFlagsFromString('--allow-natives-syntax');
const hasFastProperties = new Function('o', 'return %HasFastProperties(o)') as (
  o: object,
) => boolean;

describe('sendAttempt', () => {
  it('gives fetch an init with fast properties, before and after it reads the signal', async () => {
    // An object literal with a `signal` getter is a dictionary-mode object whose accessor lives in
    // the old generation: every call's objects then survived young GCs (15% of a call in GC).
    const inits: RequestInit[] = [];
    const fetch = async (_request: Request, init?: RequestInit) => {
      if (init) inits.push(init);
      expect(init?.signal?.aborted).toBe(false);
      return new Response('{}');
    };
    const state = new AttemptState();
    await sendAttempt(fetch, new Request('http://127.0.0.1/v1/health'), 1000, undefined, state);
    expect(inits).toHaveLength(1);
    expect(hasFastProperties(inits[0] as RequestInit)).toBe(true);
    expect(inits[0]?.redirect).toBe('manual');
  });

  it('aborts the signal the fetch read when the caller aborts', async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const fetch = (_request: Request, init?: RequestInit) => {
      seen = init?.signal ?? undefined;
      caller.abort(new Error('stop'));
      return new Promise<Response>(() => {});
    };
    const state = new AttemptState();
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
});
