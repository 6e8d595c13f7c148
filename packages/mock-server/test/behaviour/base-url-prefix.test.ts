import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';

// A baseUrl with a path (a gateway's prefix): the API and the control API answer under it, in-process
// and through MSW; a URL outside it is a 404 that names the baseUrl, not a silent match of `/v1/...`.
const BASE = 'https://api.example.test/platform';

describe('a baseUrl with a path prefix', () => {
  let mock: MockServer;
  afterEach(() => mock?.dispose());

  const json = async (response: Response) => ({
    status: response.status,
    requestId: response.headers.get('x-request-id'),
    // biome-ignore lint/suspicious/noExplicitAny: tests assert on the JSON's shape.
    body: (await response.json()) as any,
  });

  it('answers the API and the control API under it through mock.fetch, relative or absolute', async () => {
    mock = createMockServer({ baseUrl: BASE });
    expect(mock.baseUrl).toBe(BASE);
    const { key } = mock.createApiKey({ scopes: 'all' });
    const headers = { 'x-api-key': key };
    // Relative without a leading slash: resolved against `${baseUrl}/`, so under the prefix.
    expect((await mock.fetch('v1/agents', { headers })).status).toBe(200);
    expect((await mock.fetch(`${BASE}/v1/agents`, { headers })).status).toBe(200);
    const created = await mock.fetch(`${BASE}/v1/agents`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Prefixed' }),
    });
    expect(created.status).toBe(201);
    // The journal and faults see the API's own paths, without the prefix.
    expect(mock.requests().map((r) => r.path)).toEqual(['/v1/agents', '/v1/agents', '/v1/agents']);
    const fault = await mock.fetch(`${BASE}/__mock/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/v1/agents', status: 503 }),
    });
    expect(fault.status).toBe(201);
    expect((await mock.fetch('v1/agents', { headers })).status).toBe(503);
    expect((await mock.fetch('__mock/state')).status).toBe(200);
  });

  it('answers 404 naming the baseUrl for a path outside the prefix, with a request id', async () => {
    mock = createMockServer({ baseUrl: BASE });
    const { key } = mock.createApiKey({ scopes: 'all' });
    const message = (path: string) =>
      `no such path: GET ${path} is not under the mock's baseUrl ${BASE} (the API is at ${BASE}/v1/...)`;
    // A leading slash resolves to the origin's root: the prefix is gone.
    for (const [url, path] of [
      ['/v1/agents', '/v1/agents'],
      ['https://api.example.test/v1/agents', '/v1/agents'],
      ['https://api.example.test/platformx/v1/agents', '/platformx/v1/agents'],
      ['/__mock/state', '/__mock/state'],
    ] as const) {
      const res = await json(await mock.fetch(url, { headers: { 'x-api-key': key } }));
      expect(res).toEqual({
        status: 404,
        requestId: expect.any(String),
        body: { error: expect.objectContaining({ code: 'NOT_FOUND', message: message(path) }) },
      });
    }
  });

  it('is read without its trailing slash', async () => {
    mock = createMockServer({ baseUrl: `${BASE}/` });
    expect(mock.baseUrl).toBe(BASE);
    expect((await mock.fetch('v1/health')).status).toBe(200);
    expect((await mock.fetch(`${BASE}/v1/health`)).status).toBe(200);
  });

  it('is read as a request path is: an escaped letter, digit or - . _ ~ in it is that character', async () => {
    // A user directory's `~`, escaped by the tool that wrote the URL: requests to the baseUrl, as
    // given or as a client writes it, arrive with it decoded, as every path the mock reads.
    for (const baseUrl of [
      'https://api.example.test/%7Eada',
      'https://api.example.test/%70latform',
    ]) {
      mock = createMockServer({ baseUrl });
      const plain = baseUrl.replace('%7E', '~').replace('%70', 'p');
      expect([baseUrl, (await mock.fetch(`${baseUrl}/v1/health`)).status]).toEqual([baseUrl, 200]);
      expect([plain, (await mock.fetch(`${plain}/v1/health`)).status]).toEqual([plain, 200]);
      expect((await mock.fetch('v1/health')).status).toBe(200);
      const server = setupServer(...mswHandlers(mock));
      server.listen({ onUnhandledRequest: 'error' });
      try {
        expect((await fetch(`${baseUrl}/v1/health`)).status).toBe(200);
      } finally {
        server.close();
        mock.dispose();
      }
    }
  });

  it('refuses a baseUrl that is not an absolute http(s) URL, or has a query or fragment', () => {
    for (const baseUrl of [
      'api.example.test/platform',
      'ftp://api.example.test',
      `${BASE}?t=1`,
      `${BASE}#x`,
    ]) {
      expect(() => createMockServer({ baseUrl })).toThrow(
        `baseUrl: must be an absolute http(s) URL without query or #, e.g. https://api.example.test/platform, not ${JSON.stringify(baseUrl)}`,
      );
    }
  });

  it('answers under the prefix through MSW', async () => {
    mock = createMockServer({ baseUrl: BASE });
    const { key } = mock.createApiKey({ scopes: 'all' });
    const server = setupServer(...mswHandlers(mock));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const agents = await json(
        await fetch(`${BASE}/v1/agents`, { headers: { 'x-api-key': key } }),
      );
      expect(agents).toMatchObject({ status: 200, body: { data: [] } });
      const health = await fetch(`${BASE}/__mock/health`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ status: 'maintenance' }),
      });
      expect(health.status).toBe(200);
      expect((await fetch(`${BASE}/v1/agents`, { headers: { 'x-api-key': key } })).status).toBe(
        503,
      );
    } finally {
      server.close();
    }
  });
});
