/**
 * A binary min-heap: the first item by `before` is read and taken in O(log n), however many wait (the
 * manual clock's timers, the delivery history's finished deliveries).
 */
export class MinHeap<T> {
  private items: T[] = [];

  constructor(private readonly before: (a: T, b: T) => boolean) {}

  /** How many items it holds. */
  get size(): number {
    return this.items.length;
  }

  /** Adds an item. */
  push(item: T): void {
    this.items.push(item);
    this.up(this.items.length - 1);
  }

  /** The first item, left in place. */
  peek(): T | undefined {
    return this.items[0];
  }

  /** Takes the first item out. */
  pop(): T | undefined {
    const first = this.items[0];
    const last = this.items.pop();
    if (this.items.length > 0 && last !== undefined) {
      this.items[0] = last;
      this.down(0);
    }
    return first;
  }

  /** Keeps only the items `keep` takes, in heap order again (linear: Floyd's heapify). */
  retain(keep: (item: T) => boolean): void {
    this.items = this.items.filter(keep);
    for (let i = (this.items.length >> 1) - 1; i >= 0; i--) this.down(i);
  }

  /** Empties it. */
  clear(): void {
    this.items = [];
  }

  private up(i: number): void {
    const { items, before } = this;
    const item = items[i] as T;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const above = items[parent] as T;
      if (!before(item, above)) break;
      items[i] = above;
      i = parent;
    }
    items[i] = item;
  }

  private down(i: number): void {
    const { items, before } = this;
    const item = items[i] as T;
    for (;;) {
      const left = 2 * i + 1;
      if (left >= items.length) break;
      const right = left + 1;
      const child =
        right < items.length && before(items[right] as T, items[left] as T) ? right : left;
      const below = items[child] as T;
      if (!before(below, item)) break;
      items[i] = below;
      i = child;
    }
    items[i] = item;
  }
}
