import { publicView, type RowMeta, type Table } from '../store/table.js';
import { cachedJson, queryKey } from './cached-json.js';
import type { JsonBytes } from './json-bytes.js';

/** A list page as the API answers it. */
export interface ListPage<V> {
  data: V[];
  pagination: { page: number; limit: number; total: number; total_pages: number };
}

/**
 * Orders items (oldest first in, `order` out: newest first by default) and cuts the page the query
 * asks for, reading the page's rows only: newest first, it counts back from the end.
 */
export function paginate<R, V>(
  rows: readonly R[],
  query: Readonly<Record<string, unknown>>,
  view: (row: R) => V,
): ListPage<V> {
  const page = (query.page as number | undefined) ?? 1;
  const limit = (query.limit as number | undefined) ?? 20;
  const total = rows.length;
  const start = (page - 1) * limit;
  const data: V[] = [];
  if (query.order === 'asc') {
    for (let i = start; i < Math.min(start + limit, total); i++) data.push(view(rows[i] as R));
  } else {
    for (let i = total - 1 - start; i >= Math.max(total - start - limit, 0); i--) {
      data.push(view(rows[i] as R));
    }
  }
  return {
    data,
    pagination: { page, limit, total, total_pages: Math.ceil(total / limit) },
  };
}

/**
 * A list page of an immutable table in its API view, as JSON made once per table version (see
 * `cachedJson`): the workspace's rows that pass `filter`, or all of them (no copy, no pass over
 * them) without one. `scope` names whatever else the filter depends on besides the query (e.g. the
 * parent's id).
 */
export function cachedPage<T extends RowMeta>(
  table: Table<T>,
  ws: string,
  query: Readonly<Record<string, unknown>>,
  filter: ((row: T) => boolean) | undefined,
  scope = '',
): JsonBytes {
  return cachedJson(table, `list ${ws} ${scope} ${queryKey(query)}`, () =>
    paginate(filter ? table.list(ws, filter) : table.ordered(ws), query, publicView),
  );
}
