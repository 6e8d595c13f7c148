import { afterEach, beforeEach } from 'vitest';
import { createMockServer, type MockServer, type MockServerOptions } from '../../src/index.js';
import { apiClient, type Call } from './api.js';
import { type Receiver, startReceiver } from './receiver.js';

/** A manual-clock mock (in-process fetch), a key with every scope, and a local receiver. */
export interface WebhookHarness {
  mock: MockServer;
  call: Call;
  receiver: Receiver;
  workspaceId: string;
  /** Creates a webhook to the receiver; returns its id and secret. */
  webhook(events?: string[], url?: string): Promise<{ id: string; secret: string }>;
  /** Makes an event happen (a contact is created) and lets its first attempt finish. */
  trigger(): Promise<void>;
  /** Moves the manual clock and lets attempts finish. */
  advance(ms: number): Promise<void>;
}

/** Sets up a fresh WebhookHarness per test. */
export function useWebhooks(options: MockServerOptions = {}): WebhookHarness {
  const h = {} as WebhookHarness;
  beforeEach(async () => {
    h.mock = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      deliveryGraceMs: 2000,
      ...options,
    });
    const key = h.mock.createApiKey({ scopes: 'all' });
    h.workspaceId = key.workspace_id;
    h.call = apiClient(
      { fetch: h.mock.fetch as typeof fetch, baseUrl: h.mock.baseUrl, close: async () => {} },
      key.key,
    );
    h.receiver = await startReceiver();
    h.webhook = async (events = ['*'], url = h.receiver.url) => {
      const res = await h.call('POST', '/v1/webhooks', { body: { url, events } });
      if (res.status !== 201) throw new Error(JSON.stringify(res.body));
      return { id: res.body.data.id, secret: res.body.data.secret };
    };
    h.trigger = async () => {
      await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } });
      await h.mock.settle();
    };
    h.advance = async (ms) => {
      await h.mock.clock.advance(ms);
      await h.mock.settle();
    };
  });
  afterEach(async () => {
    h.mock.dispose();
    await h.receiver.close();
  });
  return h;
}
