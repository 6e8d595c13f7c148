// The Worker that workerd runs without Node.js compatibility (test/runtimes/run-worker.ts bundles
// it as Wrangler does): its `test` handler prints the results of webhook-verify.ts or sdk.ts, the
// same as on Deno and Bun. Its `fetch` handler is the webhook receiver, which webhook-verify's
// deliveries reach through the SELF service binding, so their body and headers are the ones
// workerd hands a Worker.
import * as sdk from './sdk-results.ts';
import * as webhookVerify from './webhook-verify-results.ts';
import { testHandler } from './worker-test.ts';

export default {
  fetch: (request: Request): Promise<Response> => webhookVerify.receive(request),
  test: testHandler({
    'webhook-verify.ts': async (env) => [
      webhookVerify.entries,
      await webhookVerify.results((request) => env.SELF.fetch(request)),
    ],
    'sdk.ts': async (env) => [sdk.entries, await sdk.results(env.ARGS[0] ?? '')],
  }),
};
