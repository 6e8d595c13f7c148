import { conflict, invalidField } from './errors.js';
import { MAX_TIMEOUT_MS } from './timer-limit.js';
import { TimerQueue } from './timer-queue.js';

/** The mock's time source and timers: real time, or a manual clock that tests move forward. */
export interface Clock {
  /** `'manual'`: time moves only with `advance(ms)`; `'real'`: the system clock, which `advance` refuses. */
  readonly mode: 'real' | 'manual';
  /** Milliseconds since the epoch. */
  now(): number;
  /** Runs `run` once `ms` have passed on this clock; returns an id for `clear`. */
  schedule(ms: number, run: () => unknown): number;
  /** Cancels a scheduled timer. */
  clear(id: number): void;
  /**
   * Moves a manual clock forward by `ms` (a fraction rounds up to whole milliseconds), running
   * every timer that falls due, in time order, awaiting each; a real clock refuses (409
   * `MockApiError`, as is 400 for an `ms` that is no number, negative or past the clock's range). Advances that
   * overlap (two SDK retries sleeping at once) share the timers, each run once, earliest first,
   * and each advance ends at least its `ms` after it began; time never goes back. A timer that is
   * still running may then overlap the next one (the mock's own timers return at once).
   */
  advance(ms: number): Promise<number>;
  /** Timers still waiting. */
  pending(): number;
  /**
   * Registers work a manual clock awaits before each step forward (in-flight webhook attempts), so
   * that what they record happens at the time it should; returns the function that removes it.
   * `advance` is one object for every step of one `advance` call; a clock of your own may leave it
   * out (each call then waits the whole grace, as `settle()` does). The built-in clock settles once
   * more after its last step; after a clock of your own, `POST /__mock/clock/advance` settles.
   */
  onBeforeStep(settle: (advance?: object) => Promise<void>): () => void;
  /** Cancels every timer. */
  dispose(): void;
}

/** A clock that follows the system time; timers are real timers. */
export function createRealClock(): Clock {
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  let next = 1;
  return {
    mode: 'real',
    now: () => Date.now(),
    schedule(ms, run) {
      const id = next++;
      const at = Date.now() + Math.max(0, ms);
      // setTimeout waits at most about 24.8 days: a longer wait is made of several, under one id.
      const wait = () => {
        const handle = setTimeout(
          () => {
            if (Date.now() < at) return wait();
            timers.delete(id);
            void run();
          },
          Math.min(at - Date.now(), MAX_TIMEOUT_MS),
        );
        if (typeof handle === 'object' && 'unref' in handle) handle.unref();
        timers.set(id, handle);
      };
      wait();
      return id;
    },
    clear(id) {
      clearTimeout(timers.get(id));
      timers.delete(id);
    },
    async advance(ms) {
      // As POST /__mock/clock/advance: the amount is checked first, then the clock's mode.
      checkAdvance(ms, Date.now());
      throw conflict('the clock is real: start the mock with clock "manual" to move time');
    },
    pending: () => timers.size,
    onBeforeStep: () => () => undefined,
    dispose() {
      for (const handle of timers.values()) clearTimeout(handle);
      timers.clear();
    },
  };
}

/**
 * The range of a manual clock. Before 1970 a Variant A signature would need a negative timestamp;
 * from year 10000 on a date-time is no longer RFC 3339 (`+010000-01-01T...`), and a timestamp past
 * 1e11 s reads as milliseconds to a verifier. The last date leaves a month for the times the mock
 * sets ahead of the clock (QR codes, webhook retries, a rotated secret's grace period).
 */
const firstDate = 0;
const lastDate = Date.UTC(9999, 11, 1);
/** Why an advance has a maximum, for error messages. */
const lastDateNote = 'the clock cannot pass 9999-12-01T00:00:00.000Z, its last date';

/** Null when a manual clock may start at `ms` (since the epoch), else why not. */
export function startTimeProblem(ms: number): string | null {
  return ms >= firstDate && ms <= lastDate
    ? null
    : 'must be from 1970-01-01T00:00:00.000Z to 9999-12-01T00:00:00.000Z (the range of the mock clock)';
}

/** How far a manual clock at `now` may still move. */
export function maxAdvance(now: number): number {
  return lastDate - now;
}

/**
 * Throws the 400 `MockApiError` POST /__mock/clock/advance answers when a clock at `now` cannot move
 * by `ms`, naming `ms` with the same rule: `type` (no number), `minimum` (negative) or `maximum`
 * (past the last date), so that the same mistake is the same error in-process and over HTTP.
 */
