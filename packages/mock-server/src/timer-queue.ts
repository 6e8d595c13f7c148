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
  private heap: Timer[] = [];
  private readonly waiting = new Map<number, Timer>();

  /** Timers still waiting (cancelled ones not counted). */
  get size(): number {
    return this.waiting.size;
  }

  /** Entries the heap holds, cancelled ones included: never much more than twice `size`. */
  get held(): number {
    return this.heap.length;
  }

  /** Adds a timer. */
  add(timer: Timer): void {
    this.waiting.set(timer.id, timer);
    this.heap.push(timer);
    this.up(this.heap.length - 1);
  }

  /** Cancels a timer by id (nothing for one that ran or was cancelled). */
  cancel(id: number): void {
    if (!this.waiting.delete(id)) return;
    if (this.heap.length > MIN_COMPACT && this.heap.length > 2 * this.waiting.size) this.compact();
  }

  /** Removes and returns the earliest waiting timer due at or before `limit`, if any. */
  takeDue(limit: number): Timer | undefined {
    let top = this.heap[0];
    while (top !== undefined && this.waiting.get(top.id) !== top) {
      this.pop();
      top = this.heap[0];
    }
    if (top === undefined || top.at > limit) return undefined;
    this.pop();
    this.waiting.delete(top.id);
    return top;
  }

  /** Cancels every timer. */
  clear(): void {
    this.heap = [];
    this.waiting.clear();
  }

  /** Keeps the waiting timers only, in heap order again (Floyd's heapify, linear). */
  private compact(): void {
    this.heap = this.heap.filter((t) => this.waiting.get(t.id) === t);
    for (let i = (this.heap.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  private pop(): void {
    const last = this.heap.pop() as Timer;
    if (this.heap.length === 0) return;
    this.heap[0] = last;
    this.down(0);
  }

  private up(i: number): void {
    const { heap } = this;
    const timer = heap[i] as Timer;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = heap[parent] as Timer;
      if (!earlier(timer, above)) break;
      heap[i] = above;
      i = parent;
    }
    heap[i] = timer;
  }

  private down(i: number): void {
    const { heap } = this;
    const timer = heap[i] as Timer;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= heap.length) break;
      const right = left + 1;
      const child =
        right < heap.length && earlier(heap[right] as Timer, heap[left] as Timer) ? right : left;
      const below = heap[child] as Timer;
      if (!earlier(below, timer)) break;
      heap[i] = below;
      i = child;
    }
    heap[i] = timer;
  }
}

function earlier(a: Timer, b: Timer): boolean {
  return a.at < b.at || (a.at === b.at && a.seq < b.seq);
}
