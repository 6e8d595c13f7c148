import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type Clock,
  createMockServer,
  type MockServer,
  type MockServerOptions,
} from '../../src/index.js';
import { apiClient, type Call } from '../support/api.js';
import { inProcess } from '../support/transports.js';

/**
 * A manual-clock mock whose deliveries go to `receive` (answered 204 once it returns), with a webhook
 * for every event and a contact.
 */
async function setup(receive: (event: string, mock: MockServer) => Promise<void> | void) {
  const sent: string[] = [];
  const mock: MockServer = createMockServer({
    clock: 'manual',
    startTime: '2026-11-20T10:00:00.000Z',
    // As long as it goes: no round of the wait ends at the grace, however loaded the machine.
    deliveryGraceMs: 60_000,
    deliveryFetch: async (_input, init) => {
      const { event } = JSON.parse(String(init?.body));
      sent.push(event);
      await receive(event, mock);
      return new Response(null, { status: 204 });
    },
  });
  const created = mock.createApiKey({ scopes: 'all' });
  const call: Call = apiClient(inProcess(mock), created.key);
  await call('POST', '/v1/webhooks', {
    body: { url: 'https://hooks.example.com/in', events: ['contacts'] },
  });
  return { mock, call, sent, workspaceId: created.workspace_id };
}

describe('settle', () => {
  let mock: MockServer | undefined;
  afterEach(() => mock?.dispose());

  it("waits for the attempts that a receiver's reaction makes", async () => {
    const t = await setup(async (event) => {
      // A receiver that updates each new contact, through the API, before it answers.
      if (event !== 'contact.created') return;
      const contact = (await t.call('GET', '/v1/contacts')).body.data[0];
      await t.call('PUT', `/v1/contacts/${contact.id}`, { body: { name: 'Ada L.' } });
    });
    mock = t.mock;
    await t.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    await t.mock.settle();
    expect(t.sent).toEqual(['contact.created', 'contact.updated']);
    expect(t.mock.webhookAttempts().every((a) => a.succeeded)).toBe(true);
  });

  it('ends, as does an advance, when a receiver answers every delivery with another event for itself', async () => {
    // The loop is cut after 1000 deliveries, so that a settle that followed it to its end ended too.
    let chain = 0;
    const t = await setup((_event, m) => {
      if (++chain >= 1000) return;
      const contact = m.exportState().tables.contacts[0];
      m.emitEvent({ workspace_id: t.workspaceId, event: 'contact.updated', data: contact });
    });
    mock = t.mock;
    await t.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    await t.mock.settle();
    // The attempt in flight at the call and 100 rounds of reactions, one each.
    expect(t.sent).toHaveLength(101);
    const before = t.sent.length;
    await t.mock.clock.advance(1000);
    expect(t.sent.length).toBeLessThan(1000);
    expect(t.sent.length).toBeGreaterThan(before);
    chain = 1000;
    await t.mock.settle();
  });
});

describe('clock.advance', () => {
  let mock: MockServer | undefined;
  afterEach(() => mock?.dispose());

  it('returns once the attempts it sent are answered: no settle() is needed after it', async () => {
    let failFirst = true;
    // A receiver that takes many event-loop turns to answer, and fails the first attempt.
    const t = await setup(async () => {
      for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
      if (failFirst) {
        failFirst = false;
        throw new Error('receiver down');
      }
    });
    mock = t.mock;
    await t.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    await t.mock.settle();
    expect(t.mock.webhookAttempts().map((a) => a.succeeded)).toEqual([false]);
    await t.mock.clock.advance(60_000); // Variant A's first retry
    expect(t.mock.webhookAttempts().map((a) => a.succeeded)).toEqual([false, true]);
  });
});

