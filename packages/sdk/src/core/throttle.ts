import type { Clock } from './clock.js';
import { APIUserAbortError } from './errors.js';
import { parseRateLimit } from './rate-limit.js';

// An enum, not a const: esbuild inlines it (bytes).
enum Skew {
  /** Milliseconds past `X-RateLimit-Reset` before the next window is probed: clock skew. */
  MARGIN = 1000,
}

/** Lets a queued request go. */
type Waiter = () => void;

/**
 * Spaces requests by the server's rate-limit headers so that a burst never draws a 429.
 *
 * Until a response has reported the window, one request goes at a time. Then as many go as the
 * lowest `X-RateLimit-Remaining` of the current window allows, less those still in flight (they
 * may not be counted yet). When the budget is spent, requests wait for `X-RateLimit-Reset` plus
 * MARGIN (clock skew), and one probe learns the new window. A reset further ahead than the client's
 * `maxRetryAfter` (plus MARGIN: the reset is in whole seconds) is not waited for: one request at a
 * time probes, answered by the server or refused with a 429 that fails by `maxRetryAfter` as any
 * 429 does. `/v1/health` is never rate limited, so it does not pass through here (sendWithRetry skips it).
 */
export class Throttle {
  readonly #clock: Clock;
  /** The longest wait for a reset, in milliseconds: `maxRetryAfter` plus MARGIN twice. */
  readonly #maxWait: number;
  /**
   * How many requests may be in flight: 1 while probing (nothing known yet, or a window has passed),
   * the window's lowest `X-RateLimit-Remaining` within a window, Infinity when the server reports none.
   */
  #limit = 1;
  /** When the window resets (ms); Infinity while probing or passing through (no window). */
  #reset = Infinity;
  #inFlight = 0;
  /** The wait for the window's reset, when one is on: aborted when nobody is left to wait. */
  #sleep: AbortController | undefined;
  // A Set keeps the order, and deleting a waiter that is no longer there does nothing.
  readonly #queue = new Set<Waiter>();

  /** `maxWait`: the client's `maxRetryAfter`, in milliseconds. */
  constructor(clock: Clock, maxWait: number) {
    this.#clock = clock;
    // MARGIN twice, written out: esbuild would not fold `2 * Skew.MARGIN`.
    this.#maxWait = maxWait + 2000;
  }

  /** Waits for a slot; call `release` with the response (or nothing on failure) afterwards. */
  acquire(signal?: AbortSignal): Promise<void> {
    // Through the queue even when a slot is free: #pump lets it go at once.
    return new Promise((resolve, reject) => {
      // `go` before `onAbort`: 3 B fewer in the bundle.
      const go: Waiter = () => {
        signal?.removeEventListener('abort', onAbort);
        resolve();
      };
      // Only while queued: `go` removes this listener.
      const onAbort = () => {
        this.#queue.delete(go);
        // Nobody left to wait: end the wait for the reset, whose timer would keep a process alive;
        // #pump begins a new one for whoever queues next.
        if (!this.#queue.size) {
          this.#sleep?.abort();
          this.#sleep = undefined;
        }
        reject(new APIUserAbortError(undefined, { cause: signal?.reason }));
      };
      this.#queue.add(go);
      if (signal?.aborted) return onAbort();
      signal?.addEventListener('abort', onAbort, { once: true });
      this.#pump();
    });
  }

  /** Frees the slot and learns the window from the response's headers. */
  release(response?: Response): void {
    this.#inFlight--;
    // The window, learnt here rather than in a method of its own: 10 B fewer in the bundle.
    if (response) {
      const info = parseRateLimit(response.headers);
      // Read before the branches: one chain of else-ifs is the shortest in the bundle. NaN without a
      // window, where no branch reads it (2 B fewer than `info ? ... : 0`).
      const reset = (info?.reset as number) * 1000;
      if (!info) {
        // A server that reports no window is not throttled; an error answered without the headers
        // (a 401, a gateway's 502) says nothing about the window, so probing goes on.
        // (Probing is the only state with no reset but a limit of 1; passing through stays as it is.)
        if (this.#reset === Infinity && response.ok) this.#limit = Infinity;
      } else if (this.#reset === Infinity || reset > this.#reset) {
        // A first window, or a newer one.
        this.#reset = reset;
        this.#limit = info.remaining;
      } else if (reset === this.#reset) {
        // Responses overtake each other: the lowest count of a window is the freshest.
        this.#limit = Math.min(this.#limit, info.remaining);
      }
    }
    this.#pump();
  }

  #pump(): void {
    // In order; deleting the entry at hand does not disturb a Set's iteration.
    for (const go of this.#queue) {
      // The window has passed: one probe learns the next.
      if (this.#clock.now() >= this.#reset + Skew.MARGIN) {
        this.#reset = Infinity;
        this.#limit = 1;
      }
      if (this.#limit <= this.#inFlight) break;
      this.#inFlight++;
      this.#queue.delete(go);
      go();
    }
    // Nobody in flight will bring news: wake up when the window resets.
    if (this.#queue.size && !this.#inFlight && !this.#sleep) {
      const wait = this.#reset + Skew.MARGIN - this.#clock.now();
      // biome-ignore lint/suspicious/noAssignInExpressions: the wait's handle, kept and named in one (2 B fewer than two statements)
      const sleep = (this.#sleep = new AbortController());
      // Only the current wait: a clock whose sleep ignores the signal ends an abandoned one late,
      // which must neither drop the newer wait's handle nor start a second wait. (Aborted, it is
      // no longer current: onAbort has moved on.)
      const wake = () => {
        if (this.#sleep === sleep) {
          this.#sleep = undefined;
          // However the wait ended, the window counts as passed and one request probes it (on a
          // clock that keeps its word, it has). A sleep that failed (a mock's real clock refuses to
          // advance) left every call hanging; one that ended without moving the clock (a sleep that
          // skips waits) began another at once, in microtasks that starved timers, I/O and aborts.
          this.#reset = -Infinity;
          this.#pump();
        }
      };
      // Longer than the client waits for a server (a bogus reset days ahead made every call wait
      // 24.8 days, again and again, until its signal ended it): a probe goes now instead.
      if (wait > this.#maxWait) wake();
      else this.#clock.sleep(wait, sleep.signal).then(wake, wake);
    }
  }
}
