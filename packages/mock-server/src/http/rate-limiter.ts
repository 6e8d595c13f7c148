import { ApiError } from '../errors.js';

/** The per-key request limit: `limit` requests per fixed window of `windowMs`, or off. */
export type RateLimitOption = { limit: number; windowMs: number } | false;

/** Where a key stands in its window, as the X-RateLimit-* headers say it. */
export interface RateLimitInfo {
  limit: number;
  remaining: number;
  /** Window end, Unix seconds. */
  reset: number;
}

/**
 * The limit a mock without one (`rateLimit: false`) sends in `X-RateLimit-Limit`: the spec requires the
 * headers on every authenticated answer, and a limit no suite reaches says "unlimited" in them without
 * making a client that throttles on them wait (2^31 - 1, which a 32-bit integer still holds).
 */
export const UNLIMITED = 2 ** 31 - 1;

/**
 * Counts requests per key in fixed windows that start at a key's first request. Off, it still counts
 * them in windows of a minute under a limit of `UNLIMITED`, for the headers, and never refuses one.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private readonly option: { limit: number; windowMs: number };
  private readonly off: boolean;

  /**
   * `manualClock`: the mock's clock moves only when advanced, so a 429 says how its window ends (a
   * client that waits Retry-After on real time, or on its own fake timers, is refused again).
   */
  constructor(
    option: RateLimitOption,
    private readonly manualClock = false,
  ) {
    this.off = option === false;
    this.option = option === false ? { limit: UNLIMITED, windowMs: 60_000 } : option;
  }

  /**
   * Counts one request of `keyId` at `now` and returns the headers to send; throws 429 (with
   * Retry-After and the same headers) when the window is used up.
   */
  take(keyId: string, now: number): Record<string, string> {
    const { limit, windowMs } = this.option;
    let window = this.windows.get(keyId);
    if (!window || now >= window.start + windowMs) {
      window = { start: now, count: 0 };
      this.windows.set(keyId, window);
    }
    const resetMs = window.start + windowMs;
    const headers = (remaining: number) =>
      rateLimitHeaders({ limit, remaining, reset: Math.ceil(resetMs / 1000) });
    if (window.count >= limit) {
      if (this.off) return headers(0);
      const retryAfter = Math.max(1, Math.ceil((resetMs - now) / 1000));
      throw new ApiError(
        429,
        'RATE_LIMIT_EXCEEDED',
        `rate limit of ${limit} requests per ${windowMs / 1000} s exceeded; retry in ${retryAfter} s${this.manualClock ? " of the mock's manual clock, which moves only when advanced (mock.clock.advance(ms), POST /__mock/clock/advance)" : ''}`,
        { headers: { ...headers(0), 'Retry-After': String(retryAfter) } },
      );
    }
    window.count++;
    return headers(limit - window.count);
  }

  /**
   * The headers `take` would send, without counting the request (one an injected 429 answers); throws
   * `take`'s 429 when the window is used up.
   */
  check(keyId: string, now: number): Record<string, string> {
    const info = this.peek(keyId, now);
    if (info.remaining <= 0) return this.take(keyId, now);
    return rateLimitHeaders(info);
  }

  /** Where a key stands without counting a request. */
  peek(keyId: string, now: number): RateLimitInfo {
    const window = this.windows.get(keyId);
    const { limit, windowMs } = this.option;
    if (!window || now >= window.start + windowMs)
      return { limit, remaining: limit, reset: Math.ceil((now + windowMs) / 1000) };
    return {
      limit,
      remaining: limit - window.count,
      reset: Math.ceil((window.start + windowMs) / 1000),
    };
  }

  /** Forgets every window (reset). */
  clear(): void {
    this.windows.clear();
  }
}

/** The X-RateLimit-* headers that say where a key stands. */
function rateLimitHeaders({ limit, remaining, reset }: RateLimitInfo): Record<string, string> {
  return {
    'X-RateLimit-Limit': String(limit),
    'X-RateLimit-Remaining': String(remaining),
    'X-RateLimit-Reset': String(reset),
  };
}