describe('the grace a receiver that never answers gets', () => {
  let mock: MockServer | undefined;
  afterEach(() => {
    mock?.dispose();
    vi.useRealTimers();
  });

  /** A Variant B mock on the manual clock, a grace of 1000 ms, its deliveries to `deliveryFetch`. */
  const graceMock = (deliveryFetch: MockServerOptions['deliveryFetch']) =>
    createMockServer({
      clock: 'manual',
      variant: 'B',
      startTime: '2026-11-20T10:00:00.000Z',
      deliveryGraceMs: 1_000,
      deliveryFetch,
    });

  /**
   * Whether `work` ends with no grace passing: the grace's timers are fake, and only turns of the
   * event loop pass, each 1 ms of fake time (a timer of 0 ms set during a fake tick is due 1 ms
   * later), 50 ms in all, far from the 1000 ms grace.
   */
  async function endsAtOnce(work: Promise<unknown>): Promise<boolean> {
    let ended = false;
    void work.then(() => {
      ended = true;
    });
    for (let i = 0; i < 50 && !ended; i++) {
      await vi.advanceTimersByTimeAsync(1);
      await new Promise((resolve) => setImmediate(resolve));
    }
    return ended;
  }

  it('is waited for once in an advance: its later steps, with nothing sent since, wait for nothing', async () => {
    // Fake timers for the grace only: what the test waits on is turns of the event loop, never time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const answers: (number | 'hang')[] = [500, 500, 500, 'hang'];
    let sent = 0;
    mock = graceMock(() => {
      sent++;
      const answer = answers.shift() ?? 'hang';
      return answer === 'hang'
        ? new Promise<Response>(() => {})
        : Promise.resolve(new Response(null, { status: answer }));
    });
    const created = mock.createApiKey({ scopes: 'all' });
    const call: Call = apiClient(inProcess(mock), created.key);
    await call('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.example.com/in', events: ['contacts'] },
    });
    // Three events fail (their retries fall due at +5 s, each a step of the clock); a fourth is left
    // unanswered.
    for (const name of ['c1', 'c2', 'c3', 'c4']) {
      const count = sent;
      await call('POST', '/v1/contacts', { body: { name } });
      while (sent === count) await new Promise((resolve) => setImmediate(resolve));
    }
    // The unanswered attempt has its grace, once: the three steps to the retries, which wait behind
    // it unsent, and the end of the advance do not wait for it again.
    const advancing = mock.clock.advance(6_000);
    expect(await endsAtOnce(advancing)).toBe(false);
    await vi.advanceTimersByTimeAsync(950);
    expect(await endsAtOnce(advancing)).toBe(true);
    expect(sent).toBe(4);
    // A settle (or another advance) of its own gives it the grace again: a receiver held up by the
    // test itself may answer meanwhile.
    const settling = mock.settle();
    expect(await endsAtOnce(settling)).toBe(false);
    await vi.advanceTimersByTimeAsync(950);
    expect(await endsAtOnce(settling)).toBe(true);
  });

  it('is waited for once in an advance over the control API too (POST /__mock/clock/advance)', async () => {
    // The route settled again after the advance, with a grace of its own: each advance past a
    // receiver that never answers cost two graces over HTTP (2 s; 20 s with a grace of 10 s), one
    // in-process.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let sent = 0;
    mock = graceMock(() => {
      sent++;
      return new Promise<Response>(() => {});
    });
    const created = mock.createApiKey({ scopes: 'all' });
    const call: Call = apiClient(inProcess(mock), created.key);
    await call('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.example.com/in', events: ['contacts'] },
    });
    await call('POST', '/v1/contacts', { body: { name: 'c1' } });
    while (sent === 0) await new Promise((resolve) => setImmediate(resolve));
    const advancing = (mock as MockServer).fetch(`${mock.baseUrl}/__mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 1_000 }),
    });
    expect(await endsAtOnce(advancing)).toBe(false);
    await vi.advanceTimersByTimeAsync(950);
    expect(await endsAtOnce(advancing)).toBe(true);
    expect((await advancing).status).toBe(200);
  });

  it('is given again, in the same advance, to an attempt sent at a later step', async () => {
    // The README: "its later steps give a grace again only to an attempt sent since". One webhook's
    // receiver never answers; another's fails once, and its retry, sent at the +5 s step behind
    // nothing, never answers either: it is owed a grace of its own.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const sentTo: string[] = [];
    let flaky = 0;
    mock = graceMock((input) => {
      const url = String(input instanceof Request ? input.url : input);
      sentTo.push(url);
      if (url.endsWith('/flaky') && flaky++ === 0) {
        return Promise.resolve(new Response(null, { status: 500 }));
      }
      return new Promise<Response>(() => {});
    });
    const created = mock.createApiKey({ scopes: 'all' });
    const call: Call = apiClient(inProcess(mock), created.key);
    for (const path of ['hang', 'flaky']) {
      await call('POST', '/v1/webhooks', {
        body: { url: `https://hooks.example.com/${path}`, events: ['contacts'] },
      });
    }
    await call('POST', '/v1/contacts', { body: { name: 'c1' } });
    while (sentTo.length < 2) await new Promise((resolve) => setImmediate(resolve));
    const advancing = mock.clock.advance(6_000);
    expect(await endsAtOnce(advancing)).toBe(false);
    // The first grace runs out; the +5 s step sends the retry, whose grace has not.
    await vi.advanceTimersByTimeAsync(950);
    // Turns of the event loop only (its signing is real work), no fake time: its grace is whole.
    while (flaky < 2) await new Promise((resolve) => setImmediate(resolve));
    expect(await endsAtOnce(advancing)).toBe(false);
    await vi.advanceTimersByTimeAsync(950);
    expect(await endsAtOnce(advancing)).toBe(true);
  });
});

