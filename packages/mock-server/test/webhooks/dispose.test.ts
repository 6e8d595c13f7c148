// A disposed mock still answers requests (a client's last calls in a teardown), but it starts no
// webhook delivery and arms no timer: nothing it does after dispose() keeps the process alive.
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { holdSigning } from '../support/hold-signing.js';

const START = '2026-11-20T10:00:00.000Z';

/** A Variant B mock whose deliveries are recorded, with a webhook for every event. */
async function mockWithWebhook(deliveryFetch: typeof fetch = async () => new Response(null)) {
  const mock = createMockServer({ clock: 'manual', startTime: START, variant: 'B', deliveryFetch });
  const { key, workspace_id } = mock.createApiKey({ scopes: 'all' });
  const call = apiClient(
    { fetch: mock.fetch as typeof fetch, baseUrl: mock.baseUrl, close: async () => {} },
    key,
  );
  const hook = await call('POST', '/v1/webhooks', {
    body: { url: 'https://receiver.test/hook', events: ['*'] },
  });
  return { mock, call, workspaceId: workspace_id, hookId: hook.body.data.id as string };
}

describe('a disposed mock', () => {
  it('answers requests, but delivers no event, sends no test delivery and arms no reminder', async () => {
    const sent: string[] = [];
    const { mock, call, workspaceId, hookId } = await mockWithWebhook(async (_url, init) => {
      sent.push(JSON.parse(String(init?.body)).event);
      return new Response(null);
    });
    mock.dispose();
    const contact = await call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    expect(contact.status).toBe(201);
    // A Variant B appointment two days ahead would arm its reminder (24 h before).
    const appointment = await call('POST', '/v1/appointments', {
      body: { contact_id: contact.body.data.id, title: 'Call', starts_at: '2026-11-22T10:00:00Z' },
    });
    expect(appointment.status).toBe(201);
    const emitted = await call('POST', '/__mock/events', {
      body: { workspace_id: workspaceId, event: 'credit.low', data: { credits_remaining: 1 } },
    });
    expect(emitted.body.data.deliveries).toBe(0);
    const test = await call('POST', `/v1/webhooks/${hookId}/test`);
    expect(test.status).toBe(200);
    expect(test.body.data).toMatchObject({
      succeeded: false,
      http_status: null,
      error: 'not sent: the mock server was disposed',
    });
    expect(mock.clock.pending()).toBe(0);
    await mock.clock.advance(3 * 24 * 3_600_000);
    await mock.settle();
    expect(sent).toEqual([]);
    expect((await call('GET', `/v1/webhooks/${hookId}/deliveries`)).body.data).toEqual([]);
  });

  it('does not send the pending deliveries of a state imported after dispose; they stay pending', async () => {
    const failing = await mockWithWebhook(async () => new Response(null, { status: 500 }));
    await failing.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    await failing.mock.settle();
    const state = failing.mock.exportState();
    failing.mock.dispose();
    expect(state.tables.deliveries.map((d) => d.status)).toEqual(['pending']);

    const sent: unknown[] = [];
    const other = await mockWithWebhook(async (url) => {
      sent.push(url);
      return new Response(null);
    });
    other.mock.dispose();
    other.mock.importState(state);
    await other.mock.clock.advance(3_600_000);
    await other.mock.settle();
    expect(sent).toEqual([]);
    expect(other.mock.clock.pending()).toBe(0);
    expect(other.mock.exportState().tables.deliveries).toEqual(state.tables.deliveries);
  });

  it('ends an attempt in flight whose receiver never answers, and records nothing of it', async () => {
    let signal: AbortSignal | undefined;
    let sent: () => void = () => {};
    const attempt = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const { mock, call } = await mockWithWebhook(
      (_url, init) =>
        new Promise<Response>(() => {
          // A receiver that never answers, and a fetch that ignores its signal: only the dispatcher
          // can end the attempt.
          signal = init?.signal ?? undefined;
          sent();
        }),
    );
    await call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    // The attempt goes out once signed (off the event loop: wait for it, not for a number of turns).
    await attempt;
    expect(signal?.aborted).toBe(false);
    mock.dispose();
    expect(signal?.aborted).toBe(true);
    // The attempt is over: settle has nothing left to wait for.
    await mock.settle();
    expect(mock.clock.pending()).toBe(0);
  });

  it('answers a test delivery in flight with why it ended: the dispose, not a network error', async () => {
    let sent: () => void = () => {};
    const attempt = new Promise<void>((resolve) => {
      sent = resolve;
    });
    const { mock, call, hookId } = await mockWithWebhook(
      () =>
        new Promise<Response>(() => {
          sent();
        }),
    );
    const tested = call('POST', `/v1/webhooks/${hookId}/test`);
    await attempt;
    mock.dispose();
    expect((await tested).body.data).toMatchObject({
      succeeded: false,
      http_status: null,
      error: 'aborted: the mock server was disposed',
    });
  });

  it('answers a test delivery still being signed at the dispose as not sent, saying why', async () => {
    const sent: unknown[] = [];
    const { mock, call, hookId } = await mockWithWebhook(async (url) => {
      sent.push(url);
      return new Response(null);
    });
    const { release, spy } = holdSigning();
    try {
      const tested = call('POST', `/v1/webhooks/${hookId}/test`);
      await expect.poll(() => spy.mock.calls.length).toBe(1);
      mock.dispose();
      release();
      expect((await tested).body.data).toMatchObject({
        succeeded: false,
        http_status: null,
        response_time_ms: null,
        error: 'not sent: the mock server was disposed',
      });
      expect(sent).toEqual([]);
    } finally {
      spy.mockRestore();
    }
  });
});
