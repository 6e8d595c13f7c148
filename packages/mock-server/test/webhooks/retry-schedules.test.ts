import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { holdPort } from '../../../../test/support/hold-port.js';
import { useWebhooks } from '../support/webhook-harness.js';

/** Walks the clock to each due time: one ms early nothing goes out, at the due time exactly one attempt does. */
async function expectAttemptsAt(h: ReturnType<typeof useWebhooks>, waits: number[]): Promise<void> {
  for (const wait of waits) {
    const before = h.receiver.received.length;
    await h.advance(wait - 1);
    expect(h.receiver.received.length, `nothing before +${wait} ms`).toBe(before);
    await h.advance(1);
    expect(h.receiver.received.length, `one attempt at +${wait} ms`).toBe(before + 1);
  }
}

describe('Variant A schedule', () => {
  const h = useWebhooks({ variant: 'A' });

  it('retries at +1 min, +5 min, +15 min, +1 h after each failure, then deactivates after 5 failures in a row', async () => {
    const { id } = await h.webhook();
    h.receiver.fallback = 500;
    await h.trigger();
    expect(h.receiver.received).toHaveLength(1);
    await expectAttemptsAt(h, [60_000, 300_000, 900_000, 3_600_000]);
    await h.advance(24 * 3_600_000);
    expect(h.receiver.received).toHaveLength(5);
    const hook = (await h.call('GET', `/v1/webhooks/${id}`)).body.data;
    expect(hook.active).toBe(false);
    const [delivery] = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
    expect(delivery).toMatchObject({ status: 'failed', next_attempt_at: null, error: null });
    expect(delivery.attempts.map((a: { attempted_at: string }) => a.attempted_at)).toEqual([
      '2026-11-20T10:00:00.000Z',
      '2026-11-20T10:01:00.000Z',
      '2026-11-20T10:06:00.000Z',
      '2026-11-20T10:21:00.000Z',
      '2026-11-20T11:21:00.000Z',
    ]);
    expect(
      delivery.attempts.every(
        (a: { http_status: number; error: string }) =>
          a.http_status === 500 && a.error === 'HTTP 500',
      ),
    ).toBe(true);
  });

  it('queues nothing for a deactivated webhook until PUT active: true, and fails its other pending deliveries', async () => {
    const { id } = await h.webhook();
    h.receiver.fallback = 500;
    await h.trigger();
    await h.trigger();
    await h.trigger();
    await h.advance(60_000);
    expect(h.receiver.received).toHaveLength(5);
    expect((await h.call('GET', `/v1/webhooks/${id}`)).body.data.active).toBe(false);
    const deliveries = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
    expect(deliveries.map((d: { status: string }) => d.status)).toEqual([
      'failed',
      'failed',
      'failed',
    ]);
    expect(
      deliveries.filter((d: { error: string | null }) => d.error === 'webhook_deactivated'),
    ).toHaveLength(3);
    await h.trigger();
    await h.advance(3_600_000);
    expect(h.receiver.received).toHaveLength(5);
    expect((await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.pagination.total).toBe(3);
    h.receiver.fallback = 200;
    await h.call('PUT', `/v1/webhooks/${id}`, { body: { active: true } });
    await h.trigger();
    expect(h.receiver.received).toHaveLength(6);
    expect(
      (await h.call('GET', `/v1/webhooks/${id}/deliveries?status=succeeded`)).body.pagination.total,
    ).toBe(1);
  });

  it('resets the count of failures in a row on a success', async () => {
    const { id } = await h.webhook();
    h.receiver.answers = [500, 500, 500, 500, 200, 500, 500, 500, 500];
    for (let i = 0; i < 5; i++) await h.trigger();
    await h.advance(60_000);
    expect((await h.call('GET', `/v1/webhooks/${id}`)).body.data.active).toBe(true);
  });
});

describe('Variant B schedule', () => {
  const h = useWebhooks({ variant: 'B' });

  it('waits 5 s, 15 s, 60 s, 5 min; after 5 failures in a row: failing, an alert, still active and queueing', async () => {
    const { id } = await h.webhook();
    h.receiver.fallback = 500;
    await h.trigger();
    await expectAttemptsAt(h, [5_000, 15_000, 60_000, 300_000]);
    const hook = (await h.call('GET', `/v1/webhooks/${id}`)).body.data;
    expect(hook).toMatchObject({ active: true, health: 'failing' });
    const alerts = (await h.call('GET', '/__mock/alerts')).body.data;
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ webhook_id: id, workspace_id: h.workspaceId });
    expect(alerts[0].subject).toContain(h.receiver.url);
    const [delivery] = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
    expect(delivery.status).toBe('failed');
    expect(delivery.attempts).toHaveLength(5);

    // A new event is queued; its first attempt waits the fifth delay (15 min).
    await h.trigger();
    expect(h.receiver.received).toHaveLength(5);
    const queued = (await h.call('GET', `/v1/webhooks/${id}/deliveries?status=pending`)).body
      .data[0];
    expect(queued.next_attempt_at).toBe(new Date(h.mock.clock.now() + 900_000).toISOString());
    h.receiver.fallback = 200;
    await expectAttemptsAt(h, [900_000]);
    expect((await h.call('GET', `/v1/webhooks/${id}`)).body.data.health).toBe('healthy');
    expect((await h.call('GET', '/__mock/alerts')).body.data).toHaveLength(1);
  });
  it('keeps the schedule when advances overlap (an SDK retry sleeping on the clock meanwhile)', async () => {
    await h.webhook();
    h.receiver.fallback = 500;
    await h.trigger();
    await Promise.all([
      h.mock.clock.advance(5_000),
      h.mock.clock.advance(400_000),
      h.mock.clock.advance(20_000),
    ]);
    await h.mock.settle();
    const attempts = (await h.call('GET', '/__mock/webhook-attempts')).body.data;
    expect(attempts.map((a: { attempted_at: string }) => a.attempted_at.slice(11, 19))).toEqual([
      '10:00:00',
      '10:00:05',
      '10:00:20',
      '10:01:20',
      '10:06:20',
    ]);
    expect(h.mock.clock.now()).toBe(Date.parse('2026-11-20T10:06:40.000Z'));
  });
  it('shows the webhook URL in the alert without its password, and counts attempts', async () => {
    const url = h.receiver.url.replace('http://', 'http://ada:s3cret@');
    await h.webhook(['*'], url);
    h.receiver.fallback = 500;
    await h.trigger();
    await expectAttemptsAt(h, [5_000, 15_000, 60_000, 300_000]);
    const [alert] = (await h.call('GET', '/__mock/alerts')).body.data;
    const shown = h.receiver.url.replace('http://', 'http://ada:***@');
    expect(alert.subject).toBe(`Webhook ${shown} is failing`);
    expect(alert.body).toContain(`The last 5 attempts to deliver to ${shown} failed (latest: `);
    expect(JSON.stringify(alert)).not.toContain('s3cret');
  });
});

