import { describe, expect, it, vi } from 'vitest';
import { clampDelay, MAX_TIMER_DELAY, sleep, systemClock } from './clock.js';

describe('clampDelay', () => {
  it.each([
    [-5, 0],
    [Number.NaN, 0],
    [0, 0],
    [1500, 1500],
    [MAX_TIMER_DELAY + 1, MAX_TIMER_DELAY],
    [Number.POSITIVE_INFINITY, MAX_TIMER_DELAY],
  ])('%d -> %d', (ms, expected) => {
    expect(clampDelay(ms)).toBe(expected);
  });
});

describe('sleep', () => {
  it('rejects with the reason when aborted during the wait', async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });

  it('rejects at once when the signal is already aborted', async () => {
    await expect(sleep(60_000, AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('clamps its timer: a wait past the longest timer does not fire at once', async () => {
    // setTimeout takes a delay above 2^31 - 1 ms as 1 ms: a long Retry-After would retry at once.
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const controller = new AbortController();
    const pending = sleep(2 ** 32, controller.signal);
    try {
      expect(setTimer).toHaveBeenLastCalledWith(expect.any(Function), MAX_TIMER_DELAY);
    } finally {
      setTimer.mockRestore();
      controller.abort(new Error('done'));
    }
    await expect(pending).rejects.toThrow('done');
  });

  it('resolves after the delay', async () => {
    await expect(sleep(0)).resolves.toBeUndefined();
  });
});

describe('systemClock', () => {
  it('reads the wall clock', () => {
    // The system time set, not read twice around the call: a clock stepped back between reads fails no test.
    vi.useFakeTimers({ now: 1_767_225_600_123, toFake: ['Date'] });
    try {
      expect(systemClock.now()).toBe(1_767_225_600_123);
    } finally {
      vi.useRealTimers();
    }
  });
});
