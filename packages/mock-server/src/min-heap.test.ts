import { describe, expect, it } from 'vitest';
import { MinHeap } from './min-heap.js';

const takeAll = (heap: MinHeap<number>) => {
  const out: number[] = [];
  for (let n = heap.pop(); n !== undefined; n = heap.pop()) out.push(n);
  return out;
};

describe('MinHeap', () => {
  it('gives its items in the order `before` puts them, duplicates included', () => {
    const heap = new MinHeap<number>((a, b) => a < b);
    for (const n of [5, 3, 9, 1, 3, 7, 2, 8]) heap.push(n);
    expect(heap.size).toBe(8);
    expect(heap.peek()).toBe(1);
    expect(takeAll(heap)).toEqual([1, 2, 3, 3, 5, 7, 8, 9]);
    expect(heap.pop()).toBeUndefined();
    expect(heap.peek()).toBeUndefined();
  });

  it('keeps heap order after retain drops items anywhere in it', () => {
    const heap = new MinHeap<number>((a, b) => a < b);
    for (let n = 100; n > 0; n--) heap.push(n);
    heap.retain((n) => n % 3 !== 0);
    expect(heap.size).toBe(67);
    expect(takeAll(heap)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1).filter((n) => n % 3),
    );
    heap.push(4);
    heap.clear();
    expect(heap.size).toBe(0);
  });
});
