import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { paginate } from './paginate.js';

/** The page as it was cut before: a reversed copy of every row, then a slice. */
function sliced(rows: number[], query: { page?: number; limit?: number; order?: string }) {
  const page = query.page ?? 1;
  const limit = query.limit ?? 20;
  const ordered = query.order === 'asc' ? rows : rows.slice().reverse();
  const start = (page - 1) * limit;
  return {
    data: ordered.slice(start, start + limit).map((x) => ({ x })),
    pagination: { page, limit, total: rows.length, total_pages: Math.ceil(rows.length / limit) },
  };
}

let reads = 0;

/** The rows, counting each row read (by index) in `reads`, which starts again at 0. */
function watched(rows: number[]): number[] {
  reads = 0;
  return new Proxy(rows, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
      return Reflect.get(target, key, receiver);
    },
  });
}

describe('paginate', () => {
  it('cuts the page a reversed copy and a slice would, reading the page only', () => {
    const query = fc.record(
      {
        page: fc.integer({ min: 1, max: 12 }),
        limit: fc.integer({ min: 1, max: 100 }),
        order: fc.constantFrom('asc', 'desc'),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.array(fc.integer(), { maxLength: 300 }), query, (rows, q) => {
        const page = paginate(watched(rows), q, (x) => ({ x }));
        expect(page).toEqual(sliced(rows, q));
        // Only the page's rows are read: a copy (slice, reverse) of the list would read them all.
        expect(reads).toBe(page.data.length);
      }),
      { seed: 20261124, numRuns: 500 },
    );
  });

  it('answers an empty page past the last one, either order', () => {
    const rows = [1, 2, 3];
    expect(paginate(rows, { page: 3, limit: 2 }, (x) => x).data).toEqual([]);
    expect(paginate(rows, { page: 2, limit: 2 }, (x) => x).data).toEqual([1]);
    expect(paginate(rows, { page: 2, limit: 2, order: 'asc' }, (x) => x).data).toEqual([3]);
    expect(paginate(rows, { page: 9, limit: 2, order: 'asc' }, (x) => x).data).toEqual([]);
  });
});
