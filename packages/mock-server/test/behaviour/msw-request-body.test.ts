import { type HttpHandler, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';

// A handler of the user's own before the mock's (server.use) that looks at a request and falls
// through: the mock reads a clone of the body, so the request the user kept still has its own; one
// that read the body itself is told to read a clone, as the mock cannot read it after that.

const mock = createMockServer({ clock: 'manual' });
const server = setupServer(...mswHandlers(mock));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  mock.reset();
});
afterAll(() => {
  server.close();
  mock.dispose();
});

const agents = `${mock.baseUrl}/v1/agents`;

function create(key: string, name: string) {
  return fetch(agents, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
}

it('leaves the body of a request a spy kept, to read after the mock answered', async () => {
  const { key } = mock.createApiKey({ scopes: 'all' });
  const kept: Request[] = [];
  const spy: HttpHandler = http.post(agents, ({ request }) => {
    kept.push(request);
  });
  server.use(spy);
  const res = await create(key, 'Kept');
  expect(res.status).toBe(201);
  expect(kept).toHaveLength(1);
  expect(await kept[0]?.json()).toEqual({ name: 'Kept' });
});

it('reads a body a spy read from a clone, and answers as usual', async () => {
  const { key } = mock.createApiKey({ scopes: 'all' });
  const seen: unknown[] = [];
  server.use(
    http.post(agents, async ({ request }) => {
      seen.push(await request.clone().json());
    }),
  );
  const res = await create(key, 'Cloned');
  expect(res.status).toBe(201);
  expect(seen).toEqual([{ name: 'Cloned' }]);
});

it('says what to do when a spy read the body itself: read a clone', async () => {
  const { key } = mock.createApiKey({ scopes: 'all' });
  server.use(
    http.post(agents, async ({ request }) => {
      await request.json();
    }),
  );
  const res = await create(key, 'Read');
  expect(res.status).toBe(400);
  const message =
    'body: already read (bodyUsed): whatever reads it before the mock must read a clone (request.clone())';
  expect(await res.json()).toMatchObject({
    error: {
      code: 'VALIDATION_ERROR',
      message,
      details: [{ field: 'body', rule: 'read', message }],
    },
  });
});

it('answers 400, not a handler failure, when a spy left the body locked (a reader it did not use)', async () => {
  const { key } = mock.createApiKey({ scopes: 'all' });
  server.use(
    http.post(agents, ({ request }) => {
      request.body?.getReader();
    }),
  );
  const res = await create(key, 'Locked');
  expect(res.status).toBe(400);
  expect(await res.json()).toMatchObject({
    error: { code: 'VALIDATION_ERROR', details: [{ field: 'body', rule: 'read' }] },
  });
});
