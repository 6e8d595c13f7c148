// An attempt is signed (WebCrypto, asynchronous) before it is sent. What happens to its webhook or
// to the state while it is being signed happens before it goes out: a reset, an import, a deletion
// or a deactivation in that window used to be followed by the delivery all the same.
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { holdSigning } from '../support/hold-signing.js';

describe('a change while an attempt is being signed', () => {
  const restore: (() => void)[] = [];
  afterEach(() => {
    for (const undo of restore.splice(0)) undo();
  });

  const changes: [string, (mock: MockServer, key: string, hookId: string) => Promise<unknown>][] = [
    ['a reset', async (mock) => mock.reset()],
    [
      'an import',
      async (mock) => mock.importState(createMockServer({ clock: 'manual' }).exportState()),
    ],
    [
      'the deletion of its webhook',
      (mock, key, id) =>
        mock.fetch(`/v1/webhooks/${id}`, { method: 'DELETE', headers: { 'x-api-key': key } }),
    ],
    [
      'the deactivation of its webhook',
      (mock, key, id) =>
        mock.fetch(`/v1/webhooks/${id}`, {
          method: 'PUT',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify({ active: false }),
        }),
    ],
  ];

  for (const [name, change] of changes) {
    it(`sends nothing after ${name}`, async () => {
      const { release, spy } = holdSigning();
      const sent: string[] = [];
      const mock = createMockServer({
        clock: 'manual',
        deliveryFetch: async (url) => {
          sent.push(String(url));
          return new Response(null, { status: 204 });
        },
      });
      restore.push(() => {
        release();
        spy.mockRestore();
        mock.dispose();
      });
      const { key } = mock.createApiKey({ scopes: 'all' });
      const headers = { 'x-api-key': key, 'content-type': 'application/json' };
      const hook = await mock.fetch('/v1/webhooks', {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: 'https://receiver.test/hook', events: ['contacts'] }),
      });
      const { id } = ((await hook.json()) as { data: { id: string } }).data;
      await mock.fetch('/v1/contacts', {
        method: 'POST',
        headers,
        body: JSON.stringify({ name: 'Ada' }),
      });
      // The contact.created attempt is being signed now.
      expect(spy).toHaveBeenCalledTimes(1);
      await change(mock, key, id);
      release();
      await mock.settle();
      expect(sent).toEqual([]);
      for (const row of mock.exportState().tables.deliveries) {
        expect(row).toMatchObject({ status: 'failed', attempts: [] });
      }
    });
  }
});
