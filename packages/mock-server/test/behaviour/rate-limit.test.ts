import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { RateLimiter } from '../../src/http/rate-limiter.js';
import { apiClient } from '../support/api.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('rate limit over $name', (transport) => {
  const h = useMock(transport, { rateLimit: { limit: 3, windowMs: 60_000 } });

  it('counts down, then answers 429 with Retry-After and consistent headers', async () => {
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++)
      remaining.push((await h.call('GET', '/v1/agents')).headers.get('x-ratelimit-remaining'));
    expect(remaining).toEqual(['2', '1', '0']);
    await h.mock.clock.advance(20_500);
    const limited = await h.call('GET', '/v1/agents');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    // A client waiting on real time (or its own fake timers) would be refused again: said how it ends.
    expect(limited.body.error.message).toBe(
      "rate limit of 3 requests per 60 s exceeded; retry in 40 s of the mock's manual clock, which moves only when advanced (mock.clock.advance(ms), POST /__mock/clock/advance)",
    );
    expect(limited.headers.get('retry-after')).toBe('40');
    expect(limited.headers.get('x-ratelimit-limit')).toBe('3');
    expect(limited.headers.get('x-ratelimit-remaining')).toBe('0');
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset).toBe(Date.parse('2026-11-20T10:01:00.000Z') / 1000);
  });

  it('checks the key and counts it before a path under /v1 that matches nothing (404) or not its method (405)', async () => {
    const missing = await h.call('GET', '/v1/agnets', { key: null, unchecked: true });
    expect(missing.status).toBe(401);
    const unknown = await h.call('GET', '/v1/agnets', { unchecked: true });
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get('x-ratelimit-remaining')).toBe('2');
    const wrongMethod = await h.call('PATCH', '/v1/agents', { unchecked: true });
    expect(wrongMethod.status).toBe(405);
    expect(wrongMethod.headers.get('x-ratelimit-remaining')).toBe('1');
    await h.call('GET', '/v1/agents');
    const limited = await h.call('GET', '/v1/agnets', { unchecked: true });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    // Health's path needs no key, so neither does its 405; outside /v1 nothing is the API's (MSW's
    // handlers take only /v1 and /__mock, so that case is for the other transports).
    expect((await h.call('POST', '/v1/health', { key: null, unchecked: true })).status).toBe(405);
    if (transport.name === 'MSW setupServer') return;
    expect((await h.call('GET', '/v1', { key: null, unchecked: true })).status).toBe(401);
    const outside = await h.call('GET', '/favicon.ico', { key: null, unchecked: true });
    expect(outside.status).toBe(404);
    expect(outside.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it('opens a new window when the manual clock passes the reset', async () => {
    for (let i = 0; i < 3; i++) await h.call('GET', '/v1/agents');
    expect((await h.call('GET', '/v1/agents')).status).toBe(429);
    await h.mock.clock.advance(59_999);
    expect((await h.call('GET', '/v1/agents')).status).toBe(429);
    await h.mock.clock.advance(1);
    const res = await h.call('GET', '/v1/agents');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-remaining')).toBe('2');
  });

  it('counts each key on its own and never limits health or failed authentication', async () => {
    for (let i = 0; i < 4; i++) await h.call('GET', '/v1/agents');
    const other = h.mock.createApiKey({ scopes: 'all' });
    expect((await apiClient(h.connection, other.key)('GET', '/v1/agents')).status).toBe(200);
    for (let i = 0; i < 5; i++)
      expect((await h.call('GET', '/v1/health', { key: null })).status).toBe(200);
    expect((await h.call('GET', '/v1/agents', { key: 'unknown-key' })).status).toBe(401);
  });

  it('counts no request an injected 401 answers, as a real 401 counts none, and answers it before a 429', async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 401, times: 4 });
    for (let i = 0; i < 3; i++) {
      const res = await h.call('GET', '/v1/agents');
      expect(res.status).toBe(401);
      expect(res.headers.get('x-ratelimit-limit')).toBeNull();
      // Nor does the journal name a key, as it names none for a real 401.
      expect(h.mock.requests().at(-1)).toMatchObject({ status: 401, key_id: null });
    }
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await h.call('GET', '/v1/contacts');
      remaining.push(res.headers.get('x-ratelimit-remaining'));
    }
    expect(remaining).toEqual(['2', '1', '0']);
    // The key is used up now; a 401 comes before the rate limit (api-decisions section 2).
    expect((await h.call('GET', '/v1/agents')).status).toBe(401);
    expect((await h.call('GET', '/v1/agents')).status).toBe(429);
  });

  it('counts no request an injected 429 answers, as it counts none of its own 429s', async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 429, times: 2 });
    for (let i = 0; i < 2; i++) {
      const res = await h.call('GET', '/v1/agents');
      expect(res.status).toBe(429);
      expect(res.headers.get('x-ratelimit-limit')).toBe('3');
      expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    }
    const remaining: (string | null)[] = [];
    for (let i = 0; i < 3; i++)
      remaining.push((await h.call('GET', '/v1/agents')).headers.get('x-ratelimit-remaining'));
    expect(remaining).toEqual(['2', '1', '0']);
    // The key used up, its own 429 comes first: the fault is left for later.
    h.mock.faults.add({ path: '/v1/agents', status: 429, retry_after: 5 });
    expect((await h.call('GET', '/v1/agents')).headers.get('retry-after')).toBe('60');
    expect(h.mock.faults.list()).toHaveLength(1);
  });

  it('counts requests that fail after authentication (403, 400)', async () => {
    await h.call('GET', '/v1/agents?limit=0');
    await h.call('GET', '/v1/agents?limit=0');
    const third = await h.call('GET', '/v1/agents?limit=0');
    expect(third.status).toBe(400);
    expect(third.headers.get('x-ratelimit-remaining')).toBe('0');
    expect((await h.call('GET', '/v1/agents')).status).toBe(429);
  });
});

