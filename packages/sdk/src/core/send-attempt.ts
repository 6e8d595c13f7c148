import { addDeadline, removeDeadline } from './deadlines.js';

/** How one attempt ended when it did not end with a response. */
export interface AttemptState {
  timedOut: boolean;
}

/**
 * Sends one attempt with its own abort signal, which fires when the caller's signal aborts or
 * `timeout` runs out. The attempt ends when the whole body has arrived: it is read here, under the
 * same deadline and signal, so that a server that stalls or resets mid-body fails the attempt
 * (retried as a connection error) instead of hanging the caller's JSON parse. It also settles at
 * the moment of abort, so that a fetch implementation that ignores `signal` (some in-process ones
 * do) still times out. The race is settled from the timer and the
 * caller's listener rather than by listening on our own signal: an EventTarget listener costs
 * more than the rest of the pipeline together. For the same reason the AbortController is made
 * only when the fetch implementation reads `init.signal` (a canned test fetch never does).
 */
export function sendAttempt(
  fetch: (input: Request, init?: RequestInit) => Promise<Response>,
  request: Request,
  timeout: number,
  parent: AbortSignal | undefined,
  state: AttemptState,
): Promise<Response> {
  return new Promise((resolve, reject) => {
    let controller: AbortController | undefined;
    const stop = (reason: unknown) => {
      finish();
      controller?.abort(reason);
      reject(reason);
    };
    const onParentAbort = () => stop(parent?.reason);
    const deadline = addDeadline(timeout, () => {
      state.timedOut = true;
      stop(new DOMException('The attempt timed out.', 'TimeoutError'));
    });
    const finish = () => {
      removeDeadline(deadline);
      parent?.removeEventListener('abort', onParentAbort);
    };
    if (parent) {
      if (parent.aborted) return onParentAbort();
      parent.addEventListener('abort', onParentAbort, { once: true });
    }
    const init: RequestInit = {
      get signal() {
        controller ??= new AbortController();
        return controller.signal;
      },
    };
    fetch(request, init)
      .then(buffered)
      .then(
        (response) => {
          finish();
          resolve(response);
        },
        (error: unknown) => {
          finish();
          reject(error);
        },
      );
  });
}

// Statuses whose Response cannot be built with a body, even an empty one.
const NULL_BODY_STATUS = new Set([101, 204, 205, 304]);

/** The response with its body read into memory (a response without a body is kept as it is). */
async function buffered(response: Response): Promise<Response> {
  if (response.body === null) return response;
  const bytes = await response.arrayBuffer();
  const copy = new Response(NULL_BODY_STATUS.has(response.status) ? null : bytes, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
  // The URL the response came from (after redirects) stays readable on `withResponse()`.
  if (response.url) Object.defineProperty(copy, 'url', { value: response.url });
  return copy;
}
