import type { AttemptState } from './send-attempt.js';

/**
 * One resource-method call's hold on its last attempt, made per call (not tied to the Request or
 * Response, which a middleware may replace): the attempt keeps its deadline and abort listener on
 * a 2xx until the call has read the body, and the call learns how the attempt ended.
 */
export interface AttemptHold {
  /** Ends the held attempt's deadline and abort listener; set while a 2xx is held. */
  release?: () => void;
  /** Set by the body read: called when the held attempt's deadline or the call's signal fires. */
  onStop?: (reason: unknown) => void;
  /** Why the held attempt stopped, if it did before the body read began. */
  stopped?: { reason: unknown };
  /** How the held attempt ended, when it did (`timedOut`). */
  state?: AttemptState;
}

/** Ends the attempt a call holds, if any: called once the call has settled, whatever the path. */
export function releaseHold(hold: AttemptHold): void {
  hold.release?.();
}

/**
 * Reads a held 2xx's body, settling as soon as the attempt stops: a fetch may read the signal
 * without tying it to the body (MSW does), or ignore it.
 */
export function readHeld(response: Response, hold: AttemptHold): Promise<string> {
  if (hold.release === undefined) return response.text();
  return new Promise((resolve, reject) => {
    if (hold.stopped) return reject(hold.stopped.reason);
    hold.onStop = reject;
    response.text().then(resolve, reject);
  });
}
