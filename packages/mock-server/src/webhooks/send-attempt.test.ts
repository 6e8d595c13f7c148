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

  it("says a receiver's certificate is not trusted, and how to trust its CA", async () => {
    // What undici rejects with for a receiver whose certificate a CA of one's own signed.
    const cause = Object.assign(new Error('unable to verify the first certificate'), {
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
    const outcome = await attempt(async () => {
      throw new TypeError('fetch failed', { cause });
    });
    expect(outcome.error).toBe(
      "network error: UNABLE_TO_VERIFY_LEAF_SIGNATURE (unable to verify the first certificate): the receiver's TLS certificate is not trusted; for a CA of your own, start the mock with NODE_EXTRA_CA_CERTS=ca.pem",
    );
  });

  it("keeps a network error that is no certificate's as its code", async () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), {
      code: 'ECONNREFUSED',
    });
    const outcome = await attempt(async () => {
      throw new TypeError('fetch failed', { cause });
    });
    expect(outcome.error).toBe('network error: ECONNREFUSED');
  });
});
