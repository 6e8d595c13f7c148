import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CreationOrder } from './creation-order.js';
import { type RowMeta, Table } from './table.js';

interface Row extends RowMeta {
  name: string;
}

/** One change to a table; `n` picks an existing row (modulo how many), times and seqs collide often. */
type Step =
  | { kind: 'put'; ws: string; at: number; seq: number }
  | { kind: 'rename'; n: number }
  | { kind: 'recreate'; n: number; at: number; seq: number }
  | { kind: 'move'; n: number; ws: string }
  | { kind: 'delete'; n: number }
  | { kind: 'deleteMany'; n: number; m: number }
  | { kind: 'list'; ws: string }
  | { kind: 'load' }
  | { kind: 'clear' };

const ws = fc.constantFrom('ws_a', 'ws_b');
const at = fc.nat({ max: 2 });
const seq = fc.nat({ max: 2 });
const n = fc.nat({ max: 30 });
const step: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('put' as const), ws, at, seq }), weight: 6 },
  fc.record({ kind: fc.constant('rename' as const), n }),
  fc.record({ kind: fc.constant('recreate' as const), n, at, seq }),
  fc.record({ kind: fc.constant('move' as const), n, ws }),
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), n }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('list' as const), ws }), weight: 3 },
  fc.constant({ kind: 'load' as const }),
  fc.constant({ kind: 'clear' as const }),
);
const deleteHeavy: fc.Arbitrary<Step> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('put' as const), ws, at, seq }), weight: 8 },
  fc.record({ kind: fc.constant('rename' as const), n }),
  fc.record({ kind: fc.constant('move' as const), n, ws }),
  { arbitrary: fc.record({ kind: fc.constant('delete' as const), n }), weight: 6 },
  {
    arbitrary: fc.record({ kind: fc.constant('deleteMany' as const), n, m: fc.nat({ max: 12 }) }),
    weight: 2,
  },
  fc.record({ kind: fc.constant('list' as const), ws }),
  fc.record({ kind: fc.constant('recreate' as const), n, at, seq }),
);

const time = (ms: number) => new Date(Date.UTC(2026, 10, 20, 10, 0, 0, ms)).toISOString();

/**
 * The order lists had before it was kept between calls: the workspace's rows in the order they
 * joined it (an update keeps a row's place, a move to another workspace puts it last there), sorted
 * by `created_at` then `_seq`, stably.
 */
class Reference {
  private readonly groups = new Map<string, Map<string, Row>>();

  put(row: Row): void {
    const group = this.groups.get(row._ws) ?? new Map<string, Row>();
    this.groups.set(row._ws, group);
    group.set(row.id, row);
  }

  remove(row: Row): void {
    this.groups.get(row._ws)?.delete(row.id);
  }

  list(ws: string): string[] {
    const rows = [...(this.groups.get(ws)?.values() ?? [])];
    rows.sort((a, b) =>
      a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a._seq - b._seq,
    );
    return rows.map((r) => `${r.id} ${r.name}`);
  }

  clear(): void {
    this.groups.clear();
  }
}

/**
 * Runs `steps` on a table and on `Reference`, checking at each `list` step and at the end that the
 * table's kept order (and `list`) is what a fresh sort gives.
 */
function run(steps: readonly Step[], immutable: boolean): void {
  const table = new Table<Row>({ immutable });
  const reference = new Reference();
  const live: Row[] = [];
  let made = 0;
  const pick = (k: number) => live[k % live.length];
  const check = (name: string) => {
    const got = table.ordered(name).map((r) => `${r.id} ${r.name}`);
    expect(got).toEqual(reference.list(name));
    expect(table.list(name).map((r) => `${r.id} ${r.name}`)).toEqual(got);
  };
  for (const s of steps) {
    if (s.kind === 'put') {
      const row = table.put({
        id: `r${made++}`,
        name: 'new',
        created_at: time(s.at),
        _ws: s.ws,
        _seq: s.seq,
      });
      live.push(row);
      reference.put(row);
    } else if (s.kind === 'load' || s.kind === 'clear') {
      const rows = s.kind === 'load' ? live.map((r) => ({ ...r })).reverse() : [];
      if (s.kind === 'load') table.load(rows);
      else table.clear();
      reference.clear();
      live.length = 0;
      for (const r of rows) {
        live.push(r);
        reference.put(r);
      }
    } else if (s.kind === 'list') {
      check(s.ws);
    } else if (s.kind === 'deleteMany') {
      // m rows at once, no list between (the cascade of an agent's delete): the gaps pile up.
      for (let d = 0; d < s.m && live.length > 0; d++) {
        const old = pick(s.n + d * 7) as Row;
        table.delete(old.id);
        reference.remove(old);
        live.splice(live.indexOf(old), 1);
      }
    } else {
      const old = pick(s.n);
      if (old === undefined) continue;
      const i = live.indexOf(old);
      if (s.kind === 'delete') {
        table.delete(old.id);
        reference.remove(old);
        live.splice(i, 1);
        continue;
      }
      const patch: Partial<Row> =
        s.kind === 'rename'
          ? { name: `renamed ${made++}` }
          : s.kind === 'recreate'
            ? { created_at: time(s.at), _seq: s.seq }
            : { _ws: s.ws };
      const next = table.update(old, patch);
      if (next._ws !== old._ws) reference.remove(old);
      reference.put(next);
      live[i] = next;
    }
  }
  check('ws_a');
  check('ws_b');
}

