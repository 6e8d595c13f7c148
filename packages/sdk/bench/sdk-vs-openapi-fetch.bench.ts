import createClient from 'openapi-fetch';
import { bench, describe } from 'vitest';
import type { paths } from '../src/index.js';
import { createMockServer } from '../test/support/mock-server.js';

// The built package, as users run it: vitest's transform of the sources would slow the SDK's
// cross-module calls and not openapi-fetch's (it loads from node_modules untransformed).
const dist: string = '../dist/index.js';
const { AgentPlatform } = (await import(dist)) as typeof import('../src/index.js');

const ID = '7d0c3b1e-0000-4000-8000-000000000001';
const BASE = 'http://127.0.0.1:4010';
const body = JSON.stringify({
  data: { id: ID, name: 'Support', status: 'active', created_at: '2026-11-20T10:00:00.000Z' },
});
const headers = {
  'content-type': 'application/json',
  'x-request-id': 'b7f1c1de-0000-4000-8000-000000000000',
  'x-ratelimit-limit': '100',
  'x-ratelimit-remaining': '99',
  'x-ratelimit-reset': '1795000000',
};
/** Long runs: the figures are compared, so noise matters more than run time. */
const options = { time: 3000, warmupTime: 1000 };

/** The same canned answer for both clients. */
const canned = async (): Promise<Response> => new Response(body, { status: 200, headers });

const sdk = new AgentPlatform({ apiKey: 'k', baseUrl: BASE, fetch: canned });
const bare = createClient<paths>({ baseUrl: BASE, headers: { 'x-api-key': 'k' }, fetch: canned });

describe('GET /v1/agents/{id} on a canned in-process fetch', () => {
  bench(
    'bare openapi-fetch',
    async () => {
      const { data } = await bare.GET('/v1/agents/{id}', { params: { path: { id: ID } } });
      if (!data) throw new Error('no data');
    },
    options,
  );
  bench(
    'AgentPlatform SDK',
    async () => {
      await sdk.agents.retrieve(ID);
    },
    options,
  );
});

describe('POST /v1/agents on a canned in-process fetch', () => {
  bench(
    'bare openapi-fetch',
    async () => {
      const { data } = await bare.POST('/v1/agents', { body: { name: 'Support' } });
      if (!data) throw new Error('no data');
    },
    options,
  );
  bench(
    'AgentPlatform SDK',
    async () => {
      await sdk.agents.create({ name: 'Support' });
    },
    options,
  );
});

const mock = createMockServer({ clock: 'manual', rateLimit: false });
const { key } = mock.createApiKey({ scopes: 'all' });
const mockSdk = new AgentPlatform({ apiKey: key, baseUrl: mock.baseUrl, fetch: mock.fetch });
const mockBare = createClient<paths>({
  baseUrl: mock.baseUrl,
  headers: { 'x-api-key': key },
  fetch: mock.fetch,
});
const agent = await mockSdk.agents.create({ name: 'Support' });

describe('GET /v1/agents/{id} on the mock server in-process', () => {
  bench(
    'bare openapi-fetch',
    async () => {
      const { data } = await mockBare.GET('/v1/agents/{id}', {
        params: { path: { id: agent.id } },
      });
      if (!data) throw new Error('no data');
    },
    options,
  );
  bench(
    'AgentPlatform SDK',
    async () => {
      await mockSdk.agents.retrieve(agent.id);
    },
    options,
  );
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

describe('GET /v1/agents/{id} on the mock server in-process, init dropped', () => {
  bench(
    'bare openapi-fetch',
    async () => {
      const { data } = await mockBare.GET('/v1/agents/{id}', {
        params: { path: { id: agent.id } },
      });
      if (!data) throw new Error('no data');
    },
    options,
  );
  bench(
    'AgentPlatform SDK',
    async () => {
      await mockSdkNoInit.agents.retrieve(agent.id);
    },
    options,
  );
});
