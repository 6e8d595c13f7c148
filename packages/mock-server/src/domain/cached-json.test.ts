import { describe, expect, it } from 'vitest';
import { type RowMeta, Table } from '../store/table.js';
import { cachedJson, queryKey } from './cached-json.js';

const row = (id: string): RowMeta & { name: string } => ({
  id,
  created_at: '2026-11-20T10:00:00.000Z',
  _ws: 'ws_1',
  _seq: 1,
  name: id,
});
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);

describe('cachedJson', () => {
  it('serialises once per key while the table is unchanged, again after any change', () => {
    const table = new Table<ReturnType<typeof row>>({ immutable: true });
    let builds = 0;
    const page = () =>
      cachedJson(table, 'list', () => {
        builds++;
        return { data: table.list('ws_1').map((r) => r.name) };
      });
    const first = page();
    expect(text(first.bytes)).toBe('{"data":[]}');
    expect(page()).toBe(first);
    expect(builds).toBe(1);
    table.put(row('a'));
    expect(text(page().bytes)).toBe('{"data":["a"]}');
    expect(builds).toBe(2);
    table.delete('a');
    expect(text(page().bytes)).toBe('{"data":[]}');
    expect(builds).toBe(3);
  });

  it('keeps answers apart by key, and a bounded number of them', () => {
    const table = new Table<ReturnType<typeof row>>({ immutable: true });
    let builds = 0;
    const answer = (key: string) =>
      cachedJson(table, key, () => {
        builds++;
        return key;
      });
    expect(text(answer('one').bytes)).toBe('"one"');
    expect(text(answer('two').bytes)).toBe('"two"');
    for (let i = 0; i < 64; i++) answer(`k${i}`);
    const before = builds;
    answer('k63');
    expect(builds).toBe(before);
    answer('one');
    expect(builds).toBe(before + 1);
  });

  it('refuses a mutable table (its rows could change without its version)', () => {
    expect(() => cachedJson(new Table(), 'k', () => 1)).toThrow(/immutable/);
  });

  it('gives a query object its JSON text', () => {
    const query = Object.freeze({ limit: 20, order: 'asc' });
    expect(queryKey(query)).toBe('{"limit":20,"order":"asc"}');
    expect(queryKey(query)).toBe(queryKey(query));
  });
});
