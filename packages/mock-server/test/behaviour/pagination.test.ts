import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('pagination and order over $name', (transport) => {
  const h = useMock(transport);

  async function createAgents(n: number): Promise<string[]> {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      ids.push((await h.call('POST', '/v1/agents', { body: { name: `Agent ${i}` } })).body.data.id);
      if (i % 2 === 0) await h.mock.clock.advance(1000);
    }
    return ids;
  }

  it('pages with total and total_pages, newest first by default', async () => {
    const ids = await createAgents(5);
    const first = await h.call('GET', '/v1/agents?limit=2');
    expect(first.body.pagination).toEqual({ page: 1, limit: 2, total: 5, total_pages: 3 });
    expect(first.body.data.map((a: { id: string }) => a.id)).toEqual([ids[4], ids[3]]);
    const last = await h.call('GET', '/v1/agents?limit=2&page=3');
    expect(last.body.data.map((a: { id: string }) => a.id)).toEqual([ids[0]]);
  });

  it('orders ascending by created_at, then creation order within the same millisecond', async () => {
    const ids = await createAgents(5);
    const res = await h.call('GET', '/v1/agents?order=asc&limit=100');
    expect(res.body.data.map((a: { id: string }) => a.id)).toEqual(ids);
  });

  it('refuses a page number too large to be exact, rather than rounding it', async () => {
    const res = await h.call('GET', '/v1/agents?page=99999999999999999999');
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'page', rule: 'type' });
    // From the parameter's own minimum, not from -9007199254740991.
    expect(res.body.error.message).toBe(
      `page: must be an integer from 1 to ${Number.MAX_SAFE_INTEGER} (larger ones lose precision)`,
    );
    // Past a bound of its own, the bound's rule.
    const limit = await h.call('GET', '/v1/agents?limit=99999999999999999999');
    expect(limit.body.error.details).toEqual([
      { field: 'limit', rule: 'maximum', message: 'limit: must be at most 100' },
    ]);
    const largest = await h.call('GET', `/v1/agents?page=${Number.MAX_SAFE_INTEGER}`);
    expect(largest.body.pagination.page).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('answers an empty page past the end', async () => {
    await createAgents(3);
    const res = await h.call('GET', '/v1/agents?page=7&limit=2');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: [],
      pagination: { page: 7, limit: 2, total: 3, total_pages: 2 },
    });
  });

  it('reports total_pages 0 for an empty list and defaults to page 1, limit 20', async () => {
    const res = await h.call('GET', '/v1/contacts');
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 0, total_pages: 0 });
  });

  it('filters before paging', async () => {
    const ids = await createAgents(4);
    await h.call('POST', `/v1/agents/${ids[1]}/deactivate`);
    const res = await h.call('GET', '/v1/agents?status=inactive');
    expect(res.body.pagination.total).toBe(1);
    expect(res.body.data[0].id).toBe(ids[1]);
  });
});
