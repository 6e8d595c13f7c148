import type { RowMeta } from './table.js';

/** Oldest first: by `created_at`, then creation sequence. */
export function byCreation(a: RowMeta, b: RowMeta): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a._seq - b._seq;
}

/**
 * Each workspace's rows in creation order (`byCreation`, rows that tie in the order they joined the
 * workspace), kept as rows come and go once a list asked for them: a list after a write then costs
 * neither a copy nor a sort of the workspace's rows, a new row being put in place by a binary search
 * (at the end, as the clock moves forward). A change the order cannot follow exactly (a row's
 * `created_at` or `_seq` changed) forgets the workspace's order, sorted anew when next asked for.
 */
export class CreationOrder<T extends RowMeta> {
  private readonly orders = new Map<string, T[]>();

  /** The workspace's kept order, if one is kept. */
  get(ws: string): T[] | undefined {
    return this.orders.get(ws);
  }

  /** Keeps the order of a workspace (its rows, sorted by the caller). */
  keep(ws: string, rows: T[]): void {
    if (rows.length > 0) this.orders.set(ws, rows);
  }

  /** A row new to its workspace: last of the rows it ties with. */
  added(row: T): void {
    const rows = this.orders.get(row._ws);
    if (rows === undefined) return;
    const last = rows[rows.length - 1];
    if (last === undefined || byCreation(last, row) <= 0) rows.push(row);
    else rows.splice(upperBound(rows, row), 0, row);
  }

  /** A row replaced by its next version (an update). */
  replaced(old: T, row: T): void {
    if (old.created_at !== row.created_at || old._seq !== row._seq) {
      this.orders.delete(old._ws);
      this.orders.delete(row._ws);
    } else if (old._ws !== row._ws) {
      this.removed(old);
      this.added(row);
    } else {
      const rows = this.orders.get(row._ws);
      const at = rows === undefined ? -1 : indexOf(rows, old);
      if (rows !== undefined && at >= 0) rows[at] = row;
      else this.orders.delete(row._ws);
    }
  }

  /** A row gone from its workspace. */
  removed(row: T): void {
    const rows = this.orders.get(row._ws);
    if (rows === undefined) return;
    const at = indexOf(rows, row);
    if (at < 0 || rows.length === 1) this.orders.delete(row._ws);
    else rows.splice(at, 1);
  }

  /** Forgets every order. */
  clear(): void {
    this.orders.clear();
  }
}

/** The first index whose row sorts after `row`. */
function upperBound<T extends RowMeta>(rows: readonly T[], row: T): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byCreation(rows[mid] as T, row) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `row` (by id) is, among the rows that tie with it; -1 when it is not there. */
function indexOf<T extends RowMeta>(rows: readonly T[], row: T): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byCreation(rows[mid] as T, row) < 0) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < rows.length && byCreation(rows[i] as T, row) === 0; i++) {
    if ((rows[i] as T).id === row.id) return i;
  }
  return -1;
}