describe('Table: the creation order kept between lists', () => {
  it('lists as a fresh sort of the workspace rows would, through any changes', () => {
    fc.assert(fc.property(fc.array(step, { maxLength: 80, size: 'max' }), fc.boolean(), run), {
      seed: 20261124,
      numRuns: 400,
    });
  });

  it('lists as a fresh sort would through runs of deletes, then puts and updates among the gaps', () => {
    // Few lists, many deletes (singly and in bursts): gaps closed by a read, by passing half of the
    // order, or by the last row going, with puts (some out of order) and updates between.
    fc.assert(
      fc.property(fc.array(deleteHeavy, { maxLength: 120, size: 'max' }), fc.boolean(), run),
      {
        seed: 20261125,
        numRuns: 400,
      },
    );
  });

  it('keeps the order without sorting again after rows are added in order', () => {
    const table = new Table<Row>({ immutable: true });
    for (let i = 0; i < 5; i++)
      table.put({ id: `r${i}`, name: 'x', created_at: time(i), _ws: 'ws_a', _seq: i });
    const first = table.ordered('ws_a');
    table.put({ id: 'r5', name: 'x', created_at: time(5), _ws: 'ws_a', _seq: 5 });
    // The same array, one row longer: a list after a create costs no copy and no sort.
    expect(table.ordered('ws_a')).toBe(first);
    expect(first.map((r) => r.id)).toEqual(['r0', 'r1', 'r2', 'r3', 'r4', 'r5']);
    expect(table.ordered('ws_none')).toEqual([]);
  });
  it('keeps the same order through updates, deletes and out-of-order adds, rows that tie included', () => {
    const table = new Table<Row>({ immutable: true });
    // Pairs that tie (same created_at and _seq): r0 r1, r2 r3, r4 r5, r6 r7.
    const rows: Row[] = [];
    for (let i = 0; i < 8; i++)
      rows.push(
        table.put({ id: `r${i}`, name: 'x', created_at: time(i >> 1), _ws: 'ws_a', _seq: 0 }),
      );
    const kept = table.ordered('ws_a');
    const ids = () =>
      table.ordered('ws_a').map((r) => `${r.id}${r.name === 'x' ? '' : `=${r.name}`}`);
    // Each change puts the row in place in the kept array (no new sort): the same array after it.
    table.update(rows[3] as Row, { name: 'b' });
    table.update(rows[0] as Row, { name: 'a' });
    table.update(rows[6] as Row, { name: 'c' });
    expect(table.ordered('ws_a')).toBe(kept);
    table.delete('r4');
    table.delete('r0');
    table.delete('r7');
    expect(table.ordered('ws_a')).toBe(kept);
    table.put({ id: 'r8', name: 'x', created_at: time(1), _ws: 'ws_a', _seq: 0 });
    expect(table.ordered('ws_a')).toBe(kept);
    expect(ids()).toEqual(['r1', 'r2', 'r3=b', 'r8', 'r5', 'r6=c']);
  });

  it('deletes around the half of the order and at its end, then puts and updates, as a fresh sort would', () => {
    // The gaps are closed when they pass half the order: delete just under, at and over half (and
    // all but one, and all), in any order, then put (out of order too, and ties) and update.
    const spec = fc.record({
      made: fc.array(fc.record({ at, seq }), { minLength: 1, maxLength: 24 }),
      shuffle: fc.array(fc.double({ noNaN: true }), { minLength: 24, maxLength: 24 }),
      cut: fc.constantFrom(-1, 0, 1, 'all but one', 'all'),
      after: fc.array(fc.record({ at: fc.nat({ max: 3 }), seq }), { maxLength: 4 }),
      rename: fc.nat(),
      immutable: fc.boolean(),
    });
    fc.assert(
      fc.property(spec, ({ made, shuffle, cut, after, rename, immutable }) => {
        const table = new Table<Row>({ immutable });
        const reference = new Reference();
        const put = (id: string, a: number, q: number) => {
          const row = table.put({ id, name: 'x', created_at: time(a), _ws: 'ws_a', _seq: q });
          reference.put(row);
          return row;
        };
        const rows = made.map((m, i) => put(`r${i}`, m.at, m.seq));
        const kept = table.ordered('ws_a');
        const half = rows.length >> 1;
        const count =
          typeof cut === 'number' ? half + cut : cut === 'all' ? rows.length : rows.length - 1;
        const doomed = rows
          .map((row, i) => ({ row, key: shuffle[i] as number }))
          .sort((a, b) => a.key - b.key)
          .slice(0, Math.max(0, count));
        for (const { row } of doomed) {
          table.delete(row.id);
          reference.remove(row);
        }
        for (const [i, m] of after.entries()) put(`p${i}`, m.at, m.seq);
        const left = rows.filter((r) => table.find(r.id) !== undefined);
        const target = left[rename % Math.max(1, left.length)];
        if (target !== undefined) reference.put(table.update(target, { name: 'renamed' }));
        const got = table.ordered('ws_a');
        expect(got.map((r) => `${r.id} ${r.name}`)).toEqual(reference.list('ws_a'));
        // The same array throughout, unless every row went (an empty order is not kept).
        if (doomed.length < rows.length) expect(got).toBe(kept);
      }),
      { seed: 20261126, numRuns: 500 },
    );
  });
});

