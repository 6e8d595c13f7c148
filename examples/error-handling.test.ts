import type { MockServer } from '@agent-platform/mock-server';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { errorClasses, retries, timeouts } from './error-handling.js';
import { mockEnv } from './support/mock-env.js';

// The SDK's `timeout`, the example's cancel and the mock's `delay_ms` are timers: on fake timers the
// tests move time, and never wait for it. From the start of every test, as each SDK attempt's
// deadline is a timer set when the attempt starts. (Its backoff sleeps on the mock's clock.)
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

/** The /v1 requests the mock answered, as `METHOD path status`, with their request ids. */
function answered(mock: MockServer) {
  const api = mock.requests().filter((r) => r.path.startsWith('/v1/'));
  return {
    calls: api.map((r) => `${r.method} ${r.path.replace(/[0-9a-f-]{36}/, '{id}')} ${r.status}`),
    ids: api.map((r) => r.request_id),
  };
}

/** Event-loop turns, while no time passes on the fake clock, until `ready()`; fails if it never is. */
async function until(ready: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1_000 && !ready(); turn++) {
    await new Promise((resolve) => setImmediate(resolve));
  }
  expect(ready()).toBe(true);
}

it('names each failure by its class, with the request id of the answer it came in', async () => {
  const { mock, env, lines } = mockEnv();
  await errorClasses(env);
  const { calls, ids } = answered(mock);
  expect(calls).toEqual([
    'POST /v1/agents 201',
    'DELETE /v1/agents/{id} 204',
    'GET /v1/agents/{id} 404',
    'POST /v1/agents 400',
    'GET /v1/agents 401',
    'POST /v1/agents 403',
    'GET /v1/agents 429', // not retried: a wait over maxRetryAfter throws at once
  ]);
  const agentId = lines[0]?.split(' ')[3];
  expect(lines).toEqual([
    `1. created agent ${agentId} [request id ${ids[0]}]`,
    `   retrieve it once deleted: NotFoundError: agent ${agentId} not found [request id ${ids[2]}]`,
    `   create one with temperature 5: ValidationError: temperature: must be at most 2 (field temperature, rule maximum) [request id ${ids[3]}]`,
    `   list with a wrong key: AuthenticationError: the API key is missing, unknown or revoked [request id ${ids[4]}]`,
    `   create one with a read-only key: PermissionDeniedError: missing scope: agents:write; POST /v1/agents needs scope agents:write [request id ${ids[5]}]`,
    `   list, told to wait 120 s: RateLimitError: retry after 120 s [request id ${ids[6]}]`,
  ]);
});

it('retries a GET after a 503 as often as maxRetries says, and a POST never, waiting on the clock', async () => {
  const { mock, env, lines } = mockEnv();
  const start = mock.clock.now();
  await retries(env);
  expect(lines).toEqual([
    '2. list, 503 twice: succeeded (3 attempts)',
    expect.stringMatching(
      /^ {3}list, 503 twice, maxRetries: 1: ServiceUnavailableError: 503 down for a moment \(an injected fault\) \[request id [0-9a-f-]{36}\] \(2 attempts\)$/,
    ),
    expect.stringMatching(
      /^ {3}create a contact, 503 once: ServiceUnavailableError: 503 .*\(1 attempt\)$/,
    ),
    `   create a contact, its answer lost: APIConnectionError: Connection error: POST ${mock.baseUrl}/v1/contacts (ECONNRESET) (1 attempt)`,
    expect.stringMatching(
      /^ {3}contacts with answer\.lost\.[0-9a-f]{8}@example\.com afterwards: 1$/,
    ),
  ]);
  expect(answered(mock).calls).toEqual([
    'GET /v1/agents 503',
    'GET /v1/agents 503',
    'GET /v1/agents 200',
    'GET /v1/agents 503',
    'GET /v1/agents 503',
    'POST /v1/contacts 503',
    'POST /v1/contacts 201', // carried out, its answer dropped
    'GET /v1/contacts 200',
  ]);
  // Three backoff waits, 0.5 s, 1 s and 0.5 s less up to 25% jitter, all on the mock's clock.
  const waited = mock.clock.now() - start;
  expect(waited).toBeGreaterThanOrEqual(1_500);
  expect(waited).toBeLessThanOrEqual(2_000);
});

it('finds the contact of the lost answer once on a second run against the same server (pnpm start keeps state)', async () => {
  const { env, lines } = mockEnv();
  await retries(env);
  await retries(env);
  expect(lines[4]).toMatch(/^ {3}contacts with \S+@example\.com afterwards: 1$/);
  expect(lines[9]).toMatch(/^ {3}contacts with \S+@example\.com afterwards: 1$/);
});

it('times an attempt out at its timeout, retries a GET that timed out, and ends a call at its signal', async () => {
  const { mock, env, lines } = mockEnv();
  const done = timeouts(env);
  // Each slow call has reached the mock (its fault used) before the time moves.
  const arrived = () => mock.faults.list().length === 0;

  // timeout: 1000, maxRetries: 0, against an answer held back 2 s: the timeout ends it, at 1 s.
  await until(arrived);
  await vi.advanceTimersByTimeAsync(999);
  expect(lines).toEqual([]);
  await vi.advanceTimersByTimeAsync(1);
  await until(() => lines.length === 1);
  expect(lines[0]).toBe(
    `3. list, timeout: 1000, maxRetries: 0: APITimeoutError: Request timed out: GET ${mock.baseUrl}/v1/agents`,
  );

  // timeout: 1000 with the default retries: the first attempt times out at 1 s, the second is answered.
  await until(arrived);
  await vi.advanceTimersByTimeAsync(999);
  expect(lines).toHaveLength(1);
  await vi.advanceTimersByTimeAsync(1);
  await until(() => lines.length === 2);
  expect(lines[1]).toBe('   list, timeout: 1000: succeeded');

  // Cancelled at 500 ms, while the answer is held back 1 s: APIUserAbortError, and no retry.
  await until(arrived);
  await vi.advanceTimersByTimeAsync(499);
  expect(lines).toHaveLength(2);
  await vi.advanceTimersByTimeAsync(1);
  await done;
  expect(lines[2]).toBe('   list, cancelled after 500 ms: APIUserAbortError: Request was aborted.');
  // One attempt, two, then one: the journal lists a slow answer under its fault's status, though
  // the client had given up on it.
  expect(answered(mock).calls).toEqual([
    'GET /v1/agents 503',
    'GET /v1/agents 503',
    'GET /v1/agents 200',
    'GET /v1/agents 503',
  ]);
});
