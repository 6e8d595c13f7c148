import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

// Firefox's Request has no `body` (not on its prototype, as of Firefox 153): a page's mock, behind
// `mock.fetch` or MSW's worker, reads the body all the same, as bytes.

/** A Request as Firefox builds it: the body is there, but no stream of it is exposed. */
function firefoxRequest(url: string, init: RequestInit): Request {
  return Object.defineProperty(new Request(url, init), 'body', { value: undefined });
}

describe('a request body in Firefox, whose Request has no body stream', () => {
  let mock: MockServer | undefined;
  afterEach(() => {
    mock?.dispose();
    mock = undefined;
  });

  /** A POST /v1/agents of `body` with a key of the mock's. */
  function post(body: string): Request {
    mock = createMockServer({ clock: 'manual' });
    const { key } = mock.createApiKey({ scopes: 'all' });
    return firefoxRequest(`${mock.baseUrl}/v1/agents`, {
      method: 'POST',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body,
    });
  }

  it('is read: a JSON POST creates', async () => {
    const res = await send(post(JSON.stringify({ name: 'Ada' })));
    expect(res.status).toBe(201);
    expect((await res.json()).data.name).toBe('Ada');
  });

  it('is 413 past 1 MiB, as a stream is', async () => {
    const res = await send(post(JSON.stringify({ name: 'x'.repeat(1024 * 1024) })));
    expect(res.status).toBe(413);
  });

  it('is 400 when it was already read (bodyUsed)', async () => {
    const request = post(JSON.stringify({ name: 'Ada' }));
    await request.text();
    const res = await send(request);
    expect(res.status).toBe(400);
    expect((await res.json()).error.message).toMatch(/^body: already read \(bodyUsed\)/);
  });

  /** `mock.fetch` of the mock the request was made for. */
  const send = (request: Request) => (mock as MockServer).fetch(request);
});
