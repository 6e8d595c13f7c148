import { readFileSync } from 'node:fs';
import { Redis } from 'ioredis';
import { createClient } from 'redis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeduper, type DedupeStore } from '../../src/dedupe.js';
import {
  findRedisServer,
  INSTALL_REDIS,
  type RedisServer,
  startRedisServer,
} from '../support/redis-server.js';
import { ioredisStore } from './ioredis-store.js';
import { redisStore } from './redis-store.js';

// The README's Redis recipes against a real redis-server and the real clients, not a stand-in:
// what each client answers to SET NX EX and EVAL is what the recipes compare with.

const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const recipe = (file: string) => readFileSync(new URL(file, import.meta.url), 'utf8');

describe('the README', () => {
  it.each(['./redis-store.ts', './ioredis-store.ts'])('shows %s as it is tested', (file) => {
    expect(readme).toContain(`\`\`\`ts\n${recipe(file)}\`\`\``);
  });
});

const onCi = process.env.CI === 'true';
const binary = findRedisServer();
// CI must run these: there, a missing redis-server fails in beforeAll with how to install it.
const skipReason =
  binary === undefined && !onCi ? `redis-server not found (${INSTALL_REDIS})` : undefined;
if (skipReason) console.warn(`redis-stores.test.ts: skipped, ${skipReason}`);
const withRedis = it.skipIf(skipReason !== undefined);

let server: RedisServer;
/** A connection that inspects the keys the receivers write, with a client of neither recipe. */
let admin: Redis;
beforeAll(async () => {
  if (skipReason) return;
  server = await startRedisServer(binary);
  admin = new Redis(server.port, '127.0.0.1', { lazyConnect: true });
  await admin.connect();
});
afterAll(async () => {
  admin?.disconnect();
  await server?.stop();
});

/** One receiver: its own connection to the shared Redis, as a process of the fleet has. */
interface Connection {
  store: DedupeStore;
  close(): Promise<unknown>;
}

const clients: { name: string; connect(url: string): Promise<Connection> }[] = [
  {
    name: 'node-redis (RESP 3, its default)',
    async connect(url) {
      const client = await createClient({ url }).connect();
      return { store: redisStore(client), close: () => client.close() };
    },
  },
  {
    name: 'node-redis (RESP 2)',
    async connect(url) {
      const client = await createClient({ url, RESP: 2 }).connect();
      return { store: redisStore(client), close: () => client.close() };
    },
  },
  {
    name: 'ioredis',
    async connect(url) {
      const client = new Redis(url, { lazyConnect: true });
      await client.connect();
      return { store: ioredisStore(client), close: () => client.quit() };
    },
  },
];

describe.each(clients)('the Redis recipe with $name', (client) => {
  const options = { ttlSeconds: 86_400, leaseSeconds: 60, prefix: `${client.name}:` };
  let a: Connection;
  let b: Connection;
  beforeAll(async () => {
    if (skipReason) return;
    [a, b] = await Promise.all([client.connect(server.url), client.connect(server.url)]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  // Two receivers of a fleet, each on its own connection.
  const receivers = () =>
    [
      createDeduper({ ...options, store: a.store }),
      createDeduper({ ...options, store: b.store }),
    ] as const;

  withRedis('answers the store interface with booleans and null, as DedupeStore says', async () => {
    const k = `${options.prefix}store`;
    expect(await a.store.setIfAbsent(k, 'v1', 60)).toBe(true);
    expect(await b.store.setIfAbsent(k, 'v2', 60)).toBe(false);
    expect(await b.store.get(k)).toBe('v1');
    expect(await a.store.get(`${k}:absent`)).toBeNull();
    expect(await b.store.deleteIfValue(k, 'v2')).toBe(false);
    expect(await admin.get(k)).toBe('v1');
    expect(await b.store.deleteIfValue(k, 'v1')).toBe(true);
    expect(await admin.exists(k)).toBe(0);
    expect(await a.store.deleteIfValue(k, 'v1')).toBe(false);
    await a.store.set(k, 'v3', 60);
    expect(await b.store.get(k)).toBe('v3');
  });

  withRedis('the first claim wins; a concurrent one on another connection is refused', async () => {
    const [one, two] = receivers();
    for (const id of ['c1', 'c2', 'c3', 'c4', 'c5']) {
      const results = await Promise.all([one.claim(id), two.claim(id)]);
      expect([...results].sort()).toEqual(['claimed', 'processing']);
    }
    expect(await two.claim('c1')).toBe('processing');
  });

  withRedis('a completed event is refused as a duplicate on every connection', async () => {
    const [one, two] = receivers();
    expect(await one.claim('done')).toBe('claimed');
    await one.complete('done');
    expect(await two.claim('done')).toBe('completed');
    expect(await one.claim('done')).toBe('completed');
  });

  withRedis('a released claim lets the retry claim it on another connection', async () => {
    const [one, two] = receivers();
    expect(await one.claim('failed')).toBe('claimed');
    await one.release('failed');
    expect(await admin.exists(`${options.prefix}failed`)).toBe(0);
    expect(await two.claim('failed')).toBe('claimed');
  });

  withRedis(
    'Redis expires a claim after the lease and a completed event after the TTL',
    async () => {
      const [one, two] = receivers();
      const key = `${options.prefix}ttl`;
      expect(await one.claim('ttl')).toBe('claimed');
      // The lease, not the TTL; bounds wide enough for any machine, so no timing in them.
      expect(await admin.ttl(key)).toBeGreaterThan(0);
      expect(await admin.ttl(key)).toBeLessThanOrEqual(options.leaseSeconds);
      // The lease lapses (a receiver crashed): Redis's own expiry, brought forward to now.
      expect(await admin.pexpireat(key, 1)).toBe(1);
      expect(await admin.exists(key)).toBe(0);
      expect(await two.claim('ttl')).toBe('claimed');
      await two.complete('ttl');
      expect(await admin.ttl(key)).toBeGreaterThan(options.ttlSeconds - options.leaseSeconds);
      expect(await admin.ttl(key)).toBeLessThanOrEqual(options.ttlSeconds);
      expect(await one.claim('ttl')).toBe('completed');
      // The TTL passes: the event is forgotten, and a delivery of it is processed again.
      await admin.pexpireat(key, 1);
      expect(await one.claim('ttl')).toBe('claimed');
    },
  );

  withRedis(
    'a late release deletes neither the claim another receiver now holds nor the completed mark',
    async () => {
      const [slow, retry] = receivers();
      const third = createDeduper({ ...options, store: b.store });
      const key = `${options.prefix}late`;
      expect(await slow.claim('late')).toBe('claimed');
      await admin.pexpireat(key, 1); // the slow receiver outlives its lease; the sender's retry arrives
      expect(await retry.claim('late')).toBe('claimed');
      const retryClaim = await admin.get(key);
      await slow.release('late'); // the slow one fails: the retry's claim must stay
      expect(await admin.get(key)).toBe(retryClaim);
      expect(await third.claim('late')).toBe('processing');
      await slow.complete('late');
      await retry.release('late'); // the retry fails after the slow one completed
      expect(await admin.get(key)).toBe('completed');
      expect(await third.claim('late')).toBe('completed');
    },
  );
});
