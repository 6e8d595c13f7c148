import createClient from 'openapi-fetch';
import { bench, describe } from 'vitest';
import type { paths } from '../src/index.js';
import { createMockServer } from '../test/support/mock-server.js';
import { BASE, canned, ID } from './canned.mjs';

// The built package, as users run it: vitest's transform of the sources would slow the SDK's
// cross-module calls and not openapi-fetch's (it loads from node_modules untransformed).
const dist: string = '../dist/index.js';
const { AgentPlatform } = (await import(dist)) as typeof import('../src/index.js');

/** Long runs: the figures are compared, so noise matters more than run time. */
const options = { time: 3000, warmupTime: 1000 };

/** The two clients on one call: bare openapi-fetch first (the baseline), then the SDK. */
function compare(title: string, bareCall: () => Promise<void>, sdkCall: () => Promise<void>) {
  describe(title, () => {
    bench('bare openapi-fetch', bareCall, options);
    bench('AgentPlatform SDK', sdkCall, options);
  });
}

const sdk = new AgentPlatform({ apiKey: 'k', baseUrl: BASE, fetch: canned });
const bare = createClient<paths>({ baseUrl: BASE, headers: { 'x-api-key': 'k' }, fetch: canned });

compare(
  'GET /v1/agents/{id} on a canned in-process fetch',
  async () => {
    const { data } = await bare.GET('/v1/agents/{id}', { params: { path: { id: ID } } });
    if (!data) throw new Error('no data');
  },
  async () => {
    await sdk.agents.retrieve(ID);
  },
);

compare(
  'POST /v1/agents on a canned in-process fetch',
  async () => {
    const { data } = await bare.POST('/v1/agents', { body: { name: 'Support' } });
    if (!data) throw new Error('no data');
  },
  async () => {
    await sdk.agents.create({ name: 'Support' });
  },
);

const mock = createMockServer({ clock: 'manual', rateLimit: false });
const { key } = mock.createApiKey({ scopes: 'all' });
const mockSdk = new AgentPlatform({ apiKey: key, baseUrl: mock.baseUrl, fetch: mock.fetch });
const mockBare = createClient<paths>({
  baseUrl: mock.baseUrl,
  headers: { 'x-api-key': key },
  fetch: mock.fetch,
});
const agent = await mockSdk.agents.create({ name: 'Support' });

/** The bare client's GET of the mock's agent: the baseline of both mock comparisons. */
const mockBareGet = async () => {
  const { data } = await mockBare.GET('/v1/agents/{id}', { params: { path: { id: agent.id } } });
  if (!data) throw new Error('no data');
};

compare('GET /v1/agents/{id} on the mock server in-process', mockBareGet, async () => {
  await mockSdk.agents.retrieve(agent.id);
});

// The same, with the signal the SDK passes in `init` dropped: mock.fetch copies a Request when it
// gets an `init` (`new Request(input, init)`), which the bare client never passes. This isolates
// the SDK's own cost from that copy.
const mockFetchNoInit = (input: Request) => mock.fetch(input);
const mockSdkNoInit = new AgentPlatform({
  apiKey: key,
  baseUrl: mock.baseUrl,
  fetch: mockFetchNoInit,
});

compare(
  'GET /v1/agents/{id} on the mock server in-process, init dropped',
  mockBareGet,
  async () => {
    await mockSdkNoInit.agents.retrieve(agent.id);
  },
);
