import { describe, expect, it } from 'vitest';
import { createMemoryStore } from './create-memory-store.js';

describe('createMemoryStore', () => {
  it('setIfAbsent is first-wins until expiry', async () => {
    const clock = { now: 1000 };
    const store = createMemoryStore({ now: () => clock.now });
    expect(await store.setIfAbsent('k', 'a', 10)).toBe(true);
    expect(await store.setIfAbsent('k', 'b', 10)).toBe(false);
    expect(await store.get('k')).toBe('a');
    clock.now += 10_000;
    expect(await store.get('k')).toBeUndefined();
    expect(await store.setIfAbsent('k', 'b', 10)).toBe(true);
    expect(await store.deleteIfValue('k', 'a')).toBe(false);
    expect(await store.get('k')).toBe('b');
    expect(await store.deleteIfValue('k', 'b')).toBe(true);
    expect(await store.get('k')).toBeUndefined();
    expect(await store.deleteIfValue('k', 'b')).toBe(false);
  });

  it('stays within maxEntries, dropping expired entries first, then the oldest', async () => {
    const clock = { now: 0 };
    const store = createMemoryStore({ maxEntries: 3, now: () => clock.now });
    await store.set('short', 'x', 1);
    await store.set('old', 'x', 100);
    await store.set('mid', 'x', 100);
    clock.now = 2000; // 'short' has expired
    await store.set('new', 'x', 100);
    expect(await store.get('old')).toBe('x');
    await store.set('newer', 'x', 100);
    expect(await store.get('old')).toBeUndefined();
    expect(await store.get('mid')).toBe('x');
    expect(await store.get('newer')).toBe('x');
  });

  it('drops an entry that expired first, even one written with a shorter TTL after the others', async () => {
    const clock = { now: 0 };
    const store = createMemoryStore({ maxEntries: 2, now: () => clock.now });
    await store.set('a', 'x', 100);
    await store.set('b', 'x', 100);
    await store.set('c', 'x', 100); // full of live entries: 'a', the oldest, goes
    expect(await store.get('a')).toBeUndefined();
    await store.set('lease', 'x', 1); // 'b' goes
    clock.now = 2000; // 'lease' has expired; 'c' has not
    await store.set('d', 'x', 100);
    expect(await store.get('c')).toBe('x');
    expect(await store.get('d')).toBe('x');
  });

  it('takes an entry at its expiry time as expired, ahead of an older live one', async () => {
    const clock = { now: 0 };
    const store = createMemoryStore({ maxEntries: 2, now: () => clock.now });
    await store.set('old', 'x', 100);
    await store.set('short', 'x', 1);
    clock.now = 1000; // 'short' expires now, to the millisecond
    await store.set('new', 'x', 100);
    expect(await store.get('old')).toBe('x');
    expect(await store.get('new')).toBe('x');
  });

  it('after a sweep, sweeps again when the soonest of the entries left expires', async () => {
    const clock = { now: 0 };
    const store = createMemoryStore({ maxEntries: 3, now: () => clock.now });
    await store.set('short', 'x', 1);
    await store.set('long', 'x', 10);
    await store.set('mid', 'x', 5);
    clock.now = 1000;
    await store.set('a', 'x', 100); // sweeps 'short'; 'mid' expires next, at 5 s
    clock.now = 5000;
    await store.set('b', 'x', 100); // sweeps 'mid', not the oldest live entry
    expect(await store.get('long')).toBe('x');
    expect(await store.get('a')).toBe('x');
    expect(await store.get('b')).toBe('x');
  });

  it('holds one entry with maxEntries: 1', async () => {
    const store = createMemoryStore({ maxEntries: 1, now: () => 0 });
    await store.set('a', 'x', 60);
    expect(await store.get('a')).toBe('x');
    await store.set('b', 'x', 60);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBe('x');
  });

  it('holds 10 000 entries by default, as the README says, then drops the oldest', async () => {
    const store = createMemoryStore({ now: () => 0 });
    for (let i = 0; i < 10_000; i++) await store.set(`k${i}`, 'x', 60);
    expect(await store.get('k0')).toBe('x');
    await store.set('k10000', 'x', 60);
    expect(await store.get('k0')).toBeUndefined();
    expect(await store.get('k1')).toBe('x');
    expect(await store.get('k10000')).toBe('x');
  });
});
