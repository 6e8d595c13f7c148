/** The rate-limit window as the server reported it on one response. */
export interface RateLimitInfo {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** When the window resets, in Unix seconds. */
  reset: number;
}

/** A whole number of decimal digits, as the rate-limit and Retry-After headers carry them. */
export const DIGITS = /^\d+$/;

/** Reads `X-RateLimit-Limit`, `-Remaining` and `-Reset`; undefined unless all three are whole numbers. */
export function parseRateLimit(headers: Headers): RateLimitInfo | undefined {
  const info = {} as RateLimitInfo;
  for (const name of ['limit', 'remaining', 'reset'] as const) {
    const value = headers.get(`x-ratelimit-${name}`);
    // A missing header (null) reads as "null": not digits either.
    if (!DIGITS.test(value as string)) return undefined;
    info[name] = Number(value);
  }
  return info;
}
