import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { MAX_FINISHED_DELIVERIES, MAX_PENDING_PER_WEBHOOK } from '../../src/webhooks/schedules.js';
import { heldAnswer } from '../support/receiver.js';
import { useWebhooks } from '../support/webhook-harness.js';

const MiB = 1024 * 1024;
const HISTORY_START = Date.parse('2026-11-20T10:00:00.000Z');

/** A Variant B mock on a manual clock whose receiver acknowledges every delivery, and its key. */
function acknowledgedMock() {
  const b = createMockServer({
    clock: 'manual',
    startTime: HISTORY_START,
    variant: 'B',
    deliveryFetch: async () => new Response(null, { status: 204 }),
  });
  const key = b.createApiKey({ scopes: 'all' });
  /** A webhook to the receiver, for `events`; its id. */
  const hook = async (events: string[]) => {
    const res = await b.fetch('/v1/webhooks', {
      method: 'POST',
      headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'https://receiver.test/hook', events }),
    });
    return ((await res.json()) as { data: { id: string } }).data.id;
  };
  return { b, key, ws: key.workspace_id, hook };
}

/** The n-th delivery of a hand-written history, a day old: succeeded (credit.low) or pending. */
function deliveryRow(n: number, ws: string, webhookId: string, pending: boolean, body = '{}') {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    webhook_id: webhookId,
    event: pending ? 'plan.changed' : 'credit.low',
    event_id: `00000000-0000-4000-9000-${String(n).padStart(12, '0')}`,
    status: pending ? 'pending' : 'succeeded',
    attempts: [],
    next_attempt_at: pending ? new Date(HISTORY_START + 3_600_000).toISOString() : null,
    error: null,
    created_at: new Date(HISTORY_START - 86_400_000 + n).toISOString(),
    _ws: ws,
    _seq: n,
    _body: body,
    _test: false,
  };
}

/** Deliveries cross real loopback HTTP: a loaded machine may take more than poll's 1 s default. */
const POLL = { timeout: 10_000 };

