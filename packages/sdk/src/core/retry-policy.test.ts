import { describe, expect, it } from 'vitest';
import { backoffDelay, IDEMPOTENT, serverDelay, shouldRetryStatus } from './retry-policy.js';

describe('shouldRetryStatus', () => {
  it.each([
    ['POST', 429, true],
    ['GET', 429, true],
    ['PUT', 429, true],
    ['DELETE', 429, true],
    ['GET', 408, true],
    ['PUT', 500, true],
    ['DELETE', 502, true],
    ['GET', 503, true],
    ['POST', 408, false],
    ['POST', 500, false],
    ['POST', 503, false],
    ['GET', 400, false],
    ['GET', 401, false],
    ['GET', 403, false],
    ['GET', 404, false],
    ['PUT', 409, false],
    ['GET', 413, false],
    ['GET', 200, false],
    ['GET', 304, false],
  ])('%s %d -> %s', (method, status, expected) => {
    expect(shouldRetryStatus(method, status)).toBe(expected);
  });
});

describe('IDEMPOTENT (what a failure without a response may replay)', () => {
  it.each([
    ['GET', true],
    ['PUT', true],
    ['DELETE', true],
    ['POST', false],
    ['PATCH', false],
  ])('%s -> %s', (method, expected) => {
    expect(IDEMPOTENT.has(method)).toBe(expected);
  });
});

describe('backoffDelay', () => {
  it.each([
    [0, 500],
    [1, 1000],
    [2, 2000],
    [3, 4000],
    [4, 8000],
    [5, 8000],
    [30, 8000],
  ])('retry %d waits at most %d ms and at least three quarters of it', (retry, max) => {
    expect(backoffDelay(retry, 0)).toBe(max);
    expect(backoffDelay(retry, 0.999999)).toBeGreaterThan(max * 0.75);
    expect(backoffDelay(retry, 0.999999)).toBeLessThan(max);
    for (let i = 0; i < 50; i++) {
      const delay = backoffDelay(retry);
      expect(delay).toBeGreaterThan(max * 0.75 - 1e-9);
      expect(delay).toBeLessThanOrEqual(max);
    }
  });
});

describe('serverDelay', () => {
  const now = Date.UTC(2026, 0, 1);
  const window = {
    'X-RateLimit-Limit': '100',
    'X-RateLimit-Remaining': '0',
    'X-RateLimit-Reset': String(now / 1000 + 12),
  };

  it('prefers a valid Retry-After', () => {
    expect(serverDelay(429, new Headers({ 'Retry-After': '7', ...window }), now)).toBe(7000);
    expect(serverDelay(503, new Headers({ 'Retry-After': '3' }), now)).toBe(3000);
  });

  it('on 429 without Retry-After waits for the window reset', () => {
    expect(serverDelay(429, new Headers(window), now)).toBe(12_000);
    expect(serverDelay(429, new Headers({ ...window, 'Retry-After': 'soon' }), now)).toBe(12_000);
  });

  it('says nothing for a malformed Retry-After, or a 5xx without one (the caller backs off)', () => {
    expect(serverDelay(500, new Headers({ 'Retry-After': 'soon' }), now)).toBeUndefined();
    expect(serverDelay(503, new Headers(window), now)).toBeUndefined();
    expect(serverDelay(429, new Headers(), now)).toBeUndefined();
  });
});