/**
 * A manual clock of one's own, written to the letter of `Clock.onBeforeStep`: it settles before each
 * step (each timer it runs), and not after its last.
 */
function ownClock(start: number): Clock {
  let now = start;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => unknown }>();
  const settlers = new Set<(advance?: object) => Promise<void>>();
  return {
    mode: 'manual',
    now: () => now,
    schedule(ms, run) {
      timers.set(next, { at: now + Math.max(0, ms || 0), run });
      return next++;
    },
    clear: (id) => void timers.delete(id),
    async advance(ms) {
      const target = now + Math.ceil(ms);
      for (;;) {
        const due = [...timers]
          .filter(([, t]) => t.at <= target)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        for (const settle of settlers) await settle();
        timers.delete(due[0]);
        now = Math.max(now, due[1].at);
        await due[1].run();
      }
      now = Math.max(now, target);
      return now;
    },
    pending: () => timers.size,
    onBeforeStep(fn) {
      settlers.add(fn);
      return () => settlers.delete(fn);
    },
    dispose: () => timers.clear(),
  };
}

describe('POST /__mock/clock/advance with a clock of your own', () => {
  let mock: MockServer | undefined;
  afterEach(() => mock?.dispose());

  it('answers once the attempts its last step started are recorded, as before', async () => {
    // The route's settle after the advance went with the built-in clock's second grace; a clock that
    // settles only before each step then answered before the retry due at its last step was sent.
    const answers = [500, 204];
    mock = createMockServer({
      clock: ownClock(Date.parse('2026-11-20T10:00:00.000Z')),
      variant: 'B',
      deliveryGraceMs: 60_000,
      deliveryFetch: async () => new Response(null, { status: answers.shift() ?? 204 }),
    });
    const created = mock.createApiKey({ scopes: 'all' });
    const call: Call = apiClient(inProcess(mock), created.key);
    await call('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.example.com/in', events: ['contacts'] },
    });
    await call('POST', '/v1/contacts', { body: { name: 'c1' } });
    await mock.settle();
    const advanced = await mock.fetch(`${mock.baseUrl}/__mock/clock/advance`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ms: 5_000 }),
    });
    expect(advanced.status).toBe(200);
    expect(mock.webhookAttempts().map((a) => a.http_status)).toEqual([500, 204]);
  });
});

describe('POST /__mock/settle', () => {
  let mock: MockServer | undefined;
  afterEach(() => mock?.dispose());

  it('answers 204 once the attempts in flight are answered, on a real clock too (a suite in another language need not poll)', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const answered: string[] = [];
    mock = createMockServer({
      deliveryGraceMs: 60_000,
      deliveryFetch: async (_input, init) => {
        await gate;
        answered.push(JSON.parse(String(init?.body)).event);
        return new Response(null, { status: 204 });
      },
    });
    const created = mock.createApiKey({ scopes: 'all' });
    const call: Call = apiClient(inProcess(mock), created.key);
    await call('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.example.com/in', events: ['contacts'] },
    });
    await call('POST', '/v1/contacts', { body: { name: 'Ada' } });
    let settled = false;
    const settle = mock.fetch(`${mock.baseUrl}/__mock/settle`, { method: 'POST' }).then((res) => {
      settled = true;
      return res;
    });
    // However many turns pass, it waits for the receiver.
    for (let i = 0; i < 20; i++) await new Promise((resolve) => setImmediate(resolve));
    expect(settled).toBe(false);
    release();
    const res = await settle;
    expect(res.status).toBe(204);
    expect(answered).toEqual(['contact.created']);
    expect(mock.webhookAttempts().map((a) => a.succeeded)).toEqual([true]);
  });

  it('takes no fields: one is refused naming it', async () => {
    mock = createMockServer();
    const res = await mock.fetch(`${mock.baseUrl}/__mock/settle`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"ms": 5}',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).error.details[0]).toMatchObject({ field: 'ms', rule: 'unknown' });
  });
});
