import { byCreation, CreationOrder } from './creation-order.js';

/** What every stored row carries besides its API fields (internal fields start with `_`). */
export interface RowMeta {
  id: string;
  created_at: string;
  /** The workspace that owns the row. */
  _ws: string;
  /** Creation sequence: orders rows created in the same millisecond. */
  _seq: number;
}

/** How a table keeps its rows. */
export interface TableOptions<T> {
  /**
   * Rows are deep-frozen when stored, so a change puts a new row (`update`): then a row object, and
   * the table's `version`, stand for their content, and answers built from them can be cached.
   */
  immutable?: boolean;
  /**
   * The field that names each row's parent (a message's `conversation_id`), set when the row is made
   * and never changed: `listOf` then passes over that parent's rows only.
   */
  parent?: keyof T & string;
}

/** Rows grouped by the value of one field, each group in the order its rows were stored. */
class Groups<T extends RowMeta> {
  private readonly groups = new Map<unknown, Map<string, T>>();

  constructor(private readonly field: string) {}

  private keyOf(row: T): unknown {
    return (row as unknown as Record<string, unknown>)[this.field];
  }

  /** Adds a row to its group (or puts it in place of its older version there). */
  add(row: T): void {
    const key = this.keyOf(row);
    let group = this.groups.get(key);
    if (group === undefined) {
      group = new Map();
      this.groups.set(key, group);
    }
    group.set(row.id, row);
  }

  /** Takes a row out of its group; a group left empty is forgotten. */
  remove(row: T): void {
    const key = this.keyOf(row);
    const group = this.groups.get(key);
    if (group?.delete(row.id) && group.size === 0) this.groups.delete(key);
  }

  /** Whether two versions of a row belong to different groups. */
  moves(from: T, to: T): boolean {
    return this.keyOf(from) !== this.keyOf(to);
  }

  /** The rows of one group, in the order they were first stored. */
  of(key: unknown): Iterable<T> {
    return this.groups.get(key)?.values() ?? NO_ROWS;
  }

  /** Forgets every group. */
  clear(): void {
    this.groups.clear();
  }
}

const NO_ROWS: readonly never[] = [];

/** An in-memory table of one resource, rows keyed by id, each owned by a workspace. */
export class Table<T extends RowMeta> {
  private readonly rows = new Map<string, T>();
  /**
   * The same rows by workspace (and by parent, with `TableOptions.parent`): a workspace's list,
   * count or search passes over its own rows only, however many other workspaces a shared mock that
   * runs all day holds, and a parent's list over that parent's rows only.
   */
  private readonly indexes: Groups<T>[];
  private readonly byWs: Groups<T>;
  private readonly byParent: Groups<T> | undefined;
  private readonly order = new CreationOrder<T>();
  private changes = 0;
  /** Whether rows are frozen (see `TableOptions.immutable`). */
  readonly immutable: boolean;

  constructor(options: TableOptions<T> = {}) {
    this.immutable = options.immutable === true;
    this.byWs = new Groups<T>('_ws');
    this.byParent = options.parent === undefined ? undefined : new Groups<T>(options.parent);
    this.indexes = this.byParent === undefined ? [this.byWs] : [this.byWs, this.byParent];
  }

  /**
   * Counts every change through the table (put, update, delete, load, clear). In an immutable table
   * that is every change, so an equal version means equal content.
   */
  get version(): number {
    return this.changes;
  }

  /** The row with this id in this workspace; another workspace's row is not found. */
  get(ws: string, id: string): T | undefined {
    const row = this.rows.get(id);
    return row && row._ws === ws ? row : undefined;
  }

  /** The row with this id in any workspace (the control API's view). */
  find(id: string): T | undefined {
    return this.rows.get(id);
  }

  /**
   * Adds a new row (frozen, in an immutable table). A row with its id already there is not replaced
   * (that is `update`): it throws, an internal error rather than the silent loss of the row.
   */
  put(row: T): T {
    if (this.rows.has(row.id)) throw new Error(`Table.put: a row with id ${row.id} exists`);
    return this.set(row);
  }

