import { clampDelay } from './clock.js';

/** A timeout registered with `addDeadline`. */
export interface Deadline {
  at: number;
  fire(): void;
}

const pending = new Set<Deadline>();
let timer: ReturnType<typeof setTimeout> | undefined;
let timerAt = Infinity;

function arm(at: number): void {
  // A no-op when the timer has fired or was never set.
  clearTimeout(timer);
  timerAt = at;
  timer = setTimeout(check, clampDelay(at - Date.now()));
  // A pending deadline must not keep a Node process alive on its own (the request does).
  (timer as { unref?: () => void }).unref?.();
}

function check(): void {
  timerAt = Infinity;
  const now = Date.now();
  let next = Infinity;
  for (const deadline of pending) {
    if (deadline.at <= now) {
      pending.delete(deadline);
      deadline.fire();
    } else if (deadline.at < next) next = deadline.at;
  }
  if (next < Infinity) arm(next);
}

/**
 * Calls `fire` after `ms` unless removed first. One timer serves every pending deadline: a
 * setTimeout and clearTimeout per request attempt cost more than the rest of the retry loop.
 */
export function addDeadline(ms: number, fire: () => void): Deadline {
  const deadline = { at: Date.now() + clampDelay(ms), fire };
  pending.add(deadline);
  if (deadline.at < timerAt) arm(deadline.at);
  return deadline;
}

/** Cancels a deadline; the shared timer stays armed until it fires (unref'd, so harmless). */
export function removeDeadline(deadline: Deadline): void {
  pending.delete(deadline);
}
