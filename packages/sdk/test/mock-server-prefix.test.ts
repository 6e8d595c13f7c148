import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentPlatform } from '../src/index.js';
import { createMockServer, mswHandlers } from './support/mock-server.js';

// The SDK keeps a gateway's path prefix in its baseUrl; the mock answers under the same prefix, so
// the mock's baseUrl is a client's baseUrl, through mock.fetch and through MSW.
const mock = createMockServer({ baseUrl: 'https://api.example.test/platform', clock: 'manual' });
const msw = setupServer(...mswHandlers(mock));

describe.each([
  ['mock.fetch', { fetch: mock.fetch }, false],
  ['MSW setupServer(...mswHandlers(mock))', {}, true],
])('a mock whose baseUrl has a path prefix, through %s', (_name, transport, withMsw) => {
  beforeAll(() => {
    if (withMsw) msw.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => msw.close());

  it('is reached by a client given the same baseUrl', async () => {
    mock.reset();
    const { key } = mock.createApiKey({ scopes: 'all', name: 'prefixed' });
    const sdk = new AgentPlatform({ apiKey: key, baseUrl: mock.baseUrl, ...transport });
    expect((await sdk.me()).key_name).toBe('prefixed');
    const agent = await sdk.agents.create({ name: 'Behind a gateway' });
    expect((await sdk.agents.retrieve(agent.id)).name).toBe('Behind a gateway');
    expect(mock.requests().map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'GET /v1/me 200',
      'POST /v1/agents 201',
      `GET /v1/agents/${agent.id} 200`,
    ]);
  });
});
