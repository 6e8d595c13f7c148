import type { Variant } from '../store/records.js';

/** Attempts per event, both variants (seed 6.1 / 6.2). */
export const MAX_ATTEMPTS = 5;
/** A receiver must answer within 10 s of the mock's clock. */
export const DELIVERY_TIMEOUT_MS = 10_000;
/** Failed attempts in a row after which A deactivates a webhook and B marks it failing. */
export const FAILURES_TO_DEACTIVATE = 5;
/** Deliveries waiting per webhook; an event beyond it is recorded as failed with `queue_full`. */
export const MAX_PENDING_PER_WEBHOOK = 1000;
/**
 * Rounds of attempts started while `settle` waits (a receiver's reactions) that it waits for, after
 * those in flight when it was called: a deep chain of reactions, never an endless one.
 */
export const MAX_SETTLE_ROUNDS = 100;
/** Finished deliveries kept in the history (all webhooks); the oldest finished ones go first. */
export const MAX_FINISHED_DELIVERIES = 50_000;
/**
 * The most characters the finished deliveries' bodies hold together (64 Mi): past it the oldest go
 * too, so that a history of large events (a contact's custom fields reach 1 MiB) stays bounded in
 * memory, not only in count.
 */
export const MAX_FINISHED_BODY_CHARS = 64 * 1024 * 1024;
/** Variant B's alert e-mails kept (all webhooks, deleted ones' too); the oldest go first. */
export const MAX_ALERTS = 10_000;
/** Variant B: while a webhook is failing, a new event's first attempt waits the fifth delay. */
export const B_FAILING_DELAY_MS = 15 * 60_000;

/** Waits after the 1st to 4th failed attempt of an event. A: +1 min, +5 min, +15 min, +1 h. B: 5 s, 15 s, 60 s, 5 min. */
const RETRY_DELAYS_MS: Record<Variant, readonly number[]> = {
  A: [60_000, 5 * 60_000, 15 * 60_000, 60 * 60_000],
  B: [5_000, 15_000, 60_000, 5 * 60_000],
};

/** How long to wait after an event's `failedAttempts`-th failed attempt (1 to 4). */
export function retryDelayMs(variant: Variant, failedAttempts: number): number {
  const delay = RETRY_DELAYS_MS[variant][failedAttempts - 1];
  if (delay === undefined) throw new RangeError(`no retry after attempt ${failedAttempts}`);
  return delay;
}
