// A graceful close (`server.close({ graceMs })`, the CLI's SIGTERM) waits for the webhook attempts
// already sent, as for the requests in flight, within the same grace: a receiver that takes its time
// is answered, and its delivery recorded, before the process goes. Nothing new goes out meanwhile.
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import type { RunningServer } from '../../src/transports/node-server.js';
import { apiClient, type Call } from '../support/api.js';
import { type Receiver, startReceiver } from '../support/receiver.js';
import { inProcess } from '../support/transports.js';

/** A promise and what settles it, for a receiver the test holds. */
function deferred<T = void>(): { promise: Promise<T>; resolve: (value: T) => void } {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** A test delivery asked for while closing or after is not sent, and its result says why. */
async function expectTestNotSent(call: Call): Promise<void> {
  const hookId = (await call('GET', '/v1/webhooks')).body.data[0].id;
  const tested = await call('POST', `/v1/webhooks/${hookId}/test`);
  expect(tested.body.data).toMatchObject({
    succeeded: false,
    error:
      'not sent: the mock server is closing or closed (a close with graceMs ends its deliveries)',
  });
}

describe('a graceful close with webhook attempts in flight', () => {
  let mock: MockServer | undefined;
  let receiver: Receiver | undefined;
  afterEach(async () => {
    mock?.dispose();
    await receiver?.close();
  });

  /**
   * A manual-clock mock (no delivery times out while the test holds it) serving on loopback, with a
   * webhook for every event to a local receiver, and one attempt of a contact's event sent to it.
   */
  async function attemptInFlight(
    first: Receiver['answers'][number],
  ): Promise<{ server: RunningServer; call: Call; mock: MockServer; receiver: Receiver }> {
    const r = await startReceiver();
    receiver = r;
    r.answers.push(first);
    const m = createMockServer({ clock: 'manual', startTime: '2026-11-20T10:00:00.000Z' });
    mock = m;
    const server = await m.listen();
    const call = apiClient(inProcess(m), m.createApiKey({ scopes: 'all' }).key);
    await call('POST', '/v1/webhooks', { body: { url: r.url, events: ['*'] } });
    await call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    await expect.poll(() => r.received.length).toBe(1);
    return { server, call, mock: m, receiver: r };
  }

  it('resolves only once the attempt is answered, records it as succeeded, and sends nothing new', async () => {
    const release = deferred();
    const sent = deferred<boolean>();
    const t = await attemptInFlight({ status: 200, after: release.promise, closed: sent.resolve });
    let closed = false;
    const closing = t.server.close({ graceMs: 60_000 }).then(() => {
      closed = true;
    });
    // An event while it drains (a request in flight's): its delivery is queued, not sent.
    await t.call('POST', '/v1/contacts', { body: { name: 'Grace' } });
    // A test delivery asked for meanwhile is not sent, and says why.
    await expectTestNotSent(t.call);
    // The server takes no connection any more, and a turn later the close still waits.
    await expect(fetch(`${t.server.url}/v1/health`)).rejects.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release.resolve();
    await closing;
    expect(await sent.promise).toBe(true);
    expect(t.mock.webhookAttempts().map((a) => [a.event, a.succeeded])).toEqual([
      ['contact.created', true],
    ]);
    const deliveries = t.mock.exportState().tables.deliveries;
    expect(deliveries.map((d) => [d.event, d.status, d.attempts.length])).toEqual([
      ['contact.created', 'succeeded', 1],
      ['contact.created', 'pending', 0],
    ]);
    expect(t.receiver.received).toHaveLength(1);
  });

  it('cuts the attempt when the grace runs out first, and resolves; the delivery stays pending', async () => {
    const cut = deferred<boolean>();
    const t = await attemptInFlight({
      status: 200,
      after: new Promise(() => {}),
      closed: cut.resolve,
    });
    await t.server.close({ graceMs: 20 });
    // The receiver saw its connection close before it answered.
    expect(await cut.promise).toBe(false);
    // Not recorded, as dispose() ends an attempt: an export would send it again on import.
    expect(t.mock.webhookAttempts()).toEqual([]);
    expect(t.mock.exportState().tables.deliveries.map((d) => d.status)).toEqual(['pending']);
  });

  it("ends the mock's deliveries for good, through its other servers too, as the CLI's exit does", async () => {
    const t = await attemptInFlight(500); // answered within the grace: recorded, its retry scheduled
    const other = await t.mock.listen();
    try {
      await t.server.close({ graceMs: 60_000 });
      // Disposed: the retry's timer is gone, none is left to keep a process alive.
      expect(t.mock.exportState().tables.deliveries[0]?.next_attempt_at).not.toBeNull();
      expect(t.mock.clock.pending()).toBe(0);
      // The other server still answers, but an event makes no delivery any more (as after
      // dispose()), and a test delivery says why, rather than leave the suite to wonder.
      expect((await fetch(`${other.url}/v1/health`)).status).toBe(200);
      expect((await t.call('POST', '/v1/contacts', { body: { name: 'After' } })).status).toBe(201);
      expect(t.mock.exportState().tables.deliveries).toHaveLength(1);
      await expectTestNotSent(t.call);
      await t.mock.clock.advance(3_600_000);
      await t.mock.settle();
      expect(t.receiver.received.map((r) => r.json.data.name)).toEqual(['Ada']);
      expect(t.mock.exportState().tables.deliveries[0]?.attempts).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('queues the delivery of an event a request in flight makes while it closes, then disposes the mock', async () => {
    const r = await startReceiver();
    receiver = r;
    const m = createMockServer({ clock: 'manual', startTime: '2026-11-20T10:00:00.000Z' });
    mock = m;
    const server = await m.listen();
    const { key } = m.createApiKey({ scopes: 'all' });
    await apiClient(inProcess(m), key)('POST', '/v1/webhooks', {
      body: { url: r.url, events: ['*'] },
    });
    // No attempt in flight: only the request holds the close. Its delay (real time) comes after
    // the fault is used, so the request is in the mock once the fault is gone from the list.
    m.faults.add({ method: 'POST', path: '/v1/contacts', delay_ms: 200 });
    const inFlight = fetch(`${server.url}/v1/contacts`, {
      method: 'POST',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'Late' }),
    });
    await expect.poll(() => m.faults.list(), { timeout: 10_000 }).toEqual([]);
    const closing = server.close({ graceMs: 60_000 });
    expect((await inFlight).status).toBe(201);
    await closing;
    // Queued while closing, pending as the CLI's exit leaves it (an export carries it to a restart).
    expect(m.exportState().tables.deliveries.map((d) => [d.event, d.status])).toEqual([
      ['contact.created', 'pending'],
    ]);
    expect(m.clock.pending()).toBe(0);
    expect(r.received).toEqual([]);
  });
});
