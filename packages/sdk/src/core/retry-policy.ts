import { parseRateLimit } from './rate-limit.js';
import { parseRetryAfter } from './retry-after.js';

/**
 * The methods replayed after a failure without a response (a connection error, a timeout): the
 * request may have reached the server, so only those that cannot act twice.
 */
export const IDEMPOTENT: ReadonlySet<string> = new Set(['GET', 'PUT', 'DELETE']);

/** Whether a response with this status deserves another attempt of this method. */
export function shouldRetryStatus(method: string, status: number): boolean {
  return (
    // 429 is refused before the server does anything, so it is safe to replay any method.
    status === 429 ||
    // A POST that failed otherwise may have taken effect: replaying it could act twice.
    (IDEMPOTENT.has(method) &&
      // 408: the server gave up waiting for the request; 5xx: a transient server fault.
      (status === 408 || status >= 500))
  );
  // Any other 4xx is the caller's mistake and would fail the same way again.
}

/** Exponential backoff: 0.5 s x 2^retry, capped at 8 s, less up to 25% jitter. */
export function backoffDelay(retry: number, random: number = Math.random()): number {
  return Math.min(500 * 2 ** retry, 8000) * (1 - 0.25 * random);
}

/**
 * Milliseconds the server asks to wait: its `Retry-After` when valid, else on 429 until the window
 * resets (`X-RateLimit-Reset`, when the response has the whole window); undefined when it says
 * nothing usable (the caller backs off then).
 */
export function serverDelay(status: number, headers: Headers, now: number): number | undefined {
  const window = status === 429 && parseRateLimit(headers);
  return (
    parseRetryAfter(headers.get('retry-after'), now) ??
    (window ? Math.max(0, window.reset * 1000 - now) : undefined)
  );
}
