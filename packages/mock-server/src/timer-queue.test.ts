import { describe, expect, it } from 'vitest';
import { type Timer, TimerQueue } from './timer-queue.js';

const timer = (id: number, at: number, seq = id): Timer => ({ id, at, seq, run: () => undefined });

/** Every timer due by `limit`, in the order the queue gives them. */
function drain(queue: TimerQueue, limit = Number.POSITIVE_INFINITY): number[] {
  const ids: number[] = [];
  for (let t = queue.takeDue(limit); t !== undefined; t = queue.takeDue(limit)) ids.push(t.id);
  return ids;
}

describe('TimerQueue', () => {
  it('gives the due timers earliest first, those due together in scheduling order', () => {
    const queue = new TimerQueue();
    queue.add(timer(1, 300));
    queue.add(timer(2, 100));
    queue.add(timer(3, 100));
    queue.add(timer(4, 200));
    expect(queue.takeDue(99)).toBeUndefined();
    expect(drain(queue, 200)).toEqual([2, 3, 4]);
    expect(queue.size).toBe(1);
    expect(drain(queue)).toEqual([1]);
    expect(queue.size).toBe(0);
  });

  it('orders as a sort by (time, sequence) does, with cancels in between (10,000 random timers)', () => {
    // A fixed sequence (a linear congruential generator), so a failure can be run again.
    let state = 42;
    const random = (n: number) => {
      state = (state * 1103515245 + 12345) % 2 ** 31;
      return state % n;
    };
    const queue = new TimerQueue();
    const added: Timer[] = [];
    const cancelled = new Set<number>();
    for (let id = 1; id <= 10_000; id++) {
      const t = timer(id, random(500));
      queue.add(t);
      added.push(t);
      if (random(3) === 0) {
        const victim = 1 + random(id);
        queue.cancel(victim);
        cancelled.add(victim);
      }
    }
    const expected = added
      .filter((t) => !cancelled.has(t.id))
      .sort((a, b) => a.at - b.at || a.seq - b.seq)
      .map((t) => t.id);
    expect(queue.size).toBe(expected.length);
    expect(drain(queue)).toEqual(expected);
  });

  it('holds no more than about twice the waiting timers, however many were cancelled unrun', () => {
    // A clock no one moves: every delivery attempt schedules its 10 s timeout and cancels it once
    // answered. The cancelled timers must not pile up in the heap.
    const queue = new TimerQueue();
    for (let id = 1; id <= 100; id++) queue.add(timer(id, 1_000_000 + id));
    for (let id = 101; id <= 100_100; id++) {
      queue.add(timer(id, 10_000));
      queue.cancel(id);
    }
    expect(queue.size).toBe(100);
    expect(queue.held).toBeLessThanOrEqual(2 * 100 + 1);
    expect(drain(queue)).toEqual(Array.from({ length: 100 }, (_, i) => i + 1));
  });

  it('ignores a cancel of a timer that ran, was cancelled or never was', () => {
    const queue = new TimerQueue();
    queue.add(timer(1, 10));
    queue.add(timer(2, 20));
    expect(queue.takeDue(10)?.id).toBe(1);
    queue.cancel(1);
    queue.cancel(99);
    queue.cancel(2);
    queue.cancel(2);
    expect(queue.size).toBe(0);
    expect(queue.takeDue(100)).toBeUndefined();
    queue.add(timer(3, 5));
    queue.clear();
    expect(queue.size).toBe(0);
    expect(queue.held).toBe(0);
  });

  it("lets go of a cancelled timer's function at once, though the heap still holds the timer", () => {
    // What a delivery attempt's timeout closes over (its request, body and signal) must not stay
    // alive until the heap is next compacted.
    const queue = new TimerQueue();
    for (let id = 1; id <= 100; id++) queue.add(timer(id, 1_000_000 + id));
    const big = { body: 'x'.repeat(1000) };
    const t: Timer = { id: 101, at: 10, seq: 101, run: () => big.body };
    queue.add(t);
    queue.cancel(101);
    expect(queue.held).toBe(101);
    expect(t.run()).toBeUndefined();
  });
});
