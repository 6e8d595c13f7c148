// Testing your own code against the mock with MSW: the code under test calls the global fetch.
// Run: pnpm -C examples testing-with-msw
import { createMockServer } from '@agent-platform/mock-server';
import { mswHandlers } from '@agent-platform/mock-server/msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, expect, it, vi } from 'vitest';
import { supportDigest } from './support-digest.js';

// No rate limit: the setup below creates more agents than one window allows.
const mock = createMockServer({ clock: 'manual', rateLimit: false });
const server = setupServer(...mswHandlers(mock));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  // A fresh, empty workspace and key per test; the code reads them from the environment.
  mock.reset();
  vi.stubEnv('AGENT_PLATFORM_BASE_URL', mock.baseUrl);
  vi.stubEnv('AGENT_PLATFORM_API_KEY', mock.createApiKey({ scopes: 'all' }).key);
  return () => vi.unstubAllEnvs();
});

async function createAgents(count: number, status: 'active' | 'inactive') {
  for (let i = 0; i < count; i++) {
    const res = await mock.fetch('/v1/agents', {
      method: 'POST',
      headers: {
        'x-api-key': process.env.AGENT_PLATFORM_API_KEY ?? '',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ name: `${status} ${i}` }),
    });
    const { data } = (await res.json()) as { data: { id: string } };
    if (status === 'inactive') {
      await mock.fetch(`/v1/agents/${data.id}/deactivate`, {
        method: 'POST',
        headers: { 'x-api-key': process.env.AGENT_PLATFORM_API_KEY ?? '' },
      });
    }
  }
}

it('counts active agents across pages', async () => {
  await createAgents(101, 'active');
  await createAgents(2, 'inactive');
  expect(await supportDigest()).toBe('101 of 103 agents active');
});

it('says so when the platform is in maintenance', async () => {
  mock.setHealth('maintenance');
  expect(await supportDigest()).toBe('the agent platform is down for maintenance');
});

it('rides out a passing failure: a 503 that asks for no wait is retried', async () => {
  await createAgents(101, 'active');
  mock.faults.add({ method: 'GET', path: '/v1/agents', status: 503, retry_after: 0 });
  expect(await supportDigest()).toBe('101 of 101 agents active');
  expect(mock.faults.list()).toEqual([]);
});

it('lets other errors through (here, an unknown key: 401)', async () => {
  vi.stubEnv('AGENT_PLATFORM_API_KEY', 'not-a-key');
  await expect(supportDigest()).rejects.toMatchObject({ status: 401 });
});
