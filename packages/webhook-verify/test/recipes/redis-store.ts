import type { DedupeStore } from '@agent-platform/webhook-verify/dedupe';
import type { RedisClientType } from 'redis';

// Deletes the key only while it holds the value: Redis runs a script atomically.
const deleteIfValueScript =
  "if redis.call('get', KEYS[1]) == ARGV[1] then return redis.call('del', KEYS[1]) else return 0 end";

// SET's option for a TTL of `ttl` seconds (EX).
const ex = (ttl: number) => ({ type: 'EX', value: ttl }) as const;

// A Pick, so that any client fits: RESP 2 or 3, with modules or scripts, a pool, a cluster.
export function redisStore(redis: Pick<RedisClientType, 'set' | 'get' | 'eval'>): DedupeStore {
  return {
    // SET key value NX EX ttl: atomic, answers 'OK' only to the one caller that set it.
    setIfAbsent: async (key, value, ttl) =>
      (await redis.set(key, value, { condition: 'NX', expiration: ex(ttl) })) === 'OK',
    set: (key, value, ttl) => redis.set(key, value, { expiration: ex(ttl) }),
    get: (key) => redis.get(key),
    // The script answers DEL's count, 1, as a number (RESP 2 and 3 alike).
    deleteIfValue: async (key, value) =>
      (await redis.eval(deleteIfValueScript, { keys: [key], arguments: [value] })) === 1,
  };
}
