import { attemptFailure } from './attempt-failure.js';
import type { Clock } from './clock.js';
import { APIUserAbortError } from './errors.js';
import type { AttemptHold } from './held-response.js';
import type { LevelLogger } from './logger.js';
import { refuseRedirect } from './redirect.js';
import { BODY, type WithBody } from './replayable-request.js';
import { backoffDelay, IDEMPOTENT, serverDelay, shouldRetryStatus } from './retry-policy.js';
import { attemptState, sendAttempt } from './send-attempt.js';
import type { Throttle } from './throttle.js';

/** A fetch function: the global one, MSW's patched one, or an in-process handler. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

// The fields below are named apart from the options they come from (`maxRetries`, `clock`, ...):
// their names are shortened in the build (tsup.config.ts), which an option's name must never be.

/** What one call may override. */
export interface SendOptions {
  /** `maxRetries`. */
  retries: number;
  /** `timeout`: milliseconds per attempt, until the response headers arrive, or with a hold until the body is read. */
  attemptTimeout: number;
  /** The call's `signal`. */
  callSignal?: AbortSignal | undefined;
}

/** What the client sets once. */
export interface SendConfig {
  /** The `fetch` option or the global fetch, looked up on every attempt (MSW patches it later). */
  getFetch(): FetchLike;
  /** `clock`. */
  timeSource: Clock;
  /** `maxRetryAfter` in milliseconds: a longer server-requested wait fails at once instead. */
  maxServerWait: number;
  /** The throttle, when the `throttle` option is on. */
  limiter: Throttle | undefined;
  /** The levels of `logger` that `logLevel` lets through. */
  leveledLogger: LevelLogger;
}

/**
 * A response not retried for the wait its server asked: `notRetried` says so, for the warn line and
 * the end of its error's message (a middleware's replacement has none, and its error says no more).
 */
export type NotRetried = Response & { notRetried?: string };

function path(request: Request): string {
  return new URL(request.url).pathname;
}

/**
 * Sends a request, retrying it by the retry policy. Sits beneath openapi-fetch's middleware as
 * its `fetch`; resolves with the last response (the caller turns an error status into an error)
 * and throws APIConnectionError, APITimeoutError or APIUserAbortError when no response came, and
 * an APIError for a redirect.
 */
export async function sendWithRetry(
  request: Request,
  options: SendOptions,
  config: SendConfig,
  hold?: AttemptHold,
): Promise<Response> {
  const { timeSource: clock, leveledLogger: logger } = config;
  // `method` and `signal` read as properties, not destructured: 4 B fewer in the bundle.
  const method = request.method;
  // Health is never rate limited and answers without the headers: it neither waits for the
  // throttle nor teaches it anything (it would read as a server that reports no window).
  const throttle =
    method === 'GET' && config.limiter && path(request).endsWith('/v1/health')
      ? undefined
      : config.limiter;
  const signal = options.callSignal;
  let body: string | ArrayBuffer | undefined = (request as WithBody)[BODY];
  // Not built by us (a middleware replaced it): its body is buffered once to replay it, and
  // every attempt, the first too, is a copy. Firefox's Request has no body (undefined, for a GET
  // too): a GET's, which can have none, is not buffered (a copy with an empty one would throw). The
  // API has no HEAD.
  const buffered =
    body === undefined && request.body !== null && method !== 'GET' && options.retries > 0;
  if (buffered) body = await request.arrayBuffer();
  // An abort before an attempt is caught by the throttle's queue or by sendAttempt, which then
  // sends nothing.
  for (let retry = 0; ; retry++) {
    // `body` undefined is none (the request's own, null or a GET's), typed so for exact optional types.
    const attempt = retry || buffered ? new Request(request, { body } as RequestInit) : request;
    if (throttle) await throttle.acquire(signal);
    const started = clock.now();
    const state = attemptState();
    let response: Response | undefined;
    try {
      response = await sendAttempt(
        config.getFetch(),
        attempt,
        options.attemptTimeout,
        signal,
        state,
        hold,
      );
    } catch (error) {
      const failure = attemptFailure(error, signal, state.timedOut, request);
      // An abort, which attemptFailure has just made an APIUserAbortError of: asked as it asks it,
      // 3 B fewer in the bundle than `instanceof`.
      if (signal?.aborted) throw failure;
      logger.debug?.(
        `${method} ${path(request)} failed: ${failure.message} (attempt ${retry + 1})`,
      );
      if (retry >= options.retries || !IDEMPOTENT.has(method)) throw failure;
    } finally {
      // The slot is free, whatever happened; a response tells the window.
      throttle?.release(response);
    }
    // Without a response, the retry waits the backoff; with one, what the server asks, if anything.
    let requested: number | undefined;
    if (response) {
      logger.debug?.(
        `${method} ${path(request)} ${response.status} (attempt ${retry + 1}, ${clock.now() - started} ms)`,
      );
      // Neither followed nor retried: it would take the key elsewhere.
      refuseRedirect(response);
      if (retry >= options.retries || !shouldRetryStatus(method, response.status)) {
        return response;
      }
      requested = serverDelay(response.status, response.headers, clock.now());
      // Undefined is no number above it.
      if ((requested as number) > config.maxServerWait) {
        (response as NotRetried).notRetried =
          `; not retried: wait of ${Math.ceil((requested as number) / 1000)} s > maxRetryAfter`;
        logger.warn?.(
          `${method} ${path(request)} ${response.status}${(response as NotRetried).notRetried}`,
        );
        return response;
      }
      // Free the connection of the response we drop. Not awaited: cancelling one branch of a teed
      // stream (MSW tees responses) settles only when the other branch is cancelled too.
      response.body?.cancel().catch(() => {});
    }
    const delay = requested ?? backoffDelay(retry);
    logger.info?.(`retrying ${method} ${path(request)} in ${Math.round(delay)} ms`);
    // An abort throws (a sleep that ignores the signal is caught by the next attempt). A sleep that
    // fails otherwise (a mock's real clock refuses to advance) throws its own error: no abort.
    try {
      await clock.sleep(delay, signal);
    } catch (error) {
      throw signal?.aborted ? new APIUserAbortError(undefined, { cause: error }) : error;
    }
  }
}
