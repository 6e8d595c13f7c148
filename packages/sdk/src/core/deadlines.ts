import { clampDelay } from './clock.js';

/** A timeout registered with `addDeadline`. */
export interface Deadline {
  at: number;
  fire(): void;
}

/**
 * The pending deadlines, in the order they were added: `pending.delete(deadline)` cancels one (a
 * function of its own for it would stay in the bundle); the shared timer stays armed until it fires
 * (unref'd, so harmless).
 */
export const pending = new Set<Deadline>();
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;
// The setTimeout that set `timer`: once fake timers are installed or removed (a test's
// vi.useFakeTimers()), that timer never fires in the time now kept, so the next deadline sets one.
let armedBy: unknown;

function arm(at: number): void {
  // A no-op when the timer has fired, was never set, or was set by other timers than these.
  clearTimeout(timer);
  timerAt = at;
  armedBy = setTimeout;
  timer = setTimeout(check, clampDelay(at - Date.now()));
  // A pending deadline must not keep a Node process alive on its own (the request does).
  (timer as { unref?: () => void }).unref?.();
}

function check(): void {
  timerAt = Infinity;
  // Armed again for each earlier deadline found: the first, most often, as they come in order.
  for (const deadline of pending) {
    if (Date.now() >= deadline.at) {
      pending.delete(deadline);
      deadline.fire();
    } else if (deadline.at < timerAt) arm(deadline.at);
  }
}

/**
 * Calls `fire` after `ms` unless removed from `pending` first. One timer serves every pending deadline: a
 * setTimeout and clearTimeout per request attempt cost more than the rest of the retry loop.
 */
export function addDeadline(ms: number, fire: () => void): Deadline {
  const deadline = { at: Date.now() + clampDelay(ms), fire };
  pending.add(deadline);
  if (armedBy !== setTimeout || deadline.at < timerAt) arm(deadline.at);
  return deadline;
}
