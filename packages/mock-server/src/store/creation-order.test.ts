import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
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

describe('Table: the creation order kept between lists', () => {
  it('lists as a fresh sort of the workspace rows would, through any changes', () => {
    fc.assert(
      fc.property(
        fc.array(step, { maxLength: 80, size: 'max' }),
        fc.boolean(),
        (steps, immutable) => {
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
        },
      ),
      { seed: 20261124, numRuns: 400 },
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
});
