/** The rate-limit window as the server reported it on one response. */
export interface RateLimitInfo {
  /** Requests allowed per window. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** When the window resets, in Unix seconds. */
  reset: number;
}

const INTEGER = /^\d+$/;

function readInt(headers: Headers, name: string): number | undefined {
  const value = headers.get(name);
  return value !== null && INTEGER.test(value) ? Number(value) : undefined;
}

/** Reads `X-RateLimit-Limit`, `-Remaining` and `-Reset`; undefined unless all three are whole numbers. */
export function parseRateLimit(headers: Headers): RateLimitInfo | undefined {
  const limit = readInt(headers, 'x-ratelimit-limit');
  const remaining = readInt(headers, 'x-ratelimit-remaining');
  const reset = readInt(headers, 'x-ratelimit-reset');
  if (limit === undefined || remaining === undefined || reset === undefined) return undefined;
  return { limit, remaining, reset };
}
