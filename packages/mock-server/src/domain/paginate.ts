/** A list page as the API answers it. */
export interface ListPage<V> {
  data: V[];
  pagination: { page: number; limit: number; total: number; total_pages: number };
}

/** Orders items (oldest first in, `order` out: newest first by default) and cuts the page the query asks for. */
export function paginate<R, V>(
  rows: R[],
  query: Record<string, unknown>,
  view: (row: R) => V,
): ListPage<V> {
  const page = (query.page as number | undefined) ?? 1;
  const limit = (query.limit as number | undefined) ?? 20;
  const ordered = query.order === 'asc' ? rows : rows.slice().reverse();
  const start = (page - 1) * limit;
  return {
    data: ordered.slice(start, start + limit).map(view),
    pagination: { page, limit, total: rows.length, total_pages: Math.ceil(rows.length / limit) },
  };
}
