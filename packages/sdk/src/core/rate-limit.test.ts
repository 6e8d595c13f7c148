import { describe, expect, it } from 'vitest';
import { parseRateLimit } from './rate-limit.js';

describe('parseRateLimit', () => {
  it('reads the three headers', () => {
    const headers = new Headers({
      'X-RateLimit-Limit': '100',
      'X-RateLimit-Remaining': '0',
      'X-RateLimit-Reset': '1795000000',
    });
    expect(parseRateLimit(headers)).toEqual({ limit: 100, remaining: 0, reset: 1795000000 });
  });

  it.each([
    [{}],
    [{ 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '5' }],
    [{ 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '-1', 'X-RateLimit-Reset': '1' }],
    [{ 'X-RateLimit-Limit': 'ten', 'X-RateLimit-Remaining': '1', 'X-RateLimit-Reset': '1' }],
  ])('is undefined unless all three are whole numbers: %j', (h) => {
    expect(parseRateLimit(new Headers(h))).toBeUndefined();
  });
});
