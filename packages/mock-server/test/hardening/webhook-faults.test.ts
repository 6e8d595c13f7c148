import { describe, expect, it, vi } from 'vitest';
import { useWebhooks } from '../support/webhook-harness.js';

describe('webhook receivers that misbehave, on the manual clock', () => {
  const h = useWebhooks({ variant: 'A', deliveryGraceMs: 3000 });

  it('counts a slow 2xx (real time, inside the deadline on the mock clock) as delivered', async () => {
    const { id } = await h.webhook();
    h.receiver.answers = [{ status: 200, delayMs: 200 }];
    await h.trigger();
    const [delivery] = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
    expect(delivery.status).toBe('succeeded');
    // Timed on the mock's clock, which stood still: the same figure on every run (snapshots).
    expect(delivery.attempts[0].response_time_ms).toBe(0);
  });

  it('keeps every event through a mix of failures, each retry at its exact time', async () => {
    const { id } = await h.webhook();
    h.receiver.answers = [500, 'reset', { status: 503, delayMs: 50 }, 200, 200];
    await h.trigger();
    await h.trigger();
    await h.advance(60_000);
    await h.advance(300_000);
    const deliveries = (await h.call('GET', `/v1/webhooks/${id}/deliveries?order=asc`)).body.data;
    expect(deliveries.map((d: { status: string }) => d.status)).toEqual(['succeeded', 'succeeded']);
    const times = deliveries.map((d: { attempts: { attempted_at: string }[] }) =>
      d.attempts.map((a) => a.attempted_at),
    );
    expect(times[0]).toEqual([
      '2026-11-20T10:00:00.000Z',
      '2026-11-20T10:01:00.000Z',
      '2026-11-20T10:06:00.000Z',
    ]);
    expect(times[1]).toEqual(['2026-11-20T10:00:00.000Z', '2026-11-20T10:01:00.000Z']);
    const all = h.mock.webhookAttempts();
    expect(all).toHaveLength(5);
  });
});

describe('a 2xx that comes after the deadline', () => {
  const h = useWebhooks({ variant: 'B', deliveryGraceMs: 50 });

  it('is a timeout: the attempt was given up at 10 s of the mock clock, and retried on schedule', async () => {
    const { id } = await h.webhook();
    // The first answer is a 200 held back until the test lets it go, after the deadline.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    let done = () => {};
    const answerDone = new Promise<void>((resolve) => {
      done = resolve;
    });
    h.receiver.answers = [{ status: 200, after: released, closed: done }, 200];
    await h.trigger();
    // The request must have arrived (and taken the held answer) before the deadline passes.
    await vi.waitFor(() => expect(h.receiver.received).toHaveLength(1), { timeout: 10_000 });
    await h.advance(10_000);
    const timedOut = [
      expect.objectContaining({
        error: 'timeout',
        http_status: null,
        succeeded: false,
        attempted_at: '2026-11-20T10:00:00.000Z',
      }),
    ];
    let delivery: { attempts: unknown[]; next_attempt_at: string; status: string } | undefined;
    await vi.waitFor(
      async () => {
        [delivery] = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
        expect(delivery?.attempts).toEqual(timedOut);
      },
      { timeout: 10_000, interval: 20 },
    );
    // Only now may the 200 go out, on a connection the mock has given up on: it changes nothing.
    release();
    await answerDone;
    await h.mock.settle();
    [delivery] = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
    expect(delivery?.attempts).toEqual(timedOut);
    expect(delivery?.next_attempt_at).toBe('2026-11-20T10:00:15.000Z');
    await h.advance(5_000);
    // The retry answers at once, but its record may land after the 50 ms grace on a loaded machine:
    // wait for it (the clock does not move meanwhile).
    await vi.waitFor(
      async () => {
        [delivery] = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
        expect(delivery?.status).toBe('succeeded');
        expect(delivery?.attempts).toHaveLength(2);
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});
