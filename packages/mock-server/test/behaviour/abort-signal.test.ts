import { setupServer } from 'msw/node';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';

// In-process calls keep fetch's contract on `signal`: one already aborted rejects with the signal's
// reason and does nothing; one aborted later rejects then, whatever the server is doing (a fault's
// delay, a body still coming). No outcome depends on timing: every abort is made at a known point.

const utf8 = new TextEncoder();

/** Lets every pending callback run (setImmediate is never faked here). */
const tick = () => new Promise((resolve) => setImmediate(resolve));

/** Where the settled state of a promise is read without waiting on it. */
function watch<T>(promise: Promise<T>): { settled: () => 'pending' | 'resolved' | 'rejected' } {
  let state: 'pending' | 'resolved' | 'rejected' = 'pending';
  promise.then(
    () => {
      state = 'resolved';
    },
    () => {
      state = 'rejected';
    },
  );
  return { settled: () => state };
}

interface Caller {
  name: string;
  /** Returns the fetch to call the mock with, and a teardown. */
  connect(mock: MockServer): { fetch: typeof fetch; close(): void };
}

const callers: Caller[] = [
  {
    name: 'mock.fetch',
    connect: (mock) => ({ fetch: mock.fetch as typeof fetch, close: () => {} }),
  },
  {
    name: 'mock.handle',
    connect: (mock) => ({
      fetch: ((input: string, init?: RequestInit) =>
        mock.handle(new Request(new URL(input, mock.baseUrl), init))) as typeof fetch,
      close: () => {},
    }),
  },
  {
    name: 'MSW setupServer',
    connect: (mock) => {
      const server = setupServer(...mswHandlers(mock));
      server.listen({ onUnhandledRequest: 'error' });
      return {
        fetch: (input, init) => globalThis.fetch(new URL(String(input), mock.baseUrl), init),
        close: () => server.close(),
      };
    },
  },
];

describe.each(callers)('an AbortSignal given to $name', (caller) => {
  let mock: MockServer;
  let key: string;
  let call: typeof fetch;
  let close: () => void;
  let onError: Mock<(error: unknown) => void>;

  beforeEach(() => {
    onError = vi.fn<(error: unknown) => void>();
    mock = createMockServer({ clock: 'manual', onError });
    key = mock.createApiKey({ scopes: 'all' }).key;
    ({ fetch: call, close } = caller.connect(mock));
  });
  afterEach(() => {
    vi.useRealTimers();
    close();
    mock.dispose();
  });

  const createAgent = (init: RequestInit) =>
    call('/v1/agents', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
      ...init,
    });

  it('already aborted: rejects with an AbortError and does nothing', async () => {
    await expect(createAgent({ signal: AbortSignal.abort() })).rejects.toMatchObject({
      name: 'AbortError',
    });
    expect(mock.exportState().tables.agents).toEqual([]);
    expect(mock.requests()).toEqual([]);
  });

  it('already aborted with a reason: rejects with that reason', async () => {
    const reason = new Error('gave up');
    await expect(createAgent({ signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(mock.exportState().tables.agents).toEqual([]);
  });

  it('aborted during a fault delay: rejects then, not after the delay', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.faults.add({ path: '/v1/agents', status: 503, delay_ms: 3_000 });
    const controller = new AbortController();
    const pending = call('/v1/agents', {
      headers: { 'x-api-key': key },
      signal: controller.signal,
    });
    const outcome = watch(pending);
    pending.catch(() => undefined);
    // The fault is taken once the request is being answered: the delay has begun.
    while (mock.faults.list().length > 0) await tick();
    await tick();
    expect(outcome.settled()).toBe('pending');
    controller.abort();
    await tick();
    expect(outcome.settled()).toBe('rejected');
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    // The delay's timer went with it (in-process: nothing is left to hold the process open).
    if (caller.name !== 'MSW setupServer') expect(vi.getTimerCount()).toBe(0);
    expect(onError).not.toHaveBeenCalled();
  });

  it('aborted during a fault delay: the journal has it a turn after the rejection, with the fault status', async () => {
    // As the README says: the mock finishes the request after the call rejected, so a test reads
    // the journal after a turn of the event loop, not in the turn of the rejection.
    mock.faults.add({ path: '/v1/agents', status: 503, delay_ms: 3_000 });
    const controller = new AbortController();
    const pending = call('/v1/agents', {
      headers: { 'x-api-key': key },
      signal: controller.signal,
    });
    pending.catch(() => undefined);
    while (mock.faults.list().length > 0) await tick();
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await tick();
    expect(mock.requests().map((entry) => [entry.path, entry.status])).toEqual([
      ['/v1/agents', 503],
    ]);
  });

  it('aborted during a slow success (delay_ms alone): rejects then, and the request is carried out all the same', async () => {
    // As a status fault's answer is made anyway: the API had the whole request when it held it back.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    mock.faults.add({ method: 'POST', path: '/v1/agents', delay_ms: 3_000 });
    const controller = new AbortController();
    const pending = createAgent({ signal: controller.signal });
    const outcome = watch(pending);
    pending.catch(() => undefined);
    while (mock.faults.list().length > 0) await tick();
    await tick();
    expect(outcome.settled()).toBe('pending');
    expect(mock.exportState().tables.agents).toEqual([]);
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await tick();
    // Its timer went with it: no fake time was moved.
    expect(mock.exportState().tables.agents).toMatchObject([{ name: 'Ada' }]);
    expect(mock.requests().map((entry) => [entry.path, entry.status])).toEqual([
      ['/v1/agents', 201],
    ]);
    if (caller.name !== 'MSW setupServer') expect(vi.getTimerCount()).toBe(0);
    expect(onError).not.toHaveBeenCalled();
  });

  it('aborted while the body is still being sent: rejects, and the body is not used', async () => {
    let pulled!: () => void;
    const reading = new Promise<void>((resolve) => {
      pulled = resolve;
    });
    let cancelled: unknown = 'not cancelled';
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(utf8.encode('{"name":"Ada"'));
      },
      // Asked for more once the first chunk was read: the rest never comes.
      pull() {
        pulled();
      },
      cancel(reason) {
        cancelled = reason;
      },
    });
    const controller = new AbortController();
    const pending = createAgent({ body, duplex: 'half', signal: controller.signal } as RequestInit);
    pending.catch(() => undefined);
    await reading;
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    await tick();
    expect(mock.exportState().tables.agents).toEqual([]);
    if (caller.name !== 'MSW setupServer') expect(cancelled).toMatchObject({ name: 'AbortError' });
    expect(onError).not.toHaveBeenCalled();
  });
});