export function checkAdvance(ms: unknown, now: number): void {
  // A number: '1000' would pass the comparisons (as HTTP's {"ms": "1000"} does not).
  if (typeof ms !== 'number' || Number.isNaN(ms)) {
    throw invalidField('ms', 'type', 'must be a number');
  }
  if (ms < 0) throw invalidField('ms', 'minimum', 'must be at least 0');
  const most = maxAdvance(now);
  if (ms > most) throw invalidField('ms', 'maximum', `must be at most ${most} (${lastDateNote})`);
}

/**
 * `start` as a manual clock holds it, whole milliseconds (a fraction dropped, as `new Date()` drops
 * it); a TypeError naming `start` for no number or one outside the clock's range, as `startTime`.
 */
function checkStart(start: unknown): number {
  if (typeof start !== 'number' || Number.isNaN(start)) {
    const shown = typeof start === 'string' ? `"${start}"` : String(start);
    throw new TypeError(`start: must be milliseconds since the epoch, not ${shown}`);
  }
  const problem = startTimeProblem(start);
  if (problem) throw new TypeError(`start: ${problem}`);
  return Math.trunc(start);
}

/** The built-in manual clocks: each settles once more after its last step, before `advance` ends. */
const settlingAfterLastStep = new WeakSet<Clock>();

/**
 * Whether `clock` waits for the attempts its last step started before its `advance` ends, as the
 * built-in manual clock does; a clock of your own, which the contract asks only to settle before each
 * step, is settled after its advance by the control route.
 */
export function settlesAfterLastStep(clock: Clock): boolean {
  return settlingAfterLastStep.has(clock);
}

/** A clock that stands still until `advance(ms)`; starts at `start` (ms since the epoch). */
export function createManualClock(start: number = Date.now()): Clock {
  let current = checkStart(start);
  let next = 1;
  let seq = 0;
  const timers = new TimerQueue();
  /** Advances in progress: more than one when they overlap. */
  let advancing = 0;
  const settlers = new Set<(advance?: object) => Promise<void>>();
  const settle = async (advance: object) => {
    for (const fn of settlers) await fn(advance);
  };

  const clock: Clock = {
    mode: 'manual',
    now: () => current,
    schedule(ms, run) {
      const id = next++;
      // A delay that is no number (NaN) is none, as setTimeout takes it: the heap cannot order it.
      timers.add({ id, at: current + (Number.isNaN(ms) ? 0 : Math.max(0, ms)), seq: seq++, run });
      return id;
    },
    clear(id) {
      timers.cancel(id);
    },
    async advance(requested) {
      checkAdvance(requested, current);
      // Whole milliseconds: the clock never reads 1.5 ms. A fraction (an SDK's jittered backoff
      // handed to this as its sleep) rounds up, so the sleeper never wakes early.
      const ms = Math.ceil(requested);
      const target = current + ms;
      // Its steps' settles know one another by it (a grace spent in one is not waited for again).
      const advance = {};
      advancing++;
      try {
        for (;;) {
          await settle(advance);
          const timer = timers.takeDue(target);
          if (timer) {
            current = Math.max(current, timer.at);
            await timer.run();
            continue;
          }
          // Nothing due, but an overlapping advance may have just run a timer whose work (a webhook
          // attempt) is still in flight: wait for it, and look again if it scheduled anything (its
          // retry), rather than jump to the target past that.
          if (advancing === 1) break;
          const scheduled = seq;
          await settle(advance);
          if (seq === scheduled) break;
        }
      } finally {
        advancing--;
      }
      // An advance that overlapped a longer one (two SDK retries sleeping at once on this clock)
      // ends where that one took the clock: time never goes back, and each sleeper wakes at least
      // `ms` after it began.
      current = Math.max(current, target);
      return current;
    },
    pending: () => timers.size,
    onBeforeStep(fn) {
      settlers.add(fn);
      return () => settlers.delete(fn);
    },
    dispose() {
      timers.clear();
      settlers.clear();
    },
  };
  catchUps.set(clock, (ms) => {
    current = Math.max(current, Math.min(ms, lastDate));
  });
  settlingAfterLastStep.add(clock);
  return clock;
}

/** How each clock `createManualClock` made moves forward at once (see `catchUp`). */
const catchUps = new WeakMap<Clock, (ms: number) => void>();

/**
 * Moves a manual clock made by `createManualClock` forward to `ms` at once, never back nor past its
 * last date: a state imported with records later than the clock is not followed by records dated
 * before them. No timer runs on the way (an import has just replaced those of the state): one that
 * falls due runs at the next advance. False for another clock (a real one, your own): it stays.
 */
export function catchUp(clock: Clock, ms: number): boolean {
  const move = catchUps.get(clock);
  move?.(ms);
  return move !== undefined;
}
