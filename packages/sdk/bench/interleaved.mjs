// The SDK against bare openapi-fetch on the same canned in-process fetch, measured in alternating
// rounds and compared by each one's fastest round: on a busy machine the mean mostly measures the
// neighbours. Runs the built package (`pnpm build` first); prints figures, asserts nothing.
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

const ROUNDS = 60;
const CALLS = 300;

async function round(call) {
  const start = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  return ((performance.now() - start) / CALLS) * 1000;
}

for (const [name, { bare: bareCall, sdk: sdkCall }] of Object.entries(cases)) {
  for (let i = 0; i < 10; i++) {
    await round(bareCall);
    await round(sdkCall);
  }
  let bareBest = Number.POSITIVE_INFINITY;
  let sdkBest = Number.POSITIVE_INFINITY;
  for (let r = 0; r < ROUNDS; r++) {
    bareBest = Math.min(bareBest, await round(bareCall));
    sdkBest = Math.min(sdkBest, await round(sdkCall));
  }
  console.log(
    `${name}  bare openapi-fetch ${bareBest.toFixed(1)} us  SDK ${sdkBest.toFixed(1)} us  ratio ${(sdkBest / bareBest).toFixed(3)}x`,
  );
}
