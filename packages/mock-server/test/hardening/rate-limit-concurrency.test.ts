import { Agent, request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMockServer, type RunningServer } from '../../src/index.js';

const LIMIT = 100;
const CONCURRENT = 500;

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
}

/** GET over a real socket, on a pool that opens as many connections as there are requests. */
function get(url: string, key: string, agent: Agent): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { 'x-api-key': key }, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the rate limit under concurrency, over the real HTTP server', () => {
  const mock = createMockServer({ clock: 'manual', rateLimit: { limit: LIMIT, windowMs: 60_000 } });
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENT });
  let server: RunningServer;
  beforeAll(async () => {
    server = await mock.listen({ port: 0 });
  });
  afterAll(async () => {
    agent.destroy();
    await server.close();
  });

  it(`lets exactly ${LIMIT} of ${CONCURRENT} concurrent requests through and answers the rest 429`, async () => {
    const { key } = mock.createApiKey({ scopes: 'all' });
    const answers = await Promise.all(
      Array.from({ length: CONCURRENT }, () => get(`${server.url}/v1/agents`, key, agent)),
    );
    const ok = answers.filter((a) => a.status === 200);
    const limited = answers.filter((a) => a.status === 429);
    expect(ok).toHaveLength(LIMIT);
    expect(limited).toHaveLength(CONCURRENT - LIMIT);
    const remaining = ok
      .map((a) => Number(a.headers['x-ratelimit-remaining']))
      .sort((x, y) => x - y);
    expect(remaining).toEqual(Array.from({ length: LIMIT }, (_, i) => i));
    const resets = new Set(answers.map((a) => a.headers['x-ratelimit-reset']));
    expect(resets.size).toBe(1);
    for (const a of limited) {
      expect(a.headers['x-ratelimit-limit']).toBe(String(LIMIT));
      expect(a.headers['x-ratelimit-remaining']).toBe('0');
      expect(a.headers['retry-after']).toBe('60');
    }

    const other = mock.createApiKey({ scopes: 'all' });
    const fresh = await get(`${server.url}/v1/agents`, other.key, agent);
    expect(fresh.status).toBe(200);
    expect(fresh.headers['x-ratelimit-remaining']).toBe(String(LIMIT - 1));
  });
});
