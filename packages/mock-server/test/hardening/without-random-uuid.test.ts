// A browser has crypto.randomUUID only in a secure context (https, localhost): a page served over
// http by another name (a container's service name, a LAN address) has crypto.getRandomValues alone.
// The mock drew every id and X-Request-Id with randomUUID, so there `createApiKey()` and every
// request threw `crypto.randomUUID is not a function`. (test/browser/ runs it in such a page.)
import { afterEach, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

afterEach(() => {
  // The own property below hid the prototype's method.
  Reflect.deleteProperty(crypto, 'randomUUID');
});

it('makes random UUID v4 ids and request ids from getRandomValues where crypto has no randomUUID', async () => {
  Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
  const mock = createMockServer();
  const { key, id: keyId } = mock.createApiKey({ scopes: 'all' });
  const ids = [keyId];
  const requestIds = [];
  for (const name of ['one', 'two']) {
    const response = await mock.fetch('v1/agents', {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(response.status).toBe(201);
    ids.push(((await response.json()) as { data: { id: string } }).data.id);
    requestIds.push(response.headers.get('x-request-id'));
  }
  for (const id of [...ids, ...requestIds]) expect(id).toMatch(uuidV4);
  expect(new Set([...ids, ...requestIds]).size).toBe(5);
  mock.dispose();
});
