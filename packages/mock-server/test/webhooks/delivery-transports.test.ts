import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { type Receiver, signatureValid, startReceiver } from '../support/receiver.js';

describe('deliveries when the API is served in-process or over HTTP', () => {
  let receiver: Receiver;
  afterEach(async () => {
    await receiver?.close();
  });

  it('goes out over real fetch while the API is served by MSW handlers', async () => {
    receiver = await startReceiver();
    const mock = createMockServer({ clock: 'manual', variant: 'B' });
    const server = setupServer(...mock.handlers);
    // The receiver's URL is not the mock's: let MSW pass it through to the network.
    server.listen({ onUnhandledRequest: 'bypass' });
    try {
      const key = mock.createApiKey({ scopes: 'all' });
      const headers = { 'x-api-key': key.key, 'content-type': 'application/json' };
      const created = await fetch(`${mock.baseUrl}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: receiver.url, events: ['contacts'] }),
      });
      const { secret } = ((await created.json()) as { data: { secret: string } }).data;
      await fetch(`${mock.baseUrl}/v1/contacts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Ada' }),
      });
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
      const key = mock.createApiKey({ scopes: 'all' });
      const headers = { 'x-api-key': key.key, 'content-type': 'application/json' };
      await fetch(`${running.url}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: receiver.url, events: ['*'] }),
      });
      await fetch(`${running.url}/v1/contacts`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Ada' }),
      });
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
      const key = mock.createApiKey({ scopes: 'all' });
      const headers = { 'x-api-key': key.key, 'content-type': 'application/json' };
      await mock.fetch('/v1/webhooks', {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: 'https://receiver.test/hook', events: ['*'] }),
      });
      await mock.fetch('/v1/contacts', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Ada' }),
      });
      await mock.settle();
      expect(seen.map((r) => r.url)).toEqual(['https://receiver.test/hook']);
      expect(mock.webhookAttempts()[0]).toMatchObject({ http_status: 204, succeeded: true });
    } finally {
      mock.dispose();
    }
  });
});
