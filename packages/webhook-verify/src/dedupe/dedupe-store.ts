/**
 * Where a deduper keeps its claims. Shared by every receiver of a fleet (Redis, a database);
 * `setIfAbsent` must be atomic, like Redis `SET key value NX EX ttl`, and so must `deleteIfValue`
 * (a compare-and-delete: a Lua script on Redis).
 */
export interface DedupeStore {
  /** Sets `key` only if it is absent (or expired); true when this call set it. */
  setIfAbsent(key: string, value: string, ttlSeconds: number): Promise<boolean> | boolean;
  /** Sets `key`, replacing any value, to expire after `ttlSeconds`. */
  set(key: string, value: string, ttlSeconds: number): Promise<unknown> | unknown;
  /** The value of `key`, or null/undefined when absent or expired. */
  get(key: string): Promise<string | null | undefined> | string | null | undefined;
  /** Removes `key` only while it holds `value`, in one atomic step; true when it removed it. */
  deleteIfValue(key: string, value: string): Promise<boolean> | boolean;
}
