import { describe, expect, it } from 'vitest';
import { signatureValid } from '../support/receiver.js';
import { webhookBodyProblems } from '../support/spec-contract.js';
import { useWebhooks } from '../support/webhook-harness.js';

describe('Variant A deliveries', () => {
  const h = useWebhooks({ variant: 'A' });

  it('POSTs {event, timestamp, webhook_id, data} signed over "<timestamp>.<raw body>"', async () => {
    const { id, secret } = await h.webhook();
    await h.trigger();
    expect(h.receiver.received).toHaveLength(1);
    const [got] = h.receiver.received;
    expect(Object.keys(got?.json)).toEqual(['event', 'timestamp', 'webhook_id', 'data']);
    expect(got?.json).toMatchObject({
      event: 'contact.created',
      timestamp: '2026-11-20T10:00:00.000Z',
      webhook_id: id,
    });
    expect(got?.json.data).toMatchObject({ name: 'Ada' });
    expect(got?.headers['content-type']).toBe('application/json');
    expect(got?.headers['x-webhook-id']).toBe(id);
    expect(got?.headers['x-webhook-timestamp']).toBe(
      String(Date.parse('2026-11-20T10:00:00.000Z') / 1000),
    );
    expect(got?.headers['x-webhook-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(got?.headers['x-service-signature']).toBeUndefined();
    expect(signatureValid('A', secret, got as never)).toBe(true);
    expect(signatureValid('A', `${secret}x`, got as never)).toBe(false);
    expect(webhookBodyProblems(got?.json)).toEqual([]);
  });

  it('still delivers, signed and with an RFC 3339 timestamp, at the last date the clock can reach', async () => {
    const { secret } = await h.webhook();
    const last = Date.UTC(9999, 11, 1);
    await h.advance(last - h.mock.clock.now());
    await h.trigger();
    const [got] = h.receiver.received;
    expect(got?.json.timestamp).toBe('9999-12-01T00:00:00.000Z');
    expect(got?.headers['x-webhook-timestamp']).toBe(String(last / 1000));
    expect(signatureValid('A', secret, got as never)).toBe(true);
    expect(webhookBodyProblems(got?.json)).toEqual([]);
  });

  it('signs each attempt with the time it goes out, over the same body', async () => {
    const { secret } = await h.webhook();
    h.receiver.answers = [500];
    await h.trigger();
    await h.advance(60_000);
    const [first, second] = h.receiver.received;
    expect(second?.body).toBe(first?.body);
    expect(
      Number(second?.headers['x-webhook-timestamp']) -
        Number(first?.headers['x-webhook-timestamp']),
    ).toBe(60);
    expect(signatureValid('A', secret, second as never)).toBe(true);
  });

  it('signs with the new secret after rotation', async () => {
    const { id, secret } = await h.webhook();
    const rotated = (await h.call('POST', `/v1/webhooks/${id}/rotate-secret`)).body.data.secret;
    await h.trigger();
    expect(signatureValid('A', rotated, h.receiver.received[0] as never)).toBe(true);
    expect(signatureValid('A', secret, h.receiver.received[0] as never)).toBe(false);
  });

  it('signs with the previous secret during a rotation grace period, then with the new one', async () => {
    const { id, secret } = await h.webhook();
    const rotate = (body: object) =>
      h.call('POST', `/v1/webhooks/${id}/rotate-secret`, { body }).then((r) => r.body.data.secret);
    const next = await rotate({ grace_seconds: 3600 });
    await h.trigger();
    const during = h.receiver.received.at(-1) as never;
    expect(signatureValid('A', secret, during)).toBe(true);
    expect(signatureValid('A', next, during)).toBe(false);
    await h.advance(3600_000);
    await h.trigger();
    const after = h.receiver.received.at(-1) as never;
    expect(signatureValid('A', next, after)).toBe(true);
    // A rotation inside a grace period keeps the secret in use as the previous one.
    const third = await rotate({ grace_seconds: 60 });
    const fourth = await rotate({ grace_seconds: 60 });
    await h.trigger();
    expect(signatureValid('A', next, h.receiver.received.at(-1) as never)).toBe(true);
    // grace_seconds 0 (or none) switches at once, and ends a grace period.
    const fifth = await rotate({});
    await h.trigger();
    expect(signatureValid('A', fifth, h.receiver.received.at(-1) as never)).toBe(true);
    expect([third, fourth]).not.toContain(fifth);
    const bad = await h.call('POST', `/v1/webhooks/${id}/rotate-secret`, {
      body: { grace_seconds: 604_801 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({ field: 'grace_seconds', rule: 'maximum' });
  });
});

describe('Variant B deliveries', () => {
  const h = useWebhooks({ variant: 'B' });

  it('POSTs {event_id, event, timestamp, webhook_id, data} signed over the raw body', async () => {
    const { id, secret } = await h.webhook(['contacts']);
    await h.trigger();
    const [got] = h.receiver.received;
    expect(Object.keys(got?.json)).toEqual([
      'event_id',
      'event',
      'timestamp',
      'webhook_id',
      'data',
    ]);
    expect(got?.json).toMatchObject({ event: 'contact.created', webhook_id: id });
    expect(got?.json.event_id).toMatch(/^[0-9a-f-]{36}$/);
    expect(got?.headers['x-service-signature']).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(got?.headers['x-webhook-signature']).toBeUndefined();
    expect(signatureValid('B', secret, got as never)).toBe(true);
    expect(webhookBodyProblems(got?.json)).toEqual([]);
  });

  it('redelivers the same event_id on a retry', async () => {
    await h.webhook();
    h.receiver.answers = [503];
    await h.trigger();
    await h.advance(5_000);
    const [first, second] = h.receiver.received;
    expect(second?.json.event_id).toBe(first?.json.event_id);
    expect(second?.body).toBe(first?.body);
  });
});

describe('subscriptions', () => {
  const h = useWebhooks({ variant: 'B' });

  it('delivers by event name, by category and to *, and nothing else', async () => {
    await h.webhook(['contact.created']);
    await h.webhook(['contacts']);
    await h.webhook(['*']);
    await h.webhook(['appointments']);
    await h.trigger();
    expect(h.receiver.received.map((r) => r.json.event)).toEqual([
      'contact.created',
      'contact.created',
      'contact.created',
    ]);
  });

  it('does not deliver to inactive webhooks or other workspaces', async () => {
    const { id } = await h.webhook();
    await h.call('PUT', `/v1/webhooks/${id}`, { body: { active: false } });
    const other = h.mock.createApiKey({ scopes: 'all' });
    await h.mock.fetch('/v1/webhooks', {
      method: 'POST',
      headers: { 'x-api-key': other.key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: h.receiver.url, events: ['*'] }),
    });
    await h.trigger();
    expect(h.receiver.received).toEqual([]);
  });

  it('sends a test delivery to an inactive webhook (a receiver is checked before it is on again)', async () => {
    const { id } = await h.webhook();
    await h.call('PUT', `/v1/webhooks/${id}`, { body: { active: false } });
    const tested = await h.call('POST', `/v1/webhooks/${id}/test`);
    expect(tested.body.data).toMatchObject({ event: 'webhook.test', succeeded: true });
    expect(h.receiver.received.map((r) => r.json.event)).toEqual(['webhook.test']);
    expect((await h.call('GET', `/v1/webhooks/${id}`)).body.data.active).toBe(false);
  });
});
