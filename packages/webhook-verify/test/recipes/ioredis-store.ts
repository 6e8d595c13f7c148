import type { DedupeStore } from '@agent-platform/webhook-verify/dedupe';
import type { Redis } from 'ioredis';

// Deletes the key only while it holds the value: Redis runs a script atomically.
const deleteIfValueScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

// A Pick, so that a Cluster fits as well.
export function ioredisStore(redis: Pick<Redis, 'set' | 'get' | 'eval'>): DedupeStore {
  return {
    // SET key value EX ttl NX: atomic, answers 'OK' only to the one caller that set it.
    setIfAbsent: async (key, value, ttl) => (await redis.set(key, value, 'EX', ttl, 'NX')) === 'OK',
    set: (key, value, ttl) => redis.set(key, value, 'EX', ttl),
    get: (key) => redis.get(key),
    // eval(script, numKeys, ...keys, ...args); the script answers DEL's count, 1, as a number.
    deleteIfValue: async (key, value) =>
      (await redis.eval(deleteIfValueScript, 1, key, value)) === 1,
  };
}
