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

describe("sendAttempt and the answer's body", () => {
  /** A body of `chunks` chunks of `size` bytes (endless when Infinity); `ended` says how it ended. */
  function body(chunks: number, size = 1024) {
    let sent = 0;
    let bytes = 0;
    let settle!: (how: string) => void;
    const ended = new Promise<string>((resolve) => {
      settle = resolve;
    });
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent === chunks) {
          controller.close();
          settle(`read to its end (${bytes} bytes)`);
          return;
        }
        sent++;
        bytes += size;
        controller.enqueue(new Uint8Array(size));
      },
      cancel() {
        settle(`cancelled after ${bytes} bytes`);
      },
    });
    return { stream, ended };
  }

  it('reads it to its end, not cancelling it (a cancelled HTTP/1.0 body had undici open a spare connection that stalled a one-connection-at-a-time receiver)', async () => {
    const { stream, ended } = body(3);
    const outcome = await attempt(async () => new Response(stream, { status: 200 }));
    expect(outcome).toMatchObject({ http_status: 200, succeeded: true });
    expect(await ended).toBe('read to its end (3072 bytes)');
  });

  it('cancels what is left past 64 KiB: an endless body is not read for good', async () => {
    const { stream, ended } = body(Number.POSITIVE_INFINITY, 16 * 1024);
    const outcome = await attempt(async () => new Response(stream, { status: 500 }));
    expect(outcome).toMatchObject({ http_status: 500, error: 'HTTP 500' });
    // Read in 16 KiB chunks until past 64 KiB (pulls run one chunk ahead of the reader).
    expect(await ended).toMatch(/^cancelled after (81920|98304) bytes$/);
  });

  it('cancels a body that sends nothing more once the mock is disposed', async () => {
    let cancelled = false;
    const stream = new ReadableStream<Uint8Array>({
      pull: () => new Promise(() => {}),
      cancel() {
        cancelled = true;
      },
    });
    const disposal = new AbortController();
    const outcome = await sendAttempt({
      url: 'https://receiver.test/hook',
      body: '{}',
      headers: {},
      fetch: (async () => new Response(stream, { status: 200 })) as typeof fetch,
      clock: createManualClock(0),
      signal: disposal.signal,
    });
    expect(outcome).toMatchObject({ http_status: 200, succeeded: true });
    expect(cancelled).toBe(false);
    disposal.abort(new Error('disposed'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(cancelled).toBe(true);
  });
});

describe("sendAttempt and an answer's body read already", () => {
  it('records the answer as given when a deliveryFetch read its body first (to log it): not a network error', async () => {
    for (const consume of [
      (response: Response) => response.text(),
      async (response: Response) => {
        response.body?.getReader();
      },
    ]) {
      const outcome = await attempt(async () => {
        const response = new Response('ok', { status: 200 });
        await consume(response);
        return response;
      });
      expect(outcome).toEqual({
        http_status: 200,
        response_time_ms: 0,
        error: null,
        succeeded: true,
      });
    }
  });
});
