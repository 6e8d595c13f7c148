// Part of `pnpm bench` (bench/run.mjs): verifyWebhookSync (the built dist/node.js) against a bare
// createHmac + timingSafeEqual, with and without JSON.parse, on Variant B deliveries of 1 KiB and 64 KiB,
// and against the floor: the least node:crypto work that returns a verified, parsed event
// (the same deliveries and baselines as packages/webhook-verify/bench/verify.bench.ts). Measured in
// alternating rounds and compared by each one's fastest round: on a busy machine the mean mostly
// measures the neighbours. Prints `RESULT {...}` for run.mjs.
import { createHmac, createSecretKey, timingSafeEqual } from 'node:crypto';
import { delivery, secret } from '../packages/webhook-verify/bench/delivery.mjs';
import { signWebhookSync, verifyWebhookSync } from '../packages/webhook-verify/dist/node.js';

const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 40);

let sink = 0;
const results = [];
for (const [label, size, calls] of [
  ['1 KiB', 1024, 3000],
  ['64 KiB', 65_536, 150],
]) {
  const { rawBody, headers } = delivery(size, signWebhookSync);
  const options = { variant: 'B', rawBody, headers, secret };
  const bare = () => {
    const mac = createHmac('sha256', secret).update(rawBody).digest();
    const given = Buffer.from(headers['x-service-signature'].slice(7), 'hex');
    if (!timingSafeEqual(mac, given)) throw new Error('mismatch');
  };
  // The floor of any verify that returns the parsed event: the key made once (as verifyWebhookSync
  // caches it), the header decoded, the HMAC compared, the body decoded and parsed; nothing checked.
  // Decoded before the HMAC, the order that measured fastest (64 KiB: about 69 µs, 80 after it).
  const key = createSecretKey(Buffer.from(secret, 'utf8'));
  const floor = () => {
    const text = rawBody.toString('utf8');
    const mac = createHmac('sha256', key).update(rawBody).digest();
    const given = Buffer.from(headers['x-service-signature'].slice(7), 'hex');
    if (!timingSafeEqual(mac, given)) throw new Error('mismatch');
    sink += JSON.parse(text).event.length;
  };
  const cases = {
    bare,
    'bare-parse': () => {
      bare();
      sink += JSON.parse(rawBody.toString('utf8')).event.length;
    },
    floor,
    verifyWebhookSync: () => {
      sink += verifyWebhookSync(options).event.length;
    },
  };
  const round = (fn) => {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < calls; i++) fn();
    return Number(process.hrtime.bigint() - t0) / calls / 1000; // µs per call
  };
  for (let r = 0; r < 5; r++) for (const fn of Object.values(cases)) round(fn);
  const rounds = Object.fromEntries(Object.keys(cases).map((k) => [k, []]));
  for (let r = 0; r < ROUNDS; r++) {
    for (const [name, fn] of Object.entries(cases)) rounds[name].push(round(fn));
  }
  for (const [name, list] of Object.entries(rounds)) {
    list.sort((a, b) => a - b);
    results.push({
      size: label,
      name,
      bestUs: list[0],
      medianUs: list[Math.floor(list.length / 2)],
    });
  }
}
if (sink === 0) throw new Error('unreachable');
process.stdout.write(`RESULT ${JSON.stringify({ rounds: ROUNDS, results })}\n`);
