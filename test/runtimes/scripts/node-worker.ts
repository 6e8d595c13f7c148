// The Worker that workerd runs with Node.js compatibility (test/runtimes/run-worker.ts): its `test`
// handler prints the results of webhook-verify-node.ts, the same as on Deno and Bun.
import * as webhookVerifyNode from './webhook-verify-node-results.ts';
import { testHandler } from './worker-test.ts';

export default {
  test: testHandler({
    'webhook-verify-node.ts': async () => [
      webhookVerifyNode.entries,
      await webhookVerifyNode.results(),
    ],
  }),
};
