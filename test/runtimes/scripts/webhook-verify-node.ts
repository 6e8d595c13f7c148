// Run by Deno and Bun (test/runtimes/runtimes.test.ts): prints webhook-verify-node-results.ts's
// results, with where the entry resolved, as one JSON line.
import { entries, results } from './webhook-verify-node-results.ts';

console.log(
  JSON.stringify({ resolved: entries.map((e) => import.meta.resolve(e)), ...(await results()) }),
);
