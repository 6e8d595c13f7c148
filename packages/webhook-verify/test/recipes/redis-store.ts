import type { DedupeStore } from '../../src/dedupe.js';

/** The part of a node-redis (v4+) client that a dedupe store needs. */
export interface RedisLike {
  set(key: string, value: string, options: { NX?: boolean; EX: number }): Promise<string | null>;
  get(key: string): Promise<string | null>;
  eval(script: string, options: { keys: string[]; arguments: string[] }): Promise<unknown>;
}

/** Deletes KEYS[1] only while it holds ARGV[1]: Redis runs a script atomically. */
export const deleteIfValueScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

/** Recipe: a `DedupeStore` on Redis, shared by every receiver behind the load balancer. */
export function redisStore(redis: RedisLike): DedupeStore {
  return {
    // SET key value NX EX ttl: atomic, answers 'OK' only to the one caller that set it.
    setIfAbsent: async (key, value, ttl) =>
      (await redis.set(key, value, { NX: true, EX: ttl })) === 'OK',
    set: (key, value, ttl) => redis.set(key, value, { EX: ttl }),
    get: (key) => redis.get(key),
    deleteIfValue: async (key, value) =>
      (await redis.eval(deleteIfValueScript, { keys: [key], arguments: [value] })) === 1,
  };
}
