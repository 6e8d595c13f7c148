import { notFound } from '../errors.js';
import type { RowMeta, Table } from '../store/table.js';

/** The workspace's row with this id, or 404 naming the kind and id. */
export function mustGet<T extends RowMeta>(
  table: Table<T>,
  ws: string,
  id: string,
  kind: string,
): T {
  const row = table.get(ws, id);
  if (!row) throw notFound(kind, id);
  return row;
}