describe('emitting any event through the control API', () => {
  const h = useWebhooks({ variant: 'B' });

  it('delivers a billing event in Variant B, its data checked against the spec', async () => {
    await h.webhook(['billing']);
    const res = await h.call('POST', '/__mock/events', {
      body: {
        workspace_id: h.workspaceId,
        event: 'credit.low',
        data: { credits_remaining: 12, threshold: 50 },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ event: 'credit.low', deliveries: 1 });
    await h.mock.settle();
    expect(h.receiver.received[0]?.json).toMatchObject({
      event: 'credit.low',
      event_id: res.body.data.event_id,
      data: { credits_remaining: 12 },
    });
    const bad = await h.call('POST', '/__mock/events', {
      body: { workspace_id: h.workspaceId, event: 'credit.low', data: { credits_remaining: -1 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details[0]).toMatchObject({
      field: 'data.credits_remaining',
      rule: 'minimum',
    });
    const noWs = await h.call('POST', '/__mock/events', {
      body: {
        workspace_id: crypto.randomUUID(),
        event: 'trial.expired',
        data: { trial_ends_at: '2026-11-20T00:00:00Z' },
      },
    });
    expect(noWs.status).toBe(404);
  });

  it("counts the event's own deliveries when a listener emits another event meanwhile", async () => {
    await h.webhook(['billing']);
    // A test's listener reacting to the event with another one, itself delivered (it was counted 0).
    const off = h.mock.events.on((event) => {
      if (event.event !== 'credit.low') return;
      h.mock.emitEvent({
        workspace_id: h.workspaceId,
        event: 'trial.expired',
        data: { trial_ends_at: '2026-11-20T00:00:00Z' },
      });
    });
    try {
      const res = await h.call('POST', '/__mock/events', {
        body: { workspace_id: h.workspaceId, event: 'credit.low', data: { credits_remaining: 3 } },
      });
      expect(res.body.data).toMatchObject({ event: 'credit.low', deliveries: 1 });
      const made = h.mock.exportState().tables.deliveries.map((d) => d.event);
      expect(made.sort()).toEqual(['credit.low', 'trial.expired']);
    } finally {
      off();
    }
  });
});

describe('emitting an event of the other variant', () => {
  const h = useWebhooks({ variant: 'A' });

  it('is refused, naming the variant', async () => {
    const res = await h.call('POST', '/__mock/events', {
      body: { workspace_id: h.workspaceId, event: 'credit.low', data: {} },
    });
    expect(res.status).toBe(400);
    // Which events it takes, as the spec's enums say them (Variant A's twelve; not webhook.test,
    // which is refused).
    expect(res.body.error.message).toBe(
      'event: "credit.low" is not an event of Variant A, whose events are "conversation.created", "conversation.closed", "conversation.transferred", "message.received", "message.sent", "contact.created", "contact.updated", "agent.handoff_started", "agent.handoff_completed", "appointment.created", "appointment.cancelled", "appointment.completed"',
    );
  });
});

describe.each(['A', 'B'] as const)('emitting webhook.test, Variant %s', (variant) => {
  const h = useWebhooks({ variant });

  it('is refused, pointing to POST /v1/webhooks/{id}/test; nothing is delivered', async () => {
    await h.webhook(['*']);
    const res = await h.call('POST', '/__mock/events', {
      body: { workspace_id: h.workspaceId, event: 'webhook.test', data: { message: 'hi' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'event', rule: 'enum' });
    expect(res.body.error.message).toContain('POST /v1/webhooks/{id}/test');
    expect(() =>
      h.mock.emitEvent({ workspace_id: h.workspaceId, event: 'webhook.test', data: {} }),
    ).toThrow(/POST \/v1\/webhooks\/\{id\}\/test/);
    await h.mock.settle();
    expect(h.mock.webhookAttempts()).toEqual([]);
  });
});

describe('nothing is lost', () => {
  const h = useWebhooks({ variant: 'A' });

  it('keeps pending deliveries across export and import, and sends them at their time', async () => {
    await h.webhook();
    h.receiver.answers = [500];
    await h.trigger();
    const snapshot = h.mock.exportState();
    expect(snapshot.tables.deliveries[0]).toMatchObject({
      status: 'pending',
      next_attempt_at: '2026-11-20T10:01:00.000Z',
    });
    h.mock.dispose();

    const revived = createMockServer({ clock: 'manual', startTime: '2026-11-20T10:00:30.000Z' });
    revived.importState(snapshot);
    try {
      await revived.clock.advance(29_999);
      await revived.settle();
      expect(h.receiver.received).toHaveLength(1);
      await revived.clock.advance(1);
      await revived.settle();
      expect(h.receiver.received).toHaveLength(2);
      const attempts = revived.webhookAttempts();
      expect(attempts.map((a) => [a.number, a.attempted_at, a.succeeded])).toEqual([
        [1, '2026-11-20T10:00:00.000Z', false],
        [2, '2026-11-20T10:01:00.000Z', true],
      ]);
    } finally {
      revived.dispose();
    }
  });

  it('sends a delivery that is overdue at the import at once, then retries it on schedule', async () => {
    await h.webhook();
    h.receiver.answers = [500, 500];
    await h.trigger();
    const snapshot = h.mock.exportState();
    h.mock.dispose();

    // Its retry was due at 10:01; the importing server's clock reads 10:30.
    const revived = createMockServer({ clock: 'manual', startTime: '2026-11-20T10:30:00.000Z' });
    try {
      revived.importState(snapshot);
      await expect.poll(() => h.receiver.received.length, POLL).toBe(2);
      await revived.settle();
      expect(revived.webhookAttempts().map((a) => [a.number, a.attempted_at])).toEqual([
        [1, '2026-11-20T10:00:00.000Z'],
        [2, '2026-11-20T10:30:00.000Z'],
      ]);
      expect(revived.exportState().tables.deliveries[0]?.next_attempt_at).toBe(
        '2026-11-20T10:35:00.000Z',
      );
    } finally {
      revived.dispose();
    }
  });

  it('sends a test delivery in flight at export once: an import does not send it again', async () => {
    const { id } = await h.webhook();
    const { answer, release } = heldAnswer();
    h.receiver.answers = [answer];
    const tested = h.call('POST', `/v1/webhooks/${id}/test`);
    await expect.poll(() => h.receiver.received.length, POLL).toBe(1);
    const snapshot = h.mock.exportState();
    expect(snapshot.tables.deliveries).toMatchObject([
      { event: 'webhook.test', status: 'pending' },
    ]);
    release();
    expect((await tested).body.data).toMatchObject({ event: 'webhook.test', succeeded: true });

    h.mock.importState(snapshot);
    await h.advance(60_000);
    // Its result was the answer to the call above: it is never retried, so it ends failed, unsent.
    expect(h.receiver.received.map((r) => r.json.event)).toEqual(['webhook.test']);
    const deliveries = await h.call('GET', `/v1/webhooks/${id}/deliveries`);
    expect(deliveries.body.data).toMatchObject([
      { event: 'webhook.test', status: 'failed', attempts: [], next_attempt_at: null, error: null },
    ]);
  });

  it('sends an event whose attempt was in flight at export again after the import', async () => {
    await h.webhook();
    const { answer, release } = heldAnswer();
    h.receiver.answers = [answer];
    await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    await expect.poll(() => h.receiver.received.length, POLL).toBe(1);
    const snapshot = h.mock.exportState();
    release();
    await h.mock.settle();

    // The state exported had no answer to that attempt: the delivery is still due (at least once;
    // a receiver dedupes by the delivery's event id).
    // At once, as a due attempt goes out on the manual clock: no advance needed.
    h.mock.importState(snapshot);
    await expect.poll(() => h.receiver.received.length, POLL).toBe(2);
    const [first, again] = h.receiver.received;
    expect(again?.body).toBe(first?.body);
    expect(h.mock.webhookAttempts()).toMatchObject([{ number: 1, succeeded: true }]);
  });

  it('sends the deliveries due at an import in the order their events happened, whatever the order of the rows', async () => {
    await h.webhook(['contacts']);
    const { answer, release } = heldAnswer();
    h.receiver.answers = [answer];
    for (const name of ['c1', 'c2', 'c3']) {
      await h.call('POST', '/v1/contacts', { body: { name } });
    }
    await expect.poll(() => h.receiver.received.length, POLL).toBe(1); // c2 and c3 wait behind c1
    const snapshot = h.mock.exportState();
    snapshot.tables.deliveries.reverse(); // a hand-written seed need not list them in order
    release();
    await h.mock.settle();
    h.receiver.received.length = 0;

    h.mock.importState(snapshot);
    await expect.poll(() => h.receiver.received.length, POLL).toBe(3);
    expect(h.receiver.received.map((r) => r.json.data.name)).toEqual(['c1', 'c2', 'c3']);
  });

  it('keeps the last 50,000 finished deliveries, however many are pending', async () => {
    const { b, key, ws, hook } = acknowledgedMock();
    try {
      const done = await hook(['credit.low']);
      const waiting = await hook(['plan.changed']);
      // A history of 50,000 finished deliveries, and a full queue (1000 pending) on another webhook.
      const snapshot = b.exportState();
      const row = (n: number, webhookId: string, pending: boolean) =>
        deliveryRow(n, ws, webhookId, pending);
      const finished = Array.from({ length: MAX_FINISHED_DELIVERIES }, (_, n) =>
        row(n, done, false),
      );
      const pending = Array.from({ length: MAX_PENDING_PER_WEBHOOK }, (_, n) =>
        row(MAX_FINISHED_DELIVERIES + n, waiting, true),
      );
      snapshot.tables.deliveries = [...finished, ...pending] as typeof snapshot.tables.deliveries;
      b.importState(snapshot);

      b.emitEvent({ workspace_id: ws, event: 'credit.low', data: { credits_remaining: 1 } });
      await b.settle();
      const rows = b.exportState().tables.deliveries;
      const kept = rows.filter((d) => d.status !== 'pending');
      expect(kept).toHaveLength(MAX_FINISHED_DELIVERIES);
      // Only the oldest one went, for the new one.
      expect(kept[0]?.id).toBe(finished[1]?.id);
      expect(rows.filter((d) => d.status === 'pending')).toHaveLength(MAX_PENDING_PER_WEBHOOK);
      // Its webhook deleted, the 1000 pending ones end failed: the newest 50,000 stay.
      await b.fetch(`/v1/webhooks/${waiting}`, {
        method: 'DELETE',
        headers: { 'x-api-key': key.key },
      });
      const after = b.exportState().tables.deliveries;
      expect(after).toHaveLength(MAX_FINISHED_DELIVERIES);
      expect(after.filter((d) => d.error === 'webhook_deleted')).toHaveLength(1000);
    } finally {
      b.dispose();
    }
  }, 60_000); // 50,000 deliveries: about 1.5 s alone, several times that beside a loaded build

  it('keeps fewer when their bodies pass 64 Mi characters together: the oldest go, large events bounded in memory', async () => {
    const { b, ws, hook } = acknowledgedMock();
    try {
      const webhookId = await hook(['credit.low']);
      // 70 finished deliveries of 1 Mi characters each (a contact's custom fields at their most).
      const body = `{"pad":"${'x'.repeat(MiB - 10)}"}`;
      const snapshot = b.exportState();
      snapshot.tables.deliveries = Array.from({ length: 70 }, (_, n) =>
        deliveryRow(n, ws, webhookId, false, body),
      ) as typeof snapshot.tables.deliveries;
      b.importState(snapshot);
      b.emitEvent({ workspace_id: ws, event: 'credit.low', data: { credits_remaining: 1 } });
      await b.settle();
      const kept = b.exportState().tables.deliveries;
      // 63 large ones and the new small one: within 64 Mi characters, the newest first.
      expect(kept).toHaveLength(64);
      expect(kept[0]?.id).toBe('00000000-0000-4000-8000-000000000007');
      expect(kept.reduce((sum, d) => sum + d._body.length, 0)).toBeLessThanOrEqual(64 * MiB);
    } finally {
      b.dispose();
    }
  }, 60_000);

  it('bounds the queue per webhook and records the overflow as failed, never dropping it silently', async () => {
    const b = createMockServer({ clock: 'manual', variant: 'B', deliveryGraceMs: 2000 });
    try {
      const key = b.createApiKey({ scopes: 'all' });
      const created = await b.fetch('/v1/webhooks', {
        method: 'POST',
        headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
        body: JSON.stringify({ url: 'http://127.0.0.1:9/never', events: ['billing'] }),
      });
      const webhookId = ((await created.json()) as { data: { id: string } }).data.id;
      // Variant B keeps queueing while the receiver is down: after 5 failures each new event waits 15 min.
      for (let i = 0; i < MAX_PENDING_PER_WEBHOOK + 1; i++) {
        b.emitEvent({
          workspace_id: key.workspace_id,
          event: 'credit.low',
          data: { credits_remaining: i },
        });
        if (i < 6) await b.settle();
      }
      const rows = b.exportState().tables.deliveries.filter((d) => d.webhook_id === webhookId);
      expect(rows).toHaveLength(MAX_PENDING_PER_WEBHOOK + 1);
      expect(rows.filter((d) => d.status === 'pending')).toHaveLength(MAX_PENDING_PER_WEBHOOK);
      const overflow = rows.filter((d) => d.error === 'queue_full');
      expect(overflow).toHaveLength(1);
      expect(overflow[0]).toMatchObject({ status: 'failed', attempts: [] });
    } finally {
      b.dispose();
    }
  });
});
