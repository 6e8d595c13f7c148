// Run by Deno and Bun (test/runtimes/runtimes.test.ts): prints sdk-results.ts's results against the
// mock server at the URL given as the argument, with where the entry resolved, as one JSON line.
import { entries, results } from './sdk-results.ts';

const baseUrl = process.argv[2];
if (!baseUrl) throw new Error('usage: sdk.ts <mock server URL>');

console.log(
  JSON.stringify({
    resolved: entries.map((e) => import.meta.resolve(e)),
    ...(await results(baseUrl)),
  }),
);
