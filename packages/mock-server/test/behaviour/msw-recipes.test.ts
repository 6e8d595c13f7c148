import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { AgentPlatform } from '../../../sdk/src/index.js';
import { createMockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';

// The README's in-process recipes for a test framework's own tools: fake timers, and tests that
// run at once with a mock each, through MSW's server.boundary().

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

describe('under fake timers', () => {
  afterEach(() => {
    vi.useRealTimers();
    server.resetHandlers();
  });

  it('answers mock.fetch, MSW and an SDK client given either, with no timer moved', async () => {
    vi.useFakeTimers();
    const mock = createMockServer({ clock: 'manual', startTime: '2026-11-20T10:00:00.000Z' });
    server.use(...mswHandlers(mock));
    const { key } = mock.createApiKey({ scopes: 'all' });
    try {
      const direct = new AgentPlatform({ apiKey: key, baseUrl: mock.baseUrl, fetch: mock.fetch });
      const viaMsw = new AgentPlatform({ apiKey: key, baseUrl: mock.baseUrl });
      await direct.agents.create({ name: 'Direct' });
      await viaMsw.agents.create({ name: 'Through MSW' });
      const names = (await viaMsw.agents.list()).data.map((agent) => agent.name);
      expect(names.sort()).toEqual(['Direct', 'Through MSW']);
      // Fake time stood still, and so did the mock's own clock.
      expect(new Date(mock.clock.now()).toISOString()).toBe('2026-11-20T10:00:00.000Z');
    } finally {
      mock.dispose();
    }
  });
});

describe.concurrent('tests that run at once, a mock each', () => {
  for (const count of [3, 1, 2]) {
    it(
      `sees only its own ${count} agents`,
      server.boundary(async () => {
        const mock = createMockServer({ clock: 'manual' });
        server.use(...mswHandlers(mock));
        const { key } = mock.createApiKey({ scopes: 'all' });
        const client = new AgentPlatform({ apiKey: key, baseUrl: mock.baseUrl });
        try {
          for (let i = 0; i < count; i++) await client.agents.create({ name: `Agent ${i}` });
          expect((await client.agents.list()).pagination.total).toBe(count);
        } finally {
          mock.dispose();
        }
      }),
    );
  }
});
