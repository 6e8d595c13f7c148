// Run by Deno and Bun (test/runtimes/runtimes.test.ts): prints webhook-verify-results.ts's results,
// with where each entry resolved, as one JSON line.
import { entries, results } from './webhook-verify-results.ts';

console.log(
  JSON.stringify({ resolved: entries.map((e) => import.meta.resolve(e)), ...(await results()) }),
);
