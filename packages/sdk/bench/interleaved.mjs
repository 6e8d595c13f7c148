// The SDK against bare openapi-fetch on the same canned in-process fetch. Measured in pairs of
// rounds, one of each client, the first of the pair alternating, and compared by the median of the
// pairs' ratios: on a busy machine one round can be twice another, and a pair's two rounds share
// the neighbours. A round is long enough to span several young-generation GCs, so what a call leaves
// for the GC counts (the fastest of short rounds would pick rounds without one). Runs the built
// package (`pnpm build` first); prints figures, asserts nothing.
import createClient from 'openapi-fetch';
import { AgentPlatform } from '../dist/index.js';
import { BASE, canned, ID } from './canned.mjs';

const sdk = new AgentPlatform({ apiKey: 'k', baseUrl: BASE, fetch: canned });
const bare = createClient({ baseUrl: BASE, headers: { 'x-api-key': 'k' }, fetch: canned });

const cases = {
  'GET  /v1/agents/{id}': {
    bare: () => bare.GET('/v1/agents/{id}', { params: { path: { id: ID } } }),
    sdk: () => sdk.agents.retrieve(ID),
  },
  'POST /v1/agents     ': {
    bare: () => bare.POST('/v1/agents', { body: { name: 'Support' } }),
    sdk: () => sdk.agents.create({ name: 'Support' }),
  },
};

const PAIRS = Number(process.env.BENCH_SDK_PAIRS ?? 25);
const CALLS = 2000;

/** Microseconds per call over one round. */
async function round(call) {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  return ((performance.now() - start) / CALLS) * 1000;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

for (const [name, { bare: bareCall, sdk: sdkCall }] of Object.entries(cases)) {
  for (let i = 0; i < 3; i++) {
    await round(bareCall);
    await round(sdkCall);
  }
  const bareTimes = [];
  const sdkTimes = [];
  const ratios = [];
  for (let pair = 0; pair < PAIRS; pair++) {
    let bareTime;
    let sdkTime;
    if (pair % 2 === 0) {
      bareTime = await round(bareCall);
      sdkTime = await round(sdkCall);
    } else {
      sdkTime = await round(sdkCall);
      bareTime = await round(bareCall);
    }
    bareTimes.push(bareTime);
    sdkTimes.push(sdkTime);
    ratios.push(sdkTime / bareTime);
  }
  console.log(
    `${name}  bare openapi-fetch ${median(bareTimes).toFixed(1)} us  SDK ${median(sdkTimes).toFixed(1)} us  ratio ${median(ratios).toFixed(3)}x  (pairs ${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}x)`,
  );
}