/** `n` rows of ws_a in creation order, in an array that counts the reads and writes of its items. */
function counted(n: number) {
  const rows: Row[] = [];
  for (let i = 0; i < n; i++)
    rows.push({ id: `r${i}`, name: 'x', created_at: time(i >> 3), _ws: 'ws_a', _seq: i });
  const count = { items: 0 };
  const isItem = (key: string | symbol) => typeof key === 'string' && /^\d+$/.test(key);
  const array = new Proxy(rows.slice(), {
    get(target, key, receiver) {
      if (isItem(key)) count.items++;
      return Reflect.get(target, key, receiver);
    },
    set(target, key, value, receiver) {
      if (isItem(key)) count.items++;
      return Reflect.set(target, key, value, receiver);
    },
    deleteProperty(target, key) {
      if (isItem(key)) count.items++;
      return Reflect.deleteProperty(target, key);
    },
  });
  return { rows, array, count };
}

describe('CreationOrder: deleting rows', () => {
  it('deletes k rows of n without moving the rows after each; the next read closes the gaps in one pass', () => {
    const n = 4000;
    const k = 400;
    const { rows, array, count } = counted(n);
    const order = new CreationOrder<Row>();
    order.keep('ws_a', array);
    count.items = 0;
    // Every 10th row, oldest first (an agent's trainings among the workspace's), then one more.
    for (let i = 0; i < k; i++) order.removed(rows[i * 10] as Row);
    // A binary search each (about 2 log2 n reads) and a write: not a move of the rows after it.
    expect(count.items).toBeLessThan(k * 40);
    count.items = 0;
    const read = order.get('ws_a');
    expect(read).toBe(array);
    expect(count.items).toBeLessThanOrEqual(2 * n);
    expect(read?.map((r) => r.id)).toEqual(
      rows.filter((_, i) => i % 10 !== 0 || i >= k * 10).map((r) => r.id),
    );
    // Read again with no delete between: nothing to close.
    count.items = 0;
    expect(order.get('ws_a')).toBe(array);
    expect(count.items).toBe(0);
  });

  it('closes the gaps once they are more than half the order, so it never holds more gaps than rows', () => {
    const { rows, array } = counted(100);
    const order = new CreationOrder<Row>();
    order.keep('ws_a', array);
    for (let i = 0; i < 99; i++) {
      order.removed(rows[i] as Row);
      expect(array.length).toBeLessThanOrEqual(2 * (99 - i) + 1);
    }
    expect(array.length).toBeLessThanOrEqual(2);
    expect(order.get('ws_a')?.map((r) => r.id)).toEqual(['r99']);
    order.removed(rows[99] as Row);
    expect(order.get('ws_a')).toBeUndefined();
  });
});

describe('CreationOrder: keeping and adding rows', () => {
  it('puts a row that sorts last (newer, or tied with the last) at the end with no search', () => {
    const n = 4000;
    const { array, count } = counted(n);
    const order = new CreationOrder<Row>();
    order.keep('ws_a', array);
    count.items = 0;
    const newest: Row = { id: 'r_new', name: 'x', created_at: time(n), _ws: 'ws_a', _seq: n };
    order.added(newest);
    // The last row read and the new one written: not a binary search of the n rows.
    expect(count.items).toBeLessThanOrEqual(2);
    count.items = 0;
    order.added({ ...newest, id: 'r_tie' });
    expect(count.items).toBeLessThanOrEqual(2);
    expect(
      order
        .get('ws_a')
        ?.slice(-3)
        .map((r) => r.id),
    ).toEqual(['r3999', 'r_new', 'r_tie']);
  });

  it('keeps no order for a workspace without rows, as it keeps none once its last row goes', () => {
    const order = new CreationOrder<Row>();
    order.keep('ws_a', []);
    expect(order.get('ws_a')).toBeUndefined();
  });
});
