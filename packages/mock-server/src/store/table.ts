/** What every stored row carries besides its API fields (internal fields start with `_`). */
export interface RowMeta {
  id: string;
  created_at: string;
  /** The workspace that owns the row. */
  _ws: string;
  /** Creation sequence: orders rows created in the same millisecond. */
  _seq: number;
}

/** An in-memory table of one resource, rows keyed by id, each owned by a workspace. */
export class Table<T extends RowMeta> {
  private readonly rows = new Map<string, T>();

  /** The row with this id in this workspace; another workspace's row is not found. */
  get(ws: string, id: string): T | undefined {
    const row = this.rows.get(id);
    return row && row._ws === ws ? row : undefined;
  }

  /** The row with this id in any workspace (the control API's view). */
  find(id: string): T | undefined {
    return this.rows.get(id);
  }

  /** Adds or replaces a row. */
  put(row: T): T {
    this.rows.set(row.id, row);
    return row;
  }

  /** Removes a row; true when it existed. */
  delete(id: string): boolean {
    return this.rows.delete(id);
  }

  /** The workspace's rows that pass `filter`, oldest first (by `created_at`, then creation sequence). */
  list(ws: string, filter: (row: T) => boolean = () => true): T[] {
    const out: T[] = [];
    for (const row of this.rows.values()) if (row._ws === ws && filter(row)) out.push(row);
    return out.sort(byCreation);
  }

  /** How many of the workspace's rows pass `filter` (no list, no sort). */
  count(ws: string, filter: (row: T) => boolean): number {
    let n = 0;
    for (const row of this.rows.values()) if (row._ws === ws && filter(row)) n++;
    return n;
  }

  /** Some row of the workspace that passes `filter`, in no particular order (an existence check). */
  findWhere(ws: string, filter: (row: T) => boolean): T | undefined {
    for (const row of this.rows.values()) if (row._ws === ws && filter(row)) return row;
    return undefined;
  }

  /** Every row of every workspace, in insertion order. */
  all(): T[] {
    return [...this.rows.values()];
  }

  /** How many rows the table holds. */
  get size(): number {
    return this.rows.size;
  }

  /** Replaces the whole content (state import). */
  load(rows: readonly T[]): void {
    this.rows.clear();
    for (const row of rows) this.rows.set(row.id, row);
  }

  /** Empties the table. */
  clear(): void {
    this.rows.clear();
  }
}

function byCreation(a: RowMeta, b: RowMeta): number {
  return a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a._seq - b._seq;
}

/** The API view of a row: every field but the internal `_` ones. */
export function publicView<T extends object>(
  row: T,
): { [K in keyof T as K extends `_${string}` ? never : K]: T[K] } {
  // A for-in copy: this runs for every item of every list page, so it avoids Object.entries' arrays.
  const out: Record<string, unknown> = {};
  for (const key in row)
    if (key.charCodeAt(0) !== 95) out[key] = (row as Record<string, unknown>)[key];
  return out as never;
}
