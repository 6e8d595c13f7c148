import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';

// A body that cannot be read to its end is the caller's problem, as over HTTP (400 `body: the
// connection closed before it ended`): 400 naming `body`, never a 500 reported to onError.

const utf8 = new TextEncoder();

/** A JSON body stream that sends a first chunk, then fails with `boom`. */
function failingStream(): ReadableStream<Uint8Array> {
  return new ReadableStream({
    start(controller) {
      controller.enqueue(utf8.encode('{"name":'));
    },
    pull(controller) {
      controller.error(new Error('boom'));
    },
  });
}

function setUp(): { mock: MockServer; key: string; onError: ReturnType<typeof vi.fn> } {
  const onError = vi.fn();
  const mock = createMockServer({ clock: 'manual', onError });
  const { key } = mock.createApiKey({ scopes: 'all' });
  return { mock, key, onError };
}

/** The 400 for a Request whose body was read before the mock got it. */
const ALREADY_READ =
  'body: already read (bodyUsed): whatever reads it before the mock must read a clone (request.clone())';

async function expectBodyError(res: Response, message: string): Promise<void> {
  expect(res.status).toBe(400);
  const { error } = await res.json();
  expect(error).toMatchObject({ code: 'VALIDATION_ERROR', message });
  expect(error.details).toEqual([{ field: 'body', rule: 'read', message }]);
}

describe('a request body that cannot be read', () => {
  let mock: MockServer | undefined;
  afterEach(() => {
    mock?.dispose();
    mock = undefined;
  });

  it('is 400 when the Request was already read (bodyUsed), in-process', async () => {
    const s = setUp();
    mock = s.mock;
    const request = new Request(`${mock.baseUrl}/v1/agents`, {
      method: 'POST',
      headers: { 'x-api-key': s.key, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Ada' }),
    });
    await request.text();
    await expectBodyError(await mock.handle(request), ALREADY_READ);
    // A control route reads its body the same way.
    const control = new Request(`${mock.baseUrl}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v1/agents', status: 500 }),
    });
    await control.arrayBuffer();
    await expectBodyError(await mock.fetch(control), ALREADY_READ);
    expect(mock.faults.list()).toEqual([]);
    expect(s.onError).not.toHaveBeenCalled();
    expect(mock.exportState().tables.agents).toEqual([]);
  });

  it('is 400 naming the error when the body stream fails, in-process', async () => {
    const s = setUp();
    mock = s.mock;
    const res = await mock.fetch('/v1/agents', {
      method: 'POST',
      headers: { 'x-api-key': s.key, 'content-type': 'application/json' },
      body: failingStream(),
      duplex: 'half',
    } as RequestInit);
    await expectBodyError(res, 'body: the stream failed before it ended: boom');
    expect(s.onError).not.toHaveBeenCalled();
    expect(mock.requests().map((entry) => entry.status)).toEqual([400]);
  });

  it('is 400 naming the error when the body stream fails, through MSW', async () => {
    const s = setUp();
    mock = s.mock;
    const server = setupServer(...mswHandlers(mock));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const res = await fetch(`${mock.baseUrl}/__mock/state`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: failingStream(),
        duplex: 'half',
      } as RequestInit);
      await expectBodyError(res, 'body: the stream failed before it ended: boom');
      expect(s.onError).not.toHaveBeenCalled();
    } finally {
      server.close();
    }
  });
});
