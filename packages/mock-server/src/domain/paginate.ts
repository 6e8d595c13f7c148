import { publicView, type RowMeta, type Table } from '../store/table.js';
import { cachedJson, queryKey } from './cached-json.js';
import type { JsonBytes } from './json-bytes.js';

/** A list page as the API answers it. */
export interface ListPage<V> {
  data: V[];
  pagination: { page: number; limit: number; total: number; total_pages: number };
}

/** Orders items (oldest first in, `order` out: newest first by default) and cuts the page the query asks for. */
export function paginate<R, V>(
  rows: R[],
  query: Readonly<Record<string, unknown>>,
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

/**
 * A list page of an immutable table in its API view, as JSON made once per table version (see
 * `cachedJson`): the workspace's rows that pass `filter`. `scope` names whatever else the filter
 * depends on besides the query (e.g. the parent's id).
 */
export function cachedPage<T extends RowMeta>(
  table: Table<T>,
  ws: string,
  query: Readonly<Record<string, unknown>>,
  filter: (row: T) => boolean,
  scope = '',
): JsonBytes {
  return cachedJson(table, `list ${ws} ${scope} ${queryKey(query)}`, () =>
    paginate(table.list(ws, filter), query, publicView),
  );
}
