import { describe, expect, it } from 'vitest';
import { contractProblems } from './spec-contract.js';

const ok = new Headers({
  'x-request-id': crypto.randomUUID(),
  'x-ratelimit-limit': '100',
  'x-ratelimit-remaining': '99',
  'x-ratelimit-reset': '1795000000',
});
const url = 'http://127.0.0.1:4010/v1/agents';

describe('the spec contract check', () => {
  it('accepts a conforming list page', () => {
    expect(
      contractProblems('GET', url, 200, ok, {
        data: [],
        pagination: { page: 1, limit: 20, total: 0, total_pages: 0 },
      }),
    ).toEqual([]);
  });

  it('reports a missing field, a wrong type, an undeclared status and a missing header', () => {
    expect(contractProblems('GET', url, 200, ok, { data: [] })[0]).toMatch(/pagination/);
    expect(
      contractProblems('GET', `${url}/${crypto.randomUUID()}`, 200, ok, { data: { id: 1 } }),
    ).not.toEqual([]);
    expect(contractProblems('GET', url, 418, ok, {})[0]).toMatch(/not declared/);
    const noLimit = new Headers({ 'x-request-id': crypto.randomUUID() });
    expect(
      contractProblems('GET', url, 200, noLimit, {
        data: [],
        pagination: { page: 1, limit: 20, total: 0, total_pages: 0 },
      }),
    ).toContain('GET /v1/agents -> 200: missing header X-RateLimit-Limit');
  });

  it('requires the headers a response declares required, and checks the optional ones when sent', () => {
    const error = (code: string, status: number) => ({ error: { code, message: 'm', status } });
    const bare = new Headers({ 'x-request-id': crypto.randomUUID() });
    const internal = error('INTERNAL_ERROR', 500);
    // A 500 or 503 may come before the key is checked: no rate-limit headers, no Retry-After.
    expect(contractProblems('GET', url, 500, bare, internal)).toEqual([]);
    expect(contractProblems('GET', url, 503, bare, error('SERVICE_UNAVAILABLE', 503))).toEqual([]);
    expect(contractProblems('GET', url, 500, ok, internal)).toEqual([]);
    const wrong = new Headers(ok);
    wrong.set('x-ratelimit-remaining', '-1');
    wrong.set('x-request-id', 'not-a-uuid');
    expect(contractProblems('GET', url, 500, wrong, internal)).toEqual([
      'GET /v1/agents -> 500: header X-Request-Id is "not-a-uuid", not its schema\'s',
      'GET /v1/agents -> 500: header X-RateLimit-Remaining is "-1", not its schema\'s',
    ]);
    const noRetry = new Headers(ok);
    expect(contractProblems('GET', url, 429, noRetry, error('RATE_LIMIT_EXCEEDED', 429))).toEqual([
      'GET /v1/agents -> 429: missing header Retry-After',
    ]);
    noRetry.set('retry-after', 'soon');
    expect(contractProblems('GET', url, 429, noRetry, error('RATE_LIMIT_EXCEEDED', 429))).toEqual([
      'GET /v1/agents -> 429: header Retry-After is "soon", not its schema\'s',
    ]);
  });

  it('reports an error whose code or status is not the one the spec gives its status', () => {
    const agent = `${url}/${crypto.randomUUID()}`;
    const error = (code: string, status: number) => ({ error: { code, message: 'm', status } });
    expect(contractProblems('GET', agent, 404, ok, error('NOT_FOUND', 404))).toEqual([]);
    expect(contractProblems('GET', agent, 404, ok, error('FORBIDDEN', 404))).toEqual([
      `GET ${new URL(agent).pathname} -> 404: error.code is FORBIDDEN, not NOT_FOUND`,
    ]);
    expect(contractProblems('GET', agent, 404, ok, error('NOT_FOUND', 403))).toEqual([
      `GET ${new URL(agent).pathname} -> 404: error.status is 403`,
    ]);
  });
});
