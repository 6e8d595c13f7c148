import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AnsweredRequest,
  createMockServer,
  type FaultSpec,
  isMockApiError,
  type MockServer,
} from '../../src/index.js';
import { type ApiResponse, apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

// A fault with delay_ms and neither status nor drop: a slow success. The request is held back
// delay_ms of real time (fake timers here: nothing waits on the wall clock), then carried out
// as usual. Only setTimeout and clearTimeout are faked, as in the other fault-delay tests, so that
// sockets and MSW keep running.

/** Lets every pending callback run (setImmediate is never faked here). */
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Where the outcome of a call is read without waiting on it. */
function watch(promise: Promise<ApiResponse>): () => ApiResponse | undefined {
  let answer: ApiResponse | undefined;
  let failure: { error: unknown } | undefined;
  promise.then(
    (res) => {
      answer = res;
    },
    (error: unknown) => {
      failure = { error };
    },
  );
  return () => {
    // A call that failed fails the test where the answer is read, not as an unhandled rejection.
    if (failure) throw failure.error;
    return answer;
  };
}

describe.each(transports)('a slow success (delay_ms alone) over $name', (transport) => {
  const h = useMock(transport);
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Adds a fault over the control API, which must take it. */
  const addFault = async (body: Record<string, unknown>) => {
    const added = await h.call('POST', '/__mock/faults', { body });
    expect(added.status).toBe(201);
  };

  /** Waits until no fault is left: the last one was taken, so its request is in its delay. */
  const untilTaken = async () => {
    while (h.mock.faults.list().length > 0) await tick();
    await tick();
  };

  it('is added and listed with times and after, and no status or drop', async () => {
    const added = await h.call('POST', '/__mock/faults', {
      body: { method: 'POST', path: '/v1/agents', delay_ms: 300 },
    });
    expect(added.status).toBe(201);
    expect(added.body.data).toEqual([
      {
        method: 'POST',
        path: '/v1/agents',
        delay_ms: 300,
        times: 1,
        remaining: 1,
        after: 0,
        let_through: 0,
      },
    ]);
  });

  it('holds the request back delay_ms of real time, then carries it out and answers as usual', async () => {
    await addFault({ method: 'POST', path: '/v1/agents', delay_ms: 5_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const start = h.mock.clock.now();
    const answer = watch(h.call('POST', '/v1/agents', { body: { name: 'Ada' } }));
    await untilTaken();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(answer()).toBeUndefined();
    // Held back before the API carried it out: nothing is made yet, nothing journaled.
    expect(h.mock.exportState().tables.agents).toEqual([]);
    expect(h.mock.requests()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(answer()).toBeDefined());
    expect(answer()?.status).toBe(201);
    expect(answer()?.body.data.name).toBe('Ada');
    expect(h.mock.exportState().tables.agents).toHaveLength(1);
    // The journal has the real answer, as any other request's; the manual clock did not move.
    const [entry] = h.mock.requests();
    expect(entry).toMatchObject({ method: 'POST', path: '/v1/agents', status: 201 });
    expect(entry).not.toHaveProperty('error');
    expect(entry).not.toHaveProperty('dropped');
    expect(h.mock.clock.now()).toBe(start);
    // Used up: the next one is answered at once.
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
  });

  it('delays a refusal as it is, the real one (a 400 for a bad body)', async () => {
    await addFault({ path: '/v1/agents', delay_ms: 1_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = watch(h.call('POST', '/v1/agents', { body: { nmae: 'Ada' } }));
    await untilTaken();
    await vi.advanceTimersByTimeAsync(999);
    expect(answer()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(answer()).toBeDefined());
    expect(answer()?.status).toBe(400);
    expect(h.mock.requests().map((r) => [r.status, r.error?.code])).toEqual([
      [400, 'VALIDATION_ERROR'],
    ]);
  });

  it('delays a refusal before the body too (a 403 for a missing scope)', async () => {
    const reader = h.mock.createApiKey({ scopes: ['agents:read'] });
    await addFault({ path: '/v1/agents', delay_ms: 1_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = watch(h.call('POST', '/v1/agents', { key: reader.key, body: { name: 'Ada' } }));
    await untilTaken();
    await vi.advanceTimersByTimeAsync(999);
    expect(answer()).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(answer()).toBeDefined());
    expect(answer()?.status).toBe(403);
  });

  it('counts times and after as a status fault does, and takes the request from the faults behind it', async () => {
    await addFault({ path: '/v1/agents', method: 'GET', delay_ms: 1_000, after: 1, times: 2 });
    // Two 503s behind it: the first request takes one, and the two slow ones must leave the other.
    await addFault({ path: '/v1/agents', status: 503, times: 2 });
    // Let through at once, to the 503 behind it.
    expect((await h.call('GET', '/v1/agents')).status).toBe(503);
    expect(h.mock.faults.list()).toMatchObject([
      { delay_ms: 1_000, remaining: 2, let_through: 0 },
      { status: 503, remaining: 1 },
    ]);
    const slow = () => h.mock.faults.list().find((f) => f.status === undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    for (const left of [1, 0]) {
      const answer = watch(h.call('GET', '/v1/agents'));
      while ((slow()?.remaining ?? 0) !== left) await tick();
      await tick();
      expect(answer()).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1_000);
      await vi.waitFor(() => expect(answer()).toBeDefined());
      // A real answer, not the 503 of the fault behind, which is still there.
      expect(answer()?.status).toBe(200);
    }
    vi.useRealTimers();
    expect(h.mock.faults.list()).toMatchObject([{ status: 503, remaining: 1 }]);
    expect((await h.call('GET', '/v1/agents')).status).toBe(503);
  });

  it('fires only on the key it is scoped to', async () => {
    const other = h.mock.createApiKey({ scopes: 'all' });
    await addFault({ path: '/v1/agents', delay_ms: 60_000, key_id: other.id });
    // Not this key's: answered at once (a delay would hang this test, no timer being moved).
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
    expect(h.mock.faults.list()).toMatchObject([{ remaining: 1 }]);
  });

  it('after a reset during the delay, answers as after the reset: the key is gone, nothing made', async () => {
    await addFault({ path: '/v1/agents', delay_ms: 5_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answer = watch(h.call('POST', '/v1/agents', { body: { name: 'Ada' } }));
    await untilTaken();
    h.mock.reset();
    await vi.advanceTimersByTimeAsync(5_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(answer()).toBeDefined());
    expect(answer()?.status).toBe(401);
    expect(h.mock.exportState().tables.agents).toEqual([]);
  });

  it('after its key is revoked during the delay, answers as after the revocation: 401, nothing made', async () => {
    await addFault({ path: '/v1/agents', delay_ms: 5_000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const own = h.mock.createApiKey({ scopes: 'all' });
    const call = apiClient(h.connection, own.key);
    const answer = watch(call('POST', '/v1/agents', { body: { name: 'Ada' } }));
    await untilTaken();
    h.mock.revokeApiKey(own.id);
    await vi.advanceTimersByTimeAsync(5_000);
    vi.useRealTimers();
    await vi.waitFor(() => expect(answer()).toBeDefined());
    expect(answer()?.status).toBe(401);
    expect(h.mock.exportState().tables.agents).toEqual([]);
  });
});

describe('a slow success, in-process', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is told once the request is answered, with its real status and no mark of a fault', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const heard: AnsweredRequest[] = [];
    const mock = createMockServer({ clock: 'manual', onRequest: (r) => heard.push(r) });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      mock.faults.add({ path: '/v1/agents', delay_ms: 2_000 });
      const pending = mock.fetch('/v1/agents', { headers: { 'x-api-key': key } });
      await vi.advanceTimersByTimeAsync(1_999);
      expect(heard).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect((await pending).status).toBe(200);
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({ method: 'GET', path: '/v1/agents', status: 200 });
      expect(heard[0]).not.toHaveProperty('dropped');
      expect(heard[0]).not.toHaveProperty('error');
    } finally {
      mock.dispose();
    }
  });
});

describe('a slow success, against the rate limit', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * Runs `test` on a manual-clock mock that takes `limit` requests a minute, with `list`, a list of
   * agents with its one key; disposes of it after.
   */
  async function limited(
    limit: number,
    test: (mock: MockServer, list: () => Promise<Response>) => Promise<void>,
  ): Promise<void> {
    const mock = createMockServer({ clock: 'manual', rateLimit: { limit, windowMs: 60_000 } });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      await test(mock, () => mock.fetch('/v1/agents', { headers: { 'x-api-key': key } }));
    } finally {
      mock.dispose();
    }
  }

  /** Sends a list a slow success holds back 1 s; resolves once the fault has taken it. */
  async function holdList(
    mock: MockServer,
    list: () => Promise<Response>,
  ): Promise<{ held: Promise<Response> }> {
    mock.faults.add({ path: '/v1/agents', delay_ms: 1_000 });
    const held = list();
    while (mock.faults.list().length > 0) await tick();
    return { held };
  }

  it('does not hold back a request the limit refuses, nor count it against its times', () =>
    limited(1, async (mock, list) => {
      expect((await list()).status).toBe(200);
      mock.faults.add({ path: '/v1/agents', delay_ms: 2_147_483_647 });
      // Answered at once (no timer is moved here): the 429 comes before any fault that answers.
      expect((await list()).status).toBe(429);
      expect(mock.faults.list()).toMatchObject([{ remaining: 1 }]);
    }));

  it('counts a request it holds back as it arrives: a request during the delay sees it counted', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await limited(2, async (mock, list) => {
      const { held } = await holdList(mock, list);
      const during = await list();
      expect(during.status).toBe(200);
      expect(during.headers.get('x-ratelimit-remaining')).toBe('0');
      expect((await list()).status).toBe(429);
      await vi.advanceTimersByTimeAsync(1_000);
      const slow = await held;
      expect(slow.status).toBe(200);
      // Its headers as of its arrival, the first of the window.
      expect(slow.headers.get('x-ratelimit-remaining')).toBe('1');
    });
  });

  it('counts a request once when its key comes back from a state import during the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await limited(3, async (mock, list) => {
      const { held } = await holdList(mock, list);
      // The same key under the same id, as a new record: the request is admitted again after the
      // delay, as after any import, but the window that already counted it is not charged twice.
      mock.importState(mock.exportState());
      await vi.advanceTimersByTimeAsync(1_000);
      const slow = await held;
      expect(slow.status).toBe(200);
      expect(slow.headers.get('x-ratelimit-remaining')).toBe('2');
      expect((await list()).headers.get('x-ratelimit-remaining')).toBe('1');
    });
  });
});

describe('a slow success, as a FaultSpec', () => {
  it('is delay_ms alone; a fault with nothing to do, or an answer field beside it, is a type error and refused', () => {
    const mock = createMockServer({ clock: 'manual' });
    try {
      const slow: FaultSpec = { path: '/v1/agents', delay_ms: 300 };
      mock.faults.add(slow);
      // @ts-expect-error a fault needs status, drop or delay_ms
      const none: FaultSpec = { path: '/v1/agents' };
      // @ts-expect-error code belongs to a fault that answers status
      const coded: FaultSpec = { path: '/v1/agents', delay_ms: 300, code: 'SLOW' };
      for (const [spec, field] of [
        [none, 'status'],
        [coded, 'code'],
      ] as const) {
        let thrown: unknown;
        try {
          mock.faults.add(spec);
        } catch (error) {
          thrown = error;
        }
        expect(isMockApiError(thrown) && thrown.details?.[0]?.field).toBe(field);
      }
      expect(mock.faults.list()).toEqual([
        { path: '/v1/agents', delay_ms: 300, times: 1, remaining: 1, after: 0, let_through: 0 },
      ]);
    } finally {
      mock.dispose();
    }
  });
});
