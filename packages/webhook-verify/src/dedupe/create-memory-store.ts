import { checkClock } from './check-clock.js';
import { checkOptions } from './check-options.js';
import type { DedupeStore } from './dedupe-store.js';

/** Options of `createMemoryStore`. */
export interface MemoryStoreOptions {
  /** Upper bound on entries (`Infinity`: none); past it, expired entries go first, then the oldest. Must hold every event of the TTL. Default 10 000. */
  maxEntries?: number | undefined;
  /** The clock in milliseconds, for tests. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/**
 * A `DedupeStore` in this process's memory: for one receiver, or tests. A fleet behind a load
 * balancer needs a shared store (see the Redis recipe in the README).
 */
export function createMemoryStore(options: MemoryStoreOptions = {}): DedupeStore {
  checkOptions(options);
  const { maxEntries = 10_000, now = Date.now } = options;
  // 0 would keep nothing: every claim would find the store empty and dedupe nothing, silently.
  if (!(maxEntries >= 1 && (Number.isInteger(maxEntries) || maxEntries === Infinity))) {
    throw new TypeError('webhook-verify: maxEntries must be a whole number >= 1, or Infinity');
  }
  checkClock(now);
  const entries = new Map<string, { value: string; expiresAt: number }>();
  // No entry expires before this: a full store of live entries is not swept on every write.
  let firstExpiry = Infinity;

  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expiresAt <= now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: string, ttlSeconds: number) => {
    const expiresAt = now() + ttlSeconds * 1000;
    entries.delete(key);
    entries.set(key, { value, expiresAt });
    if (expiresAt < firstExpiry) firstExpiry = expiresAt;
    if (entries.size > maxEntries) evict();
  };
  const evict = () => {
    const t = now();
    if (firstExpiry <= t) {
      firstExpiry = Infinity;
      for (const [key, entry] of entries) {
        if (entry.expiresAt <= t) entries.delete(key);
        else if (entry.expiresAt < firstExpiry) firstExpiry = entry.expiresAt;
      }
    }
    for (const key of entries.keys()) {
      if (entries.size <= maxEntries) break;
      entries.delete(key);
    }
  };

  return {
    setIfAbsent(key, value, ttlSeconds) {
      if (live(key)) return false;
      put(key, value, ttlSeconds);
      return true;
    },
    set: put,
    get: (key) => live(key)?.value,
    deleteIfValue(key, value) {
      if (live(key)?.value !== value) return false;
      return entries.delete(key);
    },
  };
}