describe('a receiver that never answers', () => {
  // A short grace: each settle gives up on the hanging attempt after 100 ms of real time.
  const h = useWebhooks({ variant: 'A', deliveryGraceMs: 100 });

  it('counts as a timeout when the clock passes 10 s, not before', async () => {
    const { id } = await h.webhook();
    h.receiver.answers = ['hang'];
    await h.trigger();
    await h.advance(9_999);
    expect((await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data[0].attempts).toEqual(
      [],
    );
    await h.advance(1);
    // The attempt ends at once on the clock; on a loaded machine its record may land after the
    // 100 ms grace, so the check waits for it (the clock stays at 10 s all along).
    await vi.waitFor(
      async () => {
        const [delivery] = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
        expect(delivery.attempts[0]).toMatchObject({
          http_status: null,
          error: 'timeout',
          response_time_ms: 10_000,
          succeeded: false,
        });
        expect(delivery.next_attempt_at).toBe('2026-11-20T10:01:10.000Z');
      },
      { timeout: 10_000, interval: 20 },
    );
  });
});

describe('failures', () => {
  const h = useWebhooks({ variant: 'A' });

  it('fails on a redirect, a reset connection, a refused connection and TLS to plain HTTP, saying which', async () => {
    const { id } = await h.webhook();
    h.receiver.answers = [{ status: 302, location: 'https://elsewhere.test/' }, 'reset'];
    await h.trigger();
    await h.advance(60_000);
    // Held until the attempts are read, not bound and released: no other test's server may take it.
    const held = await holdPort();
    onTestFinished(() => held.release());
    const closed = await h.webhook(['*'], `http://127.0.0.1:${held.port}/nothing-listens`);
    await h.trigger();
    const attempts = (await h.call('GET', '/__mock/webhook-attempts')).body.data;
    const ofFirst = attempts.filter((a: { webhook_id: string }) => a.webhook_id === id);
    expect(ofFirst[0]).toMatchObject({ http_status: 302, error: 'HTTP 302', succeeded: false });
    expect(ofFirst[1]).toMatchObject({ http_status: null, succeeded: false });
    expect(ofFirst[1].error).toMatch(
      /^network error: (UND_ERR_SOCKET|ECONNRESET): the receiver closed the connection$/,
    );
    const refused = attempts.find((a: { webhook_id: string }) => a.webhook_id === closed.id);
    expect(refused.error).toMatch(/^network error: ECONNREFUSED/);
    // An https:// URL to a receiver that serves plain HTTP: said so (it was a bare OpenSSL code).
    const plain = await h.webhook(['*'], h.receiver.url.replace('http://', 'https://'));
    await h.trigger();
    const tls = (await h.call('GET', '/__mock/webhook-attempts')).body.data.find(
      (a: { webhook_id: string }) => a.webhook_id === plain.id,
    );
    expect(tls.error).toMatch(
      /^network error: ERR_SSL_(WRONG_VERSION_NUMBER|PACKET_LENGTH_TOO_LONG): the receiver answered TLS with plain HTTP; if it serves http, its URL starts http:\/\/$/,
    );
  });

  it('sends a test event now, returns its result, never retries it and does not count it', async () => {
    const { id } = await h.webhook(['contacts']);
    h.receiver.fallback = 500;
    for (let i = 0; i < 6; i++) {
      const res = await h.call('POST', `/v1/webhooks/${id}/test`);
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({
        event: 'webhook.test',
        http_status: 500,
        succeeded: false,
        error: 'HTTP 500',
      });
    }
    expect((await h.call('GET', `/v1/webhooks/${id}`)).body.data.active).toBe(true);
    await h.advance(3_600_000);
    expect(h.receiver.received).toHaveLength(6);
    expect(h.receiver.received[0]?.json).toMatchObject({
      event: 'webhook.test',
      data: { message: expect.any(String) },
    });
  });
});
