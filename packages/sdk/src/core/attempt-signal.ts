import { clampDelay } from './clock.js';

/** The abort signal of one attempt: it fires when the caller aborts or the timeout runs out. */
export interface AttemptSignal {
  readonly signal: AbortSignal;
  /** Whether the timeout, rather than the caller, aborted the attempt. */
  timedOut(): boolean;
  /** Stops the timer and unhooks the caller's signal. */
  done(): void;
}

/** Starts the per-attempt timeout, linked to the caller's signal. */
export function attemptSignal(timeout: number, parent: AbortSignal | undefined): AttemptSignal {
  const controller = new AbortController();
  let timedOut = false;
  const onAbort = () => controller.abort(parent?.reason);
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort(new DOMException('The attempt timed out.', 'TimeoutError'));
  }, clampDelay(timeout));
  if (parent) {
    if (parent.aborted) onAbort();
    else parent.addEventListener('abort', onAbort, { once: true });
  }
  return {
    signal: controller.signal,
    timedOut: () => timedOut,
    done() {
      clearTimeout(timer);
      parent?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Calls `fetch` with the signal and also settles when the signal fires, so that a fetch
 * implementation that ignores `signal` (some in-process ones do) still times out.
 */
export function fetchWithSignal(
  fetch: (input: Request, init?: RequestInit) => Promise<Response>,
  request: Request,
  signal: AbortSignal,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    fetch(request, { signal }).then(
      (response) => {
        signal.removeEventListener('abort', onAbort);
        resolve(response);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort);
        reject(error);
      },
    );
  });
}
