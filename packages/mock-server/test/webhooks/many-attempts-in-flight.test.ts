// A shared mock has many attempts in flight at once, each listening on the mock's one disposal signal.
import { afterEach, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';

const warnings: Error[] = [];
const onWarning = (warning: Error) => warnings.push(warning);
afterEach(() => {
  process.off('warning', onWarning);
  warnings.length = 0;
});

it('has Node warn of no listener leak with more than 10 attempts in flight (each listener goes with its attempt)', async () => {
  process.on('warning', onWarning);
  let started = 0;
  let allStarted!: () => void;
  const inFlight = new Promise<void>((resolve) => {
    allStarted = resolve;
  });
  const webhooks = 12;
  // Receivers that never answer: every attempt stays in flight until dispose ends it.
  const mock = createMockServer({
    clock: 'manual',
    deliveryFetch: () => {
      if (++started === webhooks) allStarted();
      return new Promise<Response>(() => {});
    },
  });
  const { key } = mock.createApiKey({ scopes: 'all' });
  const call = apiClient(
    { fetch: mock.fetch as typeof fetch, baseUrl: mock.baseUrl, close: async () => {} },
    key,
  );
  for (let i = 0; i < webhooks; i++) {
    await call('POST', '/v1/webhooks', {
      body: { url: `https://receiver-${i}.test/hook`, events: ['contact.created'] },
    });
  }
  await call('POST', '/v1/contacts', { body: { name: 'Ada' } });
  await inFlight;
  // Node emits the warning on the next tick after the 11th listener.
  await new Promise((resolve) => setImmediate(resolve));
  mock.dispose();
  expect(warnings.map((w) => w.name)).toEqual([]);
});
