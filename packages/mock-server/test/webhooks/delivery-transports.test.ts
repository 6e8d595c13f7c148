import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';
import { holdSigning } from '../support/hold-signing.js';
import { type Receiver, signatureValid, startReceiver } from '../support/receiver.js';

describe('deliveries when the API is served in-process or over HTTP', () => {
  let receiver: Receiver;
  afterEach(async () => {
    await receiver?.close();
  });

  it('goes out over real fetch while the API is served by MSW handlers', async () => {
    receiver = await startReceiver();
    const mock = createMockServer({ clock: 'manual', variant: 'B' });
    const server = setupServer(...mswHandlers(mock));
    // The receiver's URL is not the mock's: let MSW pass it through to the network.
    server.listen({ onUnhandledRequest: 'bypass' });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const { secret } = await webhookThenContact(fetch, mock.baseUrl, key, receiver.url, [
        'contacts',
      ]);
      await mock.settle();
      expect(receiver.received).toHaveLength(1);
      expect(signatureValid('B', secret, receiver.received[0] as never)).toBe(true);
    } finally {
      server.close();
      mock.dispose();
    }
  });

  it('goes out from the HTTP server too', async () => {
    receiver = await startReceiver();
    const mock = createMockServer({ clock: 'manual', variant: 'A' });
    const running = await mock.listen();
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      await webhookThenContact(fetch, running.url, key, receiver.url, ['*']);
      await mock.settle();
      expect(receiver.received.map((r) => r.json.event)).toEqual(['contact.created']);
    } finally {
      await running.close();
      mock.dispose();
    }
  });

  it('can deliver through an injected fetch (an MSW handler or any function)', async () => {
    const seen: Request[] = [];
    const mock = createMockServer({
      clock: 'manual',
      deliveryFetch: async (input, init) => {
        seen.push(new Request(input, init));
        return new Response(null, { status: 204 });
      },
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      await webhookThenContact(mock.fetch, mock.baseUrl, key, 'https://receiver.test/hook', ['*']);
      await mock.settle();
      expect(seen.map((r) => r.url)).toEqual(['https://receiver.test/hook']);
      expect(mock.webhookAttempts()[0]).toMatchObject({ http_status: 204, succeeded: true });
    } finally {
      mock.dispose();
    }
  });

  // A stub that resolved to { status: 'x' } recorded http_status "x", and then the state it exported
  // did not import again; one that resolved to nothing failed reading `body` of undefined.
  it.each([
    ['nothing', undefined, 'undefined'],
    ['an object whose status is no number', { status: 'x' }, '{"status":"x"}'],
  ])(
    'records an injected fetch that resolves to %s as a network error naming it',
    async (_, answer, shown) => {
      const mock = createMockServer({
        clock: 'manual',
        deliveryFetch: async () => answer as never,
      });
      try {
        const { key } = mock.createApiKey({ scopes: 'all' });
        await webhookThenContact(mock.fetch, mock.baseUrl, key, 'https://receiver.test/hook', [
          '*',
        ]);
        await mock.settle();
        expect(mock.webhookAttempts()[0]).toMatchObject({
          http_status: null,
          succeeded: false,
          error: `network error: deliveryFetch must resolve to a Response, not ${shown}`,
        });
        expect(() => mock.importState(mock.exportState())).not.toThrow();
      } finally {
        mock.dispose();
      }
    },
  );

  it('times out an injected fetch that ignores the abort signal, and then ignores its answer', async () => {
    // One that never settles, one that answers 200 once the clock has passed its 10 s, then 204s.
    let answerLate = (_: Response) => {};
    const answers = [
      () => new Promise<Response>(() => {}),
      () => new Promise<Response>((resolve) => (answerLate = resolve)),
    ];
    const sent: number[] = [];
    const mock = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      deliveryGraceMs: 50,
      deliveryFetch: () => {
        sent.push(mock.clock.now());
        return answers.shift()?.() ?? Promise.resolve(new Response(null, { status: 204 }));
      },
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      await webhookThenContact(mock.fetch, mock.baseUrl, key, 'https://receiver.test/hook', [
        'contact.created',
      ]);
      await mock.clock.advance(10_000 + 60_000 + 10_000);
      answerLate(new Response('late', { status: 200 }));
      await mock.settle();
      await mock.clock.advance(300_000);
      await mock.settle();
      expect(mock.webhookAttempts().map((a) => [a.attempted_at, a.error, a.succeeded])).toEqual([
        ['2026-11-20T10:00:00.000Z', 'timeout', false],
        ['2026-11-20T10:01:10.000Z', 'timeout', false],
        ['2026-11-20T10:06:20.000Z', null, true],
      ]);
      expect(sent.map((ms) => new Date(ms).toISOString().slice(11, 19))).toEqual([
        '10:00:00',
        '10:01:10',
        '10:06:20',
      ]);
    } finally {
      mock.dispose();
    }
  });

  it("sends an attempt at its time however long it takes to sign: the grace is the receiver's", async () => {
    // Signing held back (a loaded machine): the grace (0 ms here) runs out before the attempt is
    // sent. The clock must not move on without it, or it would go out a minute late.
    const { release, spy } = holdSigning();
    const sent: number[] = [];
    const mock = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      deliveryGraceMs: 0,
      deliveryFetch: async () => {
        sent.push(mock.clock.now());
        return new Response(null, { status: 204 });
      },
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      await webhookThenContact(mock.fetch, mock.baseUrl, key, 'https://receiver.test/hook', [
        'contact.created',
      ]);
      const advanced = mock.clock.advance(60_000);
      // Let the 0 ms grace run out first.
      await new Promise((resolve) => setTimeout(resolve, 20));
      release();
      await advanced;
      expect(sent.map((ms) => new Date(ms).toISOString())).toEqual(['2026-11-20T10:00:00.000Z']);
      expect(mock.webhookAttempts()[0]).toMatchObject({
        attempted_at: '2026-11-20T10:00:00.000Z',
        succeeded: true,
      });
    } finally {
      release();
      spy.mockRestore();
      mock.dispose();
    }
  });

  it('gives the receiver the whole grace from when its attempt is sent, however much of it signing took', async () => {
    // Only the grace's timer is fake: signing (WebCrypto) and the receiver run on real promises.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { release, spy } = holdSigning();
    let answer = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    let sent = 0;
    const mock = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      deliveryGraceMs: 1000,
      deliveryFetch: async () => {
        sent++;
        await answered;
        return new Response(null, { status: 204 });
      },
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      await webhookThenContact(mock.fetch, mock.baseUrl, key, 'https://receiver.test/hook', [
        'contact.created',
      ]);
      let done = false;
      const advanced = mock.clock.advance(60_000).then(() => {
        done = true;
      });
      // Signing takes 900 ms of the grace; the receiver then takes 500 ms, within a grace of its own.
      await vi.advanceTimersByTimeAsync(900);
      release();
      while (sent === 0) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(500);
      expect(done).toBe(false);
      answer();
      await advanced;
      expect(mock.webhookAttempts()[0]).toMatchObject({
        attempted_at: '2026-11-20T10:00:00.000Z',
        succeeded: true,
      });
    } finally {
      release();
      answer();
      spy.mockRestore();
      vi.useRealTimers();
      mock.dispose();
    }
  });

  it('ends a test delivery to a receiver that never answers after 10 s of real time on a manual clock nobody moves', async () => {
    // The README (11e70ad): the call waits 10 s of the mock's clock or of real time, whichever first;
    // only the real-time timer is fake here, so the time is the test's, not the machine's.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let sent = 0;
    const mock = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      deliveryFetch: () => {
        sent++;
        return new Promise<Response>(() => {});
      },
    });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const headers = { 'x-api-key': key, 'content-type': 'application/json' };
      const created = await mock.fetch(`${mock.baseUrl}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: 'https://receiver.test/hook', events: ['*'] }),
      });
      const { id } = ((await created.json()) as { data: { id: string } }).data;
      let answered: Response | undefined;
      const testing = mock
        .fetch(`${mock.baseUrl}/v1/webhooks/${id}/test`, { method: 'POST', headers })
        .then((res) => {
          answered = res;
        });
      while (sent === 0) await new Promise((resolve) => setImmediate(resolve));
      await vi.advanceTimersByTimeAsync(9_999);
      expect(answered).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await testing;
      expect(((await (answered as Response).json()) as { data: unknown }).data).toMatchObject({
        succeeded: false,
        http_status: null,
        error: 'timeout',
      });
    } finally {
      vi.useRealTimers();
      mock.dispose();
    }
  });

  /** Creates a webhook for `url` on a manual-clock mock and sends its test delivery. */
  async function testDelivery(url: string) {
    const mock = createMockServer({ clock: 'manual', variant: 'A' });
    const key = mock.createApiKey({ scopes: 'all' });
    const headers = { 'x-api-key': key.key, 'content-type': 'application/json' };
    const created = await mock.fetch(`${mock.baseUrl}/v1/webhooks`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ url, events: ['*'] }),
    });
    const webhook = ((await created.json()) as { data: { id: string; secret: string } }).data;
    const tested = await mock.fetch(`${mock.baseUrl}/v1/webhooks/${webhook.id}/test`, {
      method: 'POST',
      headers,
    });
    mock.dispose();
    return { webhook, result: ((await tested.json()) as { data: Record<string, unknown> }).data };
  }

  it('sends the credentials of a webhook URL as basic auth, not in the URL', async () => {
    receiver = await startReceiver();
    const url = new URL(receiver.url);
    url.search = '?x=1';
    url.username = 'ada';
    url.password = 'sésame:1';
    const { webhook, result } = await testDelivery(url.href);
    expect(result).toMatchObject({ succeeded: true });
    const [delivery] = receiver.received;
    const basic = Buffer.from('ada:sésame:1', 'utf8').toString('base64');
    expect(delivery?.headers.authorization).toBe(`Basic ${basic}`);
    expect(delivery?.path).toBe(`${new URL(receiver.url).pathname}?x=1`);
    expect(signatureValid('A', webhook.secret, delivery as never)).toBe(true);
  });

  it.each([
    ['%FF', '\xff'],
    ['100%25', '100%'],
  ])(
    'sends a password %s, percent-encoded but not UTF-8 or not ASCII, as its bytes',
    async (raw, bytes) => {
      receiver = await startReceiver();
      const url = `${receiver.url.replace('http://', `http://ada:${raw}@`)}`;
      const { result } = await testDelivery(url);
      expect(result).toMatchObject({ succeeded: true });
      const basic = Buffer.from(`ada:${bytes}`, 'latin1').toString('base64');
      expect(receiver.received[0]?.headers.authorization).toBe(`Basic ${basic}`);
    },
  );

  it.each([
    'http://ada:100%@127.0.0.1:9/hook',
    'http://ada:p%ZZss@127.0.0.1:9/hook',
    'http://127.0.0.1:9/a b',
    'http://127.0.0.1:9/{id}',
    'http://127.0.0.1:9/caf\u00e9',
  ])('refuses %s, which is no URI until percent-encoded', async (url) => {
    const mock = createMockServer({ clock: 'manual', variant: 'A' });
    const key = mock.createApiKey({ scopes: 'all' });
    const created = await mock.fetch(`${mock.baseUrl}/v1/webhooks`, {
      method: 'POST',
      headers: { 'x-api-key': key.key, 'content-type': 'application/json' },
      body: JSON.stringify({ url, events: ['*'] }),
    });
    mock.dispose();
    expect(created.status).toBe(400);
    const { error } = (await created.json()) as { error: { details: unknown[] } };
    expect(error.details).toEqual([
      {
        field: 'url',
        rule: 'format',
        message:
          'url: must be an absolute URI, its spaces and other characters outside RFC 3986 percent-encoded',
      },
    ]);
  });

  it('says what to do when fetch refuses the receiver port', async () => {
    const { result } = await testDelivery('http://127.0.0.1:6666/ok');
    expect(result).toMatchObject({ succeeded: false });
    expect(result.error).toMatch(/^network error: bad port: .*give the receiver another port$/);
  });
});

/**
 * With `key`, through `send` at `base`: a webhook to `url` for `events`, then a contact (so one
 * contact.created); returns the webhook as created (its secret included).
 */
async function webhookThenContact(
  send: (input: string, init: RequestInit) => Promise<Response>,
  base: string,
  key: string,
  url: string,
  events: string[],
): Promise<{ id: string; secret: string }> {
  const headers = { 'x-api-key': key, 'content-type': 'application/json' };
  const body = (value: unknown) => JSON.stringify(value);
  const created = await send(`${base}/v1/webhooks`, {
    method: 'POST',
    headers,
    body: body({ url, events }),
  });
  await send(`${base}/v1/contacts`, { method: 'POST', headers, body: body({ name: 'Ada' }) });
  return ((await created.json()) as { data: { id: string; secret: string } }).data;
}
