import { clampDelay } from './clock.js';
import type { AttemptHold, HeldAttempt } from './held-response.js';

/**
 * One attempt: the init its fetch is given, how it ended when it did not end with a response, and,
 * once a call holds its 2xx, that response.
 */
export interface AttemptState {
  /** Overrides the Request's own mode (a middleware may have built it): see refuseRedirect. */
  readonly redirect: 'manual';
  /** The attempt's signal, for the fetch implementation: made on first read. */
  readonly signal: AbortSignal;
  /** Made on the first read of `signal`, or when the attempt stops (a late read gets it aborted). */
  controller?: AbortController;
  /** The attempt's deadline stopped it. */
  timedOut?: boolean;
  /** Held: ends the attempt's deadline and abort listener. */
  release?: () => void;
  /** Held: the 2xx, whose body is cancelled at the end of the call if nobody read it. */
  held?: Response;
  /** Held: set by the body read, called when the attempt's deadline or the call's signal fires. */
  onStop?: (reason: unknown) => void;
  /** Held: why the attempt stopped (in a box: any value may be a reason), if it did before the body read began. */
  stopped?: [reason: unknown];
  /** Held: the call began reading the body (so releasing need not ask `bodyUsed`, which costs). */
  read?: boolean;
}

/** The getter of every attempt's `signal`: one function for all. */
const SIGNAL = {
  enumerable: true,
  get(this: AttemptState): AbortSignal {
    // biome-ignore lint/suspicious/noAssignInExpressions: made once and used at once (3 B fewer with the two below)
    return (this.controller ??= new AbortController()).signal;
  },
};

/**
 * A new attempt. Its AbortController is made when the fetch reads `signal`, an own property (a
 * fetch wrapper that spreads `init`, `{ ...init, dispatcher }`, keeps it) defined with the one
 * getter above, so that every attempt has the same hidden class. Not an object literal with a
 * getter of its own: V8 keeps such a literal in dictionary mode with its accessor in the old
 * generation, so every call's getter, its scope and the request and response it held outlived
 * young-generation GCs until a full GC (a call spent 15% of its time in GC, against 6% for bare
 * openapi-fetch).
 */
export function attemptState(): AttemptState {
  return Object.defineProperty({ redirect: 'manual' }, 'signal', SIGNAL) as AttemptState;
}

/**
 * Sends one attempt with its own abort signal, which fires when the caller's signal aborts or
 * `timeout` runs out. It also settles at that moment, so that a fetch implementation that ignores
 * `signal` (some in-process ones do) still times out. The race is settled from the timer and the
 * caller's listener rather than by listening on our own signal: an EventTarget listener costs
 * more than the rest of the pipeline together. For the same reason the AbortController is made
 * only when the fetch implementation reads `init.signal` (a canned test fetch never does).
 *
 * With a `hold` the attempt also covers the body: an error status's body is read here (a stall
 * times the attempt out; a cut leaves the status and headers, without the body); a 2xx's is read by the caller with
 * `readHeld`, which settles when the attempt stops, and ends the attempt with `releaseHold`.
 */
export function sendAttempt(
  fetch: (input: Request, init?: RequestInit) => Promise<Response>,
  request: Request,
  timeout: number,
  parent: AbortSignal | undefined,
  state: AttemptState,
  hold?: AttemptHold,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    // The closures first, `deadline` after (they run later): in this order, 6 B fewer in the bundle.
    const finish = () => {
      clearTimeout(deadline);
      parent?.removeEventListener('abort', onParentAbort);
    };
    const fail = (error: unknown) => {
      finish();
      reject(error);
    };
    const onParentAbort = () => stop(parent?.reason);
    const stop = (reason: unknown) => {
      finish();
      // biome-ignore lint/suspicious/noAssignInExpressions: as in SIGNAL's getter above
      (state.controller ??= new AbortController()).abort(reason);
      reject(reason);
      // Only while this attempt is the one held (a middleware may have fetched again since).
      if (hold?.heldAttempt === state) {
        state.stopped = [reason];
        state.onStop?.(reason);
      }
    };
    // A timer per attempt: a setTimeout and clearTimeout cost no more than one timer shared by
    // every attempt did (a few hundred ns on Node 20, of a call's ~27 us), in 120 B less.
    const deadline = setTimeout(() => {
      state.timedOut = true;
      // No message of its own: it is the cause of an APITimeoutError, which says it.
      stop(new DOMException('', 'TimeoutError'));
    }, clampDelay(timeout));
    // A pending attempt must not keep a Node process alive on its own (the request does).
    (deadline as { unref?: () => void }).unref?.();
    if (parent?.aborted) return onParentAbort();
    parent?.addEventListener('abort', onParentAbort, { once: true });
    // A fetch of one's own that throws rather than rejects (no async function) fails the attempt
    // as one that rejects: its deadline and the caller's abort listener must not outlive it.
    try {
      fetch(request, state)
        .then((response) => {
          // Stopped already, by the deadline or the caller (a fetch that ignores the signal answers
          // late): nobody takes this answer, which must not be held in place of a retry's; freed.
          if (state.controller?.signal.aborted) response.body?.cancel().catch(() => {});
          // Not held: no body, or status 0 (a browser's opaque redirect, which WebKit gives an empty
          // body; no Response can be built again with it). A 2xx from a fetch that never read the
          // signal (a wrapper that drops `init`) is held too: its body cannot be stopped, but the
          // call still settles on time. Nor a redirect that a fetch of one's own followed: a body
          // read here would be rebuilt without `redirected`, and refuseRedirect would miss it (a 404
          // elsewhere would throw as the API's, a 503 be retried and the key sent there again).
          else if (!(hold && response.body !== null && response.status) || response.redirected) {
            finish();
            // `Response.error()` (a fetch of one's own may answer it; it has no body): a network
            // error, as if the fetch had thrown, so retried and reported as one.
            if (response.type === 'error') reject(new TypeError('Response.error()'));
            else resolve(response);
          } else if (response.ok) {
            // A middleware fetching again (openapi-fetch hands it this fetch): the earlier attempt
            // ends here, its body left to the middleware.
            hold.heldAttempt?.release();
            // Held until the caller has read the body: the deadline and the signal still stop it.
            state.release = finish;
            state.held = response;
            hold.heldAttempt = state as HeldAttempt;
            resolve(response);
          } else {
            response
              .text()
              // Cut: the status and headers still stand (a 429 stays retryable for a POST), bodiless.
              .catch(() => null)
              .then((text) => {
                finish();
                // Status and headers only: a statusText outside Latin-1 cannot be set again, and a
                // status past 599 (999 exists) not at all: that attempt fails as a connection error.
                resolve(new Response(text, { status: response.status, headers: response.headers }));
              })
              .catch(reject);
          }
        })
        // Also what the handler above throws for an answer that is no Response (a fetch wrapper that
        // forgets to return one): a connection error at once, not a timeout and an unhandled rejection.
        .catch(fail);
    } catch (error) {
      fail(error);
    }
  });
}
