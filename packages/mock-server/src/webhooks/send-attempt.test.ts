import { describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { sendAttempt } from './send-attempt.js';

const attempt = (answer: () => Promise<Response>) =>
  sendAttempt({
    url: 'https://receiver.test/hook',
    body: '{}',
    headers: {},
    fetch: answer as typeof fetch,
    clock: createManualClock(0),
  });

describe('sendAttempt', () => {
  it('fails on a redirect, which it does not follow', async () => {
    const outcome = await attempt(async () => new Response(null, { status: 307 }));
    expect(outcome).toEqual({
      http_status: 307,
      response_time_ms: 0,
      error: 'HTTP 307',
      succeeded: false,
    });
  });

  it('fails on a redirect a browser hides (an opaque redirect, status 0), saying so', async () => {
    // What a browser's fetch answers a redirect with `redirect: 'manual'`: its status is not shown.
    const opaque = { type: 'opaqueredirect', status: 0, body: null } as unknown as Response;
    expect(await attempt(async () => opaque)).toEqual({
      http_status: null,
      response_time_ms: 0,
      error: 'redirect (not followed; the browser does not show its status)',
      succeeded: false,
    });
  });
});
