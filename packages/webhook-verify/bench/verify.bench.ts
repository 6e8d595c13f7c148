import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { describe, bench as vitestBench } from 'vitest';
import { createMemoryStore } from '../src/dedupe.js';
import { signWebhookSync, verifyWebhook, verifyWebhookSync } from '../src/node.js';
import { delivery, secret } from './delivery.mjs';

// Longer runs than the default, to average out a busy machine.
const bench = (name: string, fn: () => void | Promise<void>) =>
  vitestBench(name, fn, { time: 1500, warmupTime: 300 });

for (const [label, size] of [
  ['1 KiB', 1024],
  ['64 KiB', 65_536],
] as const) {
  const { rawBody, headers } = delivery(size, signWebhookSync);
  const options = { variant: 'B' as const, rawBody, headers, secret };

  // The floor: what a hand-written receiver does, without and with parsing the JSON it needs anyway.
  const bare = () => {
    const mac = createHmac('sha256', secret).update(rawBody).digest();
    const given = Buffer.from(headers['x-service-signature'].slice(7), 'hex');
    if (!timingSafeEqual(mac, given)) throw new Error('mismatch');
  };

  describe(`node:crypto, ${label}`, () => {
    bench('bare createHmac + timingSafeEqual', bare);
    bench('bare createHmac + timingSafeEqual + JSON.parse', () => {
      bare();
      JSON.parse(rawBody.toString('utf8'));
    });
    // The least work that returns a verified, parsed event: the key made once, as verifyWebhookSync
    // caches it; the body decoded before the HMAC (the faster order); nothing checked.
    const key = createSecretKey(Buffer.from(secret, 'utf8'));
    bench('floor: key made once + createHmac + timingSafeEqual + JSON.parse', () => {
      const text = rawBody.toString('utf8');
      const mac = createHmac('sha256', key).update(rawBody).digest();
      const given = Buffer.from(headers['x-service-signature'].slice(7), 'hex');
      if (!timingSafeEqual(mac, given)) throw new Error('mismatch');
      JSON.parse(text);
    });
    bench('verifyWebhookSync', () => {
      verifyWebhookSync(options);
    });
  });

  describe(`WebCrypto, ${label}`, () => {
    const bytes = new Uint8Array(rawBody);
    const signature = Buffer.from(headers['x-service-signature'].slice(7), 'hex');
    bench('verifyWebhook (CryptoKey cached per secret)', async () => {
      await verifyWebhook(options);
    });
    bench('importKey on every call + subtle.verify', async () => {
      const key = await crypto.subtle.importKey(
        'raw',
        new TextEncoder().encode(secret),
        { name: 'HMAC', hash: 'SHA-256' },
        false,
        ['verify'],
      );
      if (!(await crypto.subtle.verify('HMAC', key, signature, bytes))) throw new Error('mismatch');
      JSON.parse(rawBody.toString('utf8'));
    });
  });
}

// A memory store at its maxEntries, every entry live (a TTL longer than maxEntries events last):
// each claim drops the oldest without sweeping the others.
describe('createMemoryStore, full of live entries', () => {
  for (const maxEntries of [10_000, 100_000]) {
    const store = createMemoryStore({ maxEntries });
    for (let i = 0; i < maxEntries; i++) void store.set(`done-${i}`, 'done', 86_400);
    let next = 0;
    bench(`setIfAbsent, maxEntries ${maxEntries}`, () => {
      void store.setIfAbsent(`claim-${next++}`, 'claim', 60);
    });
  }
});
