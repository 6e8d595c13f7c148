import { describe, expect, it } from 'vitest';
import { DEMO_API_KEY, operations } from '../../src/index.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

// pagination.test.ts shows the paging rules on /v1/agents; every list of the spec shares them. A
// list under another resource (`/v1/agents/{id}/trainings`) is asked with an id that names nothing:
// a bad page or limit is 400 before that id is looked up (400 comes before 404).
const lists = operations.filter(
  (op) => op.method === 'GET' && op.parameters.some((p) => p.name === 'limit'),
);
const topLevel = lists.filter((op) => !op.path.includes('{'));
const unknownId = '00000000-0000-4000-8000-000000000000';
const url = (path: string, query: string) => `${path.replace(/\{\w+\}/g, unknownId)}?${query}`;

describe.each(transports)('every list over $name', (transport) => {
  // The demo workspace, so that several lists have rows to page past.
  const h = useMock(transport, { seed: 'demo' });
  const demo = { key: DEMO_API_KEY };

  it('is found in the spec, top-level and nested; several top-level ones have demo rows', async () => {
    expect(topLevel.length).toBeGreaterThanOrEqual(8);
    expect(lists.length).toBeGreaterThan(topLevel.length);
    let withRows = 0;
    for (const op of topLevel) {
      const res = await h.call('GET', url(op.path, 'limit=1'), demo);
      if (res.body.pagination.total > 1) withRows += 1;
    }
    expect(withRows).toBeGreaterThanOrEqual(4);
  });

  it.each(lists.map((op) => [op.path, op] as const))(
    '%s refuses limit 0 and 101 and page 0, naming the field',
    async (_path, op) => {
      for (const [query, field, rule] of [
        ['limit=0', 'limit', 'minimum'],
        ['limit=101', 'limit', 'maximum'],
        ['page=0', 'page', 'minimum'],
      ] as const) {
        const res = await h.call('GET', url(op.path, query));
        expect(res.status, `${op.path}?${query}`).toBe(400);
        expect(res.body.error.details[0]).toMatchObject({ field, rule });
      }
    },
  );

  it.each(topLevel.map((op) => [op.path, op] as const))(
    '%s answers a page past the end empty, with the totals',
    async (_path, op) => {
      const all = await h.call('GET', url(op.path, 'limit=100'), demo);
      expect(all.status).toBe(200);
      const { total } = all.body.pagination;
      const res = await h.call('GET', url(op.path, 'limit=1&page=1000'), demo);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        data: [],
        pagination: { page: 1000, limit: 1, total, total_pages: total },
      });
    },
  );
});
