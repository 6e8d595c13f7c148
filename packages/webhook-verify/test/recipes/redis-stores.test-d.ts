import { Cluster, Redis } from 'ioredis';
import { createClient, createClientPool, createCluster } from 'redis';
import { describe, expectTypeOf, it } from 'vitest';
import type { ioredisStore } from './ioredis-store.js';
import type { redisStore } from './redis-store.js';

describe('the README Redis recipes take', () => {
  it('any node-redis client: RESP 2 or 3, with scripts, a pool, a cluster', () => {
    type Client = Parameters<typeof redisStore>[0];
    expectTypeOf(createClient()).toExtend<Client>();
    expectTypeOf(createClient({ RESP: 2 })).toExtend<Client>();
    expectTypeOf(createClient({ RESP: 2, scripts: {} })).toExtend<Client>();
    expectTypeOf(createClientPool()).toExtend<Client>();
    expectTypeOf(createCluster({ rootNodes: [] })).toExtend<Client>();
  });

  it('an ioredis client or cluster', () => {
    type Client = Parameters<typeof ioredisStore>[0];
    expectTypeOf(new Redis()).toExtend<Client>();
    expectTypeOf(new Cluster([])).toExtend<Client>();
  });
});