describe.each(transports)('rate limit turned off over $name', (transport) => {
  const h = useMock(transport, { rateLimit: false });

  // Each answer is checked against the spec (no `unchecked`): off, the mock sent no X-RateLimit-*
  // headers, which the spec requires on every authenticated answer, so a suite checking its answers
  // (or the contract proxy in front of it) found the mock itself at fault.
  it('never answers 429, and says so in the headers the spec requires: a limit never reached', async () => {
    const remaining: string[] = [];
    for (let i = 0; i < 120; i++) {
      const res = await h.call('GET', '/v1/me');
      expect(res.status).toBe(200);
      expect(res.headers.get('x-ratelimit-limit')).toBe('2147483647');
      remaining.push(res.headers.get('x-ratelimit-remaining') ?? 'none');
    }
    expect(remaining.slice(0, 2)).toEqual(['2147483646', '2147483645']);
    expect(remaining.at(-1)).toBe(String(2 ** 31 - 1 - 120));
  });

  it('answers an injected 429 with the headers too', async () => {
    h.mock.faults.add({ path: '/v1/me', status: 429, retry_after: 5 });
    const res = await h.call('GET', '/v1/me');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(res.headers.get('x-ratelimit-limit')).toBe('2147483647');
  });
});

describe('the spec on a path or method that is no operation', () => {
  it("says health's 405 needs no key, as the mock answers it (above)", () => {
    const spec = parse(
      readFileSync(new URL('../../../../spec/openapi.yaml', import.meta.url), 'utf8'),
    );
    const errors = (spec.info.description as string).replace(/\s+/g, ' ');
    expect(errors).toContain('After authentication and the rate limit');
    expect(errors).toContain(
      '`/v1/health`, which needs no key, answers another method `405` without one',
    );
  });
});

describe('the 429 message', () => {
  it("names the manual clock only on one: on the real clock, Retry-After's seconds pass by themselves", () => {
    const refusal = (manual: boolean) => {
      const limiter = new RateLimiter({ limit: 1, windowMs: 60_000 }, manual);
      limiter.take('k', 0);
      try {
        limiter.take('k', 0);
      } catch (error) {
        return (error as Error).message;
      }
      throw new Error('not refused');
    };
    expect(refusal(false)).toBe('rate limit of 1 requests per 60 s exceeded; retry in 60 s');
    expect(refusal(true)).toMatch(
      /^rate limit of 1 requests per 60 s exceeded; retry in 60 s of the mock's manual clock/,
    );
  });
});
