import { afterEach, describe, expect, it, vi } from 'vitest';
import { type AttemptHold, readHeld, releaseHold } from './held-response.js';
import { attemptState, sendAttempt } from './send-attempt.js';

// A fetch that never reads the signal (a wrapper that drops `init`): only the attempt's own
// deadline and the caller's abort can settle the body read.
const deaf = (body: BodyInit) => async () => new Response(body, { status: 200 });

/** A body that sends its first piece and then nothing. */
const stalled = () =>
  new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode('{"data":'));
    },
  });

/** Sends one attempt that holds its 2xx, as a resource method's call does. */
async function held(body: BodyInit, parent?: AbortSignal) {
  const hold: AttemptHold = {};
  const state = attemptState();
  const response = await sendAttempt(
    deaf(body),
    new Request('http://127.0.0.1/'),
    60_000,
    parent,
    state,
    hold,
  );
  return { hold, state, response };
}

describe('readHeld', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects with the timeout when the deadline passed before the body read began', async () => {
    vi.useFakeTimers();
    const { hold, state, response } = await held('{"data":{}}');
    // The deadline's own callback must not throw (nothing listens yet for the stop).
    vi.advanceTimersByTime(60_000);
    expect(state.timedOut).toBe(true);
    const error = await readHeld(response, hold).catch((e: unknown) => e);
    // As AbortSignal.timeout()'s reason: what a fetch that honours the signal rejects with.
    expect(error).toBeInstanceOf(DOMException);
    expect((error as DOMException).name).toBe('TimeoutError');
    // No message of its own: the APITimeoutError it becomes the cause of says it.
    expect((error as DOMException).message).toBe('');
    releaseHold(hold);
  });

  it("rejects with the caller's reason when the call aborted before the body read began", async () => {
    const caller = new AbortController();
    const { hold, response } = await held('{"data":{}}', caller.signal);
    caller.abort('late');
    // A whole body is there to read: only the stop, remembered, keeps it from being taken.
    await expect(readHeld(response, hold)).rejects.toBe('late');
    releaseHold(hold);
  });

  it("rejects with the caller's reason when the call aborts during the body read", async () => {
    const caller = new AbortController();
    const { hold, response } = await held(stalled(), caller.signal);
    const reading = readHeld(response, hold);
    caller.abort('during');
    await expect(reading).rejects.toBe('during');
    releaseHold(hold);
  });

  it('reads the body of a held 2xx that nothing stopped, and of a response with no hold', async () => {
    const { hold, response } = await held('{"data":{}}');
    await expect(readHeld(response, hold)).resolves.toBe('{"data":{}}');
    releaseHold(hold);
    await expect(readHeld(new Response('plain'), {})).resolves.toBe('plain');
  });
});
