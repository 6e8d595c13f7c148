import { MinHeap } from './min-heap.js';

/** A timer a manual clock will run at `at` (ms since the epoch). */
export interface Timer {
  id: number;
  at: number;
  /** The order it was scheduled in: timers due at the same time run in that order. */
  seq: number;
  run: () => unknown;
}

/** Below this many entries a queue is never compacted: the work would outweigh the memory. */
const MIN_COMPACT = 64;

/**
 * A manual clock's timers, earliest first (by time, then by scheduling order): a binary heap, so that
 * scheduling, cancelling and taking the next one cost the same however many timers wait (a shared
 * mock whose clock no test moves gathers every retry and reminder of the day). A cancelled timer
 * stays in the heap until it reaches the top or the cancelled ones outnumber the waiting ones.
 */
export class TimerQueue {
  private readonly heap = new MinHeap<Timer>(earlier);
  private readonly waiting = new Map<number, Timer>();

  /** Timers still waiting (cancelled ones not counted). */
  get size(): number {
    return this.waiting.size;
  }

  /** Entries the heap holds, cancelled ones included: never much more than twice `size`. */
  get held(): number {
    return this.heap.size;
  }

  /** Adds a timer. */
  add(timer: Timer): void {
    this.waiting.set(timer.id, timer);
    this.heap.push(timer);
  }

  /**
   * Cancels a timer by id (nothing for one that ran or was cancelled). Until the heap lets go of it,
   * it holds no more than its time: its function (and all that it closes over, a delivery attempt's
   * request) is let go at once.
   */
  cancel(id: number): void {
    const timer = this.waiting.get(id);
    if (timer === undefined) return;
    this.waiting.delete(id);
    timer.run = cancelled;
    if (this.heap.size > MIN_COMPACT && this.heap.size > 2 * this.waiting.size) {
      this.heap.retain((t) => this.waiting.get(t.id) === t);
    }
  }

  /** Removes and returns the earliest waiting timer due at or before `limit`, if any. */
  takeDue(limit: number): Timer | undefined {
    let top = this.heap.peek();
    while (top !== undefined && this.waiting.get(top.id) !== top) {
      this.heap.pop();
      top = this.heap.peek();
    }
    if (top === undefined || top.at > limit) return undefined;
    this.heap.pop();
    this.waiting.delete(top.id);
    return top;
  }

  /** Cancels every timer. */
  clear(): void {
    this.heap.clear();
    this.waiting.clear();
  }
}

function cancelled(): void {}

function earlier(a: Timer, b: Timer): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
