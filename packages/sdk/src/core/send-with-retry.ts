import { attemptFailure } from './attempt-failure.js';
import type { Clock } from './clock.js';
import { APIUserAbortError } from './errors.js';
import type { AttemptHold } from './held-response.js';
import type { LevelLogger } from './logger.js';
import { refuseRedirect } from './redirect.js';
import { replayBody } from './replayable-request.js';
import { backoffDelay, IDEMPOTENT, serverDelay, shouldRetryStatus } from './retry-policy.js';
import { attemptState, sendAttempt } from './send-attempt.js';
import type { Throttle } from './throttle.js';

/** A fetch function: the global one, MSW's patched one, or an in-process handler. */
export type FetchLike = (input: Request, init?: RequestInit) => Promise<Response>;

/** What one call may override. */
export interface SendOptions {
  maxRetries: number;
  /** Milliseconds per attempt: until the response headers arrive, or with a hold until the body is read. */
  timeout: number;
  signal?: AbortSignal | undefined;
}

/** What the client sets once. */
export interface SendConfig {
  /** Looked up on every attempt, so that a fetch patched later (MSW) is used. */
  fetch(): FetchLike;
  clock: Clock;
  /** Milliseconds: a longer server-requested wait fails at once instead. */
  maxRetryAfter: number;
  throttle: Throttle | undefined;
  logger: LevelLogger | undefined;
}

function path(request: Request): string {
  return new URL(request.url).pathname;
}

function isHealth(request: Request): boolean {
  return request.method === 'GET' && path(request).endsWith('/v1/health');
}

/** Sleeps between attempts; an abort throws (a sleep that ignores the signal is caught by the loop). */
async function pause(clock: Clock, ms: number, signal: AbortSignal | undefined): Promise<void> {
  try {
    await clock.sleep(ms, signal);
  } catch (error) {
    throw new APIUserAbortError(undefined, { cause: error });
  }
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
  const { clock, logger } = config;
  const { method } = request;
  // Health is never rate limited and answers without the headers: it neither waits for the
  // throttle nor teaches it anything (it would read as a server that reports no window).
  const throttle = config.throttle && !isHealth(request) ? config.throttle : undefined;
  const { signal } = options;
  let body: string | ArrayBuffer | undefined = replayBody(request);
  let fresh = true;
  if (body === undefined && request.body !== null && options.maxRetries > 0) {
    // Not built by us (a middleware replaced it): buffer the body once to replay it.
    body = await request.arrayBuffer();
    fresh = false;
  }
  for (let retry = 0; ; retry++) {
    if (signal?.aborted) throw new APIUserAbortError(undefined, { cause: signal.reason });
    const attempt = fresh ? request : new Request(request, { body: body ?? null });
    fresh = false;
    if (throttle) await throttle.acquire(signal);
    const started = clock.now();
    const state = attemptState();
    let response: Response | undefined;
    try {
      response = await sendAttempt(config.fetch(), attempt, options.timeout, signal, state, hold);
    } catch (error) {
      throttle?.release();
      const failure = attemptFailure(error, signal, state.timedOut, request);
      if (failure instanceof APIUserAbortError) throw failure;
      logger?.debug?.(
        `${method} ${path(request)} failed: ${failure.message} (attempt ${retry + 1})`,
      );
      if (retry >= options.maxRetries || !IDEMPOTENT.has(method)) throw failure;
    }
    // Without a response, the retry waits the backoff; with one, what the server asks, if anything.
    let requested: number | undefined;
    if (response) {
      throttle?.release(response);
      logger?.debug?.(
        `${method} ${path(request)} ${response.status} (attempt ${retry + 1}, ${clock.now() - started} ms)`,
      );
      // Neither followed nor retried: it would take the key elsewhere.
      refuseRedirect(response);
      if (retry >= options.maxRetries || !shouldRetryStatus(method, response.status)) {
        return response;
      }
      requested = serverDelay(response.status, response.headers, clock.now());
      if (requested !== undefined && requested > config.maxRetryAfter) {
        logger?.warn?.(
          `${method} ${path(request)} ${response.status}: asked to wait ${Math.ceil(requested / 1000)} s > maxRetryAfter, not retrying`,
        );
        return response;
      }
      // Free the connection of the response we drop. Not awaited: cancelling one branch of a teed
      // stream (MSW tees responses) settles only when the other branch is cancelled too.
      response.body?.cancel().catch(() => {});
    }
    const delay = requested ?? backoffDelay(retry);
    logger?.info?.(`retrying ${method} ${path(request)} in ${Math.round(delay)} ms`);
    await pause(clock, delay, signal);
  }
}