  /** Replaces a row by a copy with `patch`'s defined fields over it, and returns the copy. */
  update(row: T, patch: Partial<T>): T {
    const next = { ...row };
    for (const key in patch) {
      const value = patch[key];
      if (value !== undefined) next[key] = value as T[typeof key];
    }
    return this.set(next);
  }

  private set(row: T): T {
    if (this.immutable) deepFreeze(row);
    this.index(row);
    this.changes++;
    return row;
  }

  /** Stores a row in `rows` and its groups (out of those of the row it replaces, where they differ). */
  private index(row: T): void {
    const old = this.rows.get(row.id);
    this.rows.set(row.id, row);
    for (const groups of this.indexes) {
      if (old !== undefined && groups.moves(old, row)) groups.remove(old);
      groups.add(row);
    }
    if (old === undefined) this.order.added(row);
    else this.order.replaced(old, row);
  }

  /** Removes a row; true when it existed. */
  delete(id: string): boolean {
    const row = this.rows.get(id);
    if (row === undefined) return false;
    this.rows.delete(id);
    for (const groups of this.indexes) groups.remove(row);
    this.order.removed(row);
    this.changes++;
    return true;
  }

  /** The workspace's rows that pass `filter`, oldest first (by `created_at`, then creation sequence). */
  list(ws: string, filter?: (row: T) => boolean): T[] {
    const rows = this.ordered(ws);
    if (filter === undefined) return rows.slice();
    const out: T[] = [];
    for (const row of rows) if (filter(row)) out.push(row);
    return out;
  }

  /**
   * The workspace's rows, oldest first as `list` orders them, kept between calls (see
   * `CreationOrder`): not a copy, so it is read at once and never changed (a delete leaves a gap
   * in it until the next call).
   */
  ordered(ws: string): readonly T[] {
    let rows = this.order.get(ws);
    if (rows === undefined) {
      rows = [...this.byWs.of(ws)].sort(byCreation);
      this.order.keep(ws, rows);
    }
    return rows;
  }

  /**
   * The workspace's rows whose parent (`TableOptions.parent`) is `parentId` that pass `filter`,
   * oldest first, as `list` orders them.
   */
  listOf(ws: string, parentId: string, filter: (row: T) => boolean = () => true): T[] {
    if (this.byParent === undefined) throw new Error('Table.listOf: the table has no parent field');
    const out: T[] = [];
    for (const row of this.byParent.of(parentId)) if (row._ws === ws && filter(row)) out.push(row);
    return out.sort(byCreation);
  }

  /** How many of the workspace's rows pass `filter` (no list, no sort). */
  count(ws: string, filter: (row: T) => boolean): number {
    let n = 0;
    for (const row of this.byWs.of(ws)) if (filter(row)) n++;
    return n;
  }

  /** Some row of the workspace that passes `filter`, in no particular order (an existence check). */
  findWhere(ws: string, filter: (row: T) => boolean): T | undefined {
    for (const row of this.byWs.of(ws)) if (filter(row)) return row;
    return undefined;
  }

  /** Every row of every workspace, in insertion order. */
  all(): T[] {
    return [...this.rows.values()];
  }

  /** Every row of every workspace, in insertion order, without a copy (a row may be deleted meanwhile). */
  values(): IterableIterator<T> {
    return this.rows.values();
  }

  /** How many rows the table holds. */
  get size(): number {
    return this.rows.size;
  }

  /** Replaces the whole content (state import). */
  load(rows: readonly T[]): void {
    this.rows.clear();
    for (const groups of this.indexes) groups.clear();
    this.order.clear();
    for (const row of rows) {
      if (this.immutable) deepFreeze(row);
      this.index(row);
    }
    this.changes++;
  }

  /** Empties the table. */
  clear(): void {
    this.rows.clear();
    for (const groups of this.indexes) groups.clear();
    this.order.clear();
    this.changes++;
  }
}

/** Freezes an object and everything it holds (rows are plain JSON data: no cycles). */
function deepFreeze(value: object): void {
  if (Object.isFrozen(value)) return;
  Object.freeze(value);
  for (const key in value) {
    const inner = (value as Record<string, unknown>)[key];
    if (typeof inner === 'object' && inner !== null) deepFreeze(inner);
  }
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
