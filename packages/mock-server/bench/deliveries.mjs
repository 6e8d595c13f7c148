// node bench/deliveries.mjs [events]: emits events (default 60,000) to one webhook whose receiver
// answers 204 at once (in-process, manual clock, `deliveryFetch`), and prints the time of each 10,000.
// Queueing a delivery and keeping the history at its 50,000 finished deliveries should cost the same
// at the 60,000th event as at the first. A bench: it asserts nothing. Needs `pnpm build` first.
import { createMockServer } from '../dist/index.js';

const TOTAL = Number(process.argv[2] ?? 60_000);
const mock = createMockServer({
  variant: 'B',
  clock: 'manual',
  deliveryFetch: async () => new Response(null, { status: 204 }),
});
const { key, workspace_id } = mock.createApiKey({ scopes: 'all' });
await mock.fetch('/v1/webhooks', {
  method: 'POST',
  headers: { 'x-api-key': key, 'content-type': 'application/json' },
  body: JSON.stringify({ url: 'https://receiver.test/hook', events: ['*'] }),
});
let since = process.hrtime.bigint();
for (let i = 1; i <= TOTAL; i++) {
  mock.emitEvent({ workspace_id, event: 'credit.low', data: { credits_remaining: i } });
  if (i % 1000 === 0) await mock.settle();
  if (i % 10_000 === 0) {
    const now = process.hrtime.bigint();
    const ms = Number(now - since) / 1e6;
    console.log(
      `events ${i - 9_999}-${i}: ${ms.toFixed(0)} ms (${((ms * 1000) / 10_000).toFixed(0)} µs each)`,
    );
    since = now;
  }
}
console.log(`deliveries kept: ${mock.exportState().tables.deliveries.length}`);
mock.dispose();
