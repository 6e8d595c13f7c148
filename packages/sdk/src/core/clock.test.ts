import { describe, expect, it } from 'vitest';
import { clampDelay, MAX_TIMER_DELAY, sleep } from './clock.js';

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

  it('resolves after the delay', async () => {
    await expect(sleep(0)).resolves.toBeUndefined();
  });
});
