import { describe, expect, it } from 'vitest';
import { type RowMeta, Table } from './table.js';

interface Row extends RowMeta {
  name: string;
  note: string | null;
  tags: string[];
  nested: { on: boolean };
}

const row = (id: string, seq: number): Row => ({
  id,
  created_at: '2026-11-20T10:00:00.000Z',
  _ws: 'ws_1',
  _seq: seq,
  name: `row ${id}`,
  note: 'a note',
  tags: ['a'],
  nested: { on: true },
});

describe('Table', () => {
  it('freezes the rows of an immutable table, deeply, on put and on load', () => {
    const table = new Table<Row>({ immutable: true });
    const put = table.put(row('r1', 1));
    expect(Object.isFrozen(put)).toBe(true);
    expect(Object.isFrozen(put.tags)).toBe(true);
    expect(Object.isFrozen(put.nested)).toBe(true);
    expect(() => {
      (put as { name: string }).name = 'changed';
    }).toThrow(TypeError);
    expect(() => put.tags.push('b')).toThrow(TypeError);
    table.load([row('r2', 2)]);
    expect(Object.isFrozen(table.find('r2'))).toBe(true);
  });

  it('leaves the rows of a mutable table as they are', () => {
    const table = new Table<Row>();
    const put = table.put(row('r1', 1));
    put.name = 'changed in place';
    expect(table.find('r1')?.name).toBe('changed in place');
  });

  it('updates by a new row: defined fields of the patch over a copy, null kept, undefined skipped', () => {
    const table = new Table<Row>({ immutable: true });
    const before = table.put(row('r1', 1));
    const after = table.update(before, { name: 'renamed', note: null, tags: undefined });
    expect(after).not.toBe(before);
    expect(after).toMatchObject({ name: 'renamed', note: null, tags: ['a'] });
    expect(before.name).toBe('row r1');
    expect(table.find('r1')).toBe(after);
    expect(Object.isFrozen(after)).toBe(true);
  });

  it('refuses to put a row over one with its id (an update is update): nothing is lost', () => {
    const table = new Table<Row>({ immutable: true });
    const first = table.put(row('r1', 1));
    const version = table.version;
    expect(() => table.put({ ...row('r1', 2), name: 'other' })).toThrow(
      'Table.put: a row with id r1 exists',
    );
    expect(table.find('r1')).toBe(first);
    expect(table.version).toBe(version);
  });

  it('moves its version on with every change, and only then', () => {
    const table = new Table<Row>({ immutable: true });
    const versions = [table.version];
    const r1 = table.put(row('r1', 1));
    versions.push(table.version);
    table.update(r1, { name: 'x' });
    versions.push(table.version);
    table.get('ws_1', 'r1');
    table.list('ws_1');
    expect(table.version).toBe(versions.at(-1));
    expect(table.delete('missing')).toBe(false);
    expect(table.version).toBe(versions.at(-1));
    table.delete('r1');
    versions.push(table.version);
    table.load([row('r2', 2)]);
    versions.push(table.version);
    table.clear();
    versions.push(table.version);
    expect(new Set(versions).size).toBe(versions.length);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
  });

  it("passes over a workspace's own rows only, however many other workspaces' rows it holds", () => {
    // A shared mock that runs all day holds every suite's workspace: a list, count or search of one
    // must not cost more with each workspace left behind. Each row counts the reads of its `_ws`.
    let reads = 0;
    const counted = (id: string, seq: number, ws: string): Row => {
      const r = row(id, seq);
      Object.defineProperty(r, '_ws', {
        enumerable: true,
        get: () => {
          reads++;
          return ws;
        },
      });
      return r;
    };
    const table = new Table<Row>();
    for (let i = 0; i < 1000; i++) table.put(counted(`other${i}`, i, `ws_${i % 10}`));
    table.put(counted('mine', 1000, 'ws_mine'));
    reads = 0;
    expect(table.list('ws_mine').map((r) => r.id)).toEqual(['mine']);
    expect(table.count('ws_mine', () => true)).toBe(1);
    expect(table.findWhere('ws_mine', () => true)?.id).toBe('mine');
    expect(table.list('ws_none')).toEqual([]);
    expect(reads).toBeLessThanOrEqual(3);
  });

  it("keeps each workspace's rows through updates, deletes, loads and clears", () => {
    const table = new Table<Row>({ immutable: true });
    const inWs = (ws: string, id: string, seq: number) => ({ ...row(id, seq), _ws: ws });
    const a1 = table.put(inWs('ws_a', 'a1', 1));
    table.put(inWs('ws_b', 'b1', 2));
    table.put(inWs('ws_a', 'a2', 3));
    table.update(a1, { name: 'renamed' });
    expect(table.list('ws_a').map((r) => [r.id, r.name])).toEqual([
      ['a1', 'renamed'],
      ['a2', 'row a2'],
    ]);
    expect(table.count('ws_a', () => true)).toBe(2);
    table.delete('a1');
    table.delete('a2');
    expect(table.list('ws_a')).toEqual([]);
    expect(table.findWhere('ws_a', () => true)).toBeUndefined();
    expect(table.list('ws_b').map((r) => r.id)).toEqual(['b1']);
    table.load([inWs('ws_c', 'c1', 4)]);
    expect(table.list('ws_b')).toEqual([]);
    expect(table.list('ws_c').map((r) => r.id)).toEqual(['c1']);
    table.clear();
    expect(table.list('ws_c')).toEqual([]);
    expect(table.size).toBe(0);
  });

  it('lists into a new array: changing it leaves the kept order and later lists as they were', () => {
    const table = new Table<Row>({ immutable: true });
    table.put(row('a1', 1));
    table.put(row('a2', 2));
    const listed = table.list('ws_1');
    listed.reverse().push(listed[0] as Row);
    expect(table.ordered('ws_1').map((r) => r.id)).toEqual(['a1', 'a2']);
    expect(table.list('ws_1').map((r) => r.id)).toEqual(['a1', 'a2']);
  });

  it("lists a parent's rows without passing over its workspace's other rows", () => {
    // A conversation's messages, a webhook's deliveries: a workspace shared by every test file all
    // day holds thousands of others. Each row counts the reads of its parent field.
    type Child = Row & { parent_id: string };
    let reads = 0;
    const child = (id: string, seq: number, parent: string, ws = 'ws_1'): Child => {
      const r = { ...row(id, seq), _ws: ws } as Child;
      Object.defineProperty(r, 'parent_id', {
        enumerable: true,
        get: () => {
          reads++;
          return parent;
        },
      });
      return r;
    };
    const table = new Table<Child>({ parent: 'parent_id' });
    for (let i = 0; i < 1000; i++) table.put(child(`other${i}`, i, `p${i % 10}`));
    table.put(child('mine2', 1001, 'mine'));
    table.put(child('mine1', 1000, 'mine'));
    table.put(child('elsewhere', 1002, 'mine', 'ws_2'));
    reads = 0;
    // Oldest first (by creation, then sequence), the workspace's only, `filter` applied.
    expect(table.listOf('ws_1', 'mine').map((r) => r.id)).toEqual(['mine1', 'mine2']);
    expect(table.listOf('ws_1', 'mine', (r) => r.id === 'mine2').map((r) => r.id)).toEqual([
      'mine2',
    ]);
    expect(table.listOf('ws_2', 'mine').map((r) => r.id)).toEqual(['elsewhere']);
    expect(table.listOf('ws_1', 'none')).toEqual([]);
    expect(reads).toBe(0);
    table.delete('mine1');
    expect(table.listOf('ws_1', 'mine').map((r) => r.id)).toEqual(['mine2']);
    table.load([child('loaded', 1, 'mine')]);
    expect(table.listOf('ws_1', 'mine').map((r) => r.id)).toEqual(['loaded']);
    table.clear();
    expect(table.listOf('ws_1', 'mine')).toEqual([]);
    expect(() => new Table<Row>().listOf('ws_1', 'mine')).toThrow('no parent field');
  });
});
