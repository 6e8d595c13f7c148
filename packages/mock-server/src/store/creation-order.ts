import type { RowMeta } from './table.js';

/** What the creation order sorts by. */
type Key = Pick<RowMeta, 'created_at' | '_seq'>;

/** Oldest first: by `created_at`, then creation sequence. */
export function byCreation(a: Key, b: Key): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a._seq - b._seq;
}

/**
 * Where a deleted row was, until the order is next read: its sort key (so the binary searches still
 * find their way past it) and no id (so no row is ever taken for it).
 */
class Gap {
  constructor(
    readonly created_at: string,
    readonly _seq: number,
  ) {}
}

/** A workspace's kept order: its rows, gaps among them, and where the gaps are. */
interface Kept<T> {
  rows: (T | Gap)[];
  gaps: number[];
}

/**
 * Up to this many gaps are closed by a splice each (a native move of the rows after it); more, by one
 * pass from the first gap. A delete then a read costs the one splice a delete used to.
 */
const SPLICED_GAPS = 4;

/**
 * Each workspace's rows in creation order (`byCreation`, rows that tie in the order they joined the
 * workspace), kept as rows come and go once a list asked for them: a list after a write then costs
 * neither a copy nor a sort of the workspace's rows, a new row being put in place by a binary search
 * (at the end, as the clock moves forward). A deleted row leaves a gap, closed when the order is next
 * read or when gaps are more than half of it: deleting k rows (an agent's trainings) costs k binary
 * searches and one pass, not k moves of the rows after each. A change the order cannot follow
 * exactly (a row's `created_at` or `_seq` changed) forgets the workspace's order, sorted anew when
 * next asked for.
 */
export class CreationOrder<T extends RowMeta> {
  private readonly orders = new Map<string, Kept<T>>();

  /** The workspace's kept order (without gaps), if one is kept; the same array from call to call. */
  get(ws: string): T[] | undefined {
    const kept = this.orders.get(ws);
    if (kept === undefined) return undefined;
    if (kept.gaps.length > 0) close(kept);
    return kept.rows as T[];
  }

  /** Keeps the order of a workspace (its rows, sorted by the caller). */
  keep(ws: string, rows: T[]): void {
    if (rows.length > 0) this.orders.set(ws, { rows, gaps: [] });
  }

  /** A row new to its workspace: last of the rows it ties with. */
  added(row: T): void {
    const kept = this.orders.get(row._ws);
    if (kept === undefined) return;
    const { rows, gaps } = kept;
    const last = rows[rows.length - 1];
    if (last === undefined || byCreation(last, row) <= 0) {
      rows.push(row);
      return;
    }
    const at = upperBound(rows, row);
    rows.splice(at, 0, row);
    for (let i = 0; i < gaps.length; i++) {
      const gap = gaps[i] as number;
      if (gap >= at) gaps[i] = gap + 1;
    }
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
      const rows = this.orders.get(row._ws)?.rows;
      const at = rows === undefined ? -1 : indexOf(rows, old);
      if (rows !== undefined && at >= 0) rows[at] = row;
      else this.orders.delete(row._ws);
    }
  }

  /** A row gone from its workspace: a gap in its place (see the class). */
  removed(row: T): void {
    const kept = this.orders.get(row._ws);
    if (kept === undefined) return;
    const at = indexOf(kept.rows, row);
    if (at < 0) {
      this.orders.delete(row._ws);
      return;
    }
    kept.rows[at] = new Gap(row.created_at, row._seq);
    kept.gaps.push(at);
    if (kept.gaps.length * 2 > kept.rows.length) close(kept);
    if (kept.rows.length === 0) this.orders.delete(row._ws);
  }

  /** Forgets every order. */
  clear(): void {
    this.orders.clear();
  }
}

/** Takes the gaps out of a kept order, in place (readers may hold the array). */
function close<T>(kept: Kept<T>): void {
  const { rows, gaps } = kept;
  if (gaps.length <= SPLICED_GAPS) {
    // From the last gap back, so that each splice leaves the positions of those before it as they are.
    gaps.sort((a, b) => b - a);
    for (const at of gaps) rows.splice(at, 1);
  } else {
    // Each run of rows between two gaps moves back by the gaps before it: no check of each entry.
    gaps.sort((a, b) => a - b);
    let to = gaps[0] as number;
    for (let g = 0; g < gaps.length; g++) {
      const end = g + 1 < gaps.length ? (gaps[g + 1] as number) : rows.length;
      for (let from = (gaps[g] as number) + 1; from < end; from++) rows[to++] = rows[from] as T;
    }
    rows.length = to;
  }
  gaps.length = 0;
}

/** The first index whose row sorts after `row`. */
function upperBound(rows: readonly Key[], row: Key): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byCreation(rows[mid] as Key, row) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Where `row` (by id) is, among the rows that tie with it; -1 when it is not there (a gap is not). */
function indexOf<T extends RowMeta>(rows: readonly (T | Gap)[], row: T): number {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byCreation(rows[mid] as Key, row) < 0) lo = mid + 1;
    else hi = mid;
  }
  for (let i = lo; i < rows.length && byCreation(rows[i] as Key, row) === 0; i++) {
    const entry = rows[i] as T | Gap;
    if (!(entry instanceof Gap) && entry.id === row.id) return i;
  }
  return -1;
}
