import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './assert-built.js';
import { expectedOutcomes, expectedSignatures } from './expected-outcomes.js';
import { type Runtime, runScript } from './run-script.js';
import { checkSdkResults } from './sdk-checks.js';
import { type RunningMock, startMockServer } from './start-mock-server.js';
import { checkWebhookVerifyResults } from './webhook-verify-checks.js';

// The packages on Deno, Bun, Cloudflare's workerd and Vercel's Edge Runtime, as built (dist/) and
// imported by their names, as users get them (the root's devDependencies link them into
// node_modules): each runtime runs a script from scripts/ in a child process, which prints its
// results as one line of JSON (on workerd, a Worker bundled as Wrangler does runs the script's
// results: see run-worker.ts; on the Edge Runtime, an Edge Function bundled as Next.js bundles an
// edge route, in an EdgeVM of this process: see run-edge.ts).
// `pnpm test` builds before it runs the tests; alone: `pnpm build && pnpm exec vitest run test/runtimes`.
const runtimes: Runtime[] = ['deno', 'bun', 'workerd', 'edge'];
const dist = (path: string) => expect.stringMatching(new RegExp(`/packages/${path}$`));

/** A delivery's outcome when the receiver's rotation holds the secret that signed it. */
const accepted = (variant: string, signedWith: string) => ({
  ok: true,
  variant,
  event: 'webhook.test',
  data: { message: `signed with ${signedWith}: ünïcödé ✓` },
});

let mock: RunningMock;
beforeAll(async () => {
  assertBuilt([
    'packages/webhook-verify/dist/index.js',
    'packages/webhook-verify/dist/dedupe.js',
    'packages/webhook-verify/dist/node.js',
    'packages/sdk/dist/index.js',
    'packages/mock-server/dist/cli.js',
  ]);
  mock = await startMockServer();
}, 30_000);
afterAll(() => mock?.stop());

describe.each(runtimes)('on %s', (runtime) => {
  describe('@agent-platform/webhook-verify', () => {
    let result: Record<string, unknown>;
    beforeAll(async () => {
      result = await runScript(runtime, 'webhook-verify.ts');
    }, 60_000);

    it('imports the built entries by package name', () => {
      expect(result.resolved).toEqual([
        dist('webhook-verify/dist/index.js'),
        dist('webhook-verify/dist/dedupe.js'),
      ]);
    });

    checkWebhookVerifyResults(() => result);

    it("a receiver reads a Request's body as a Uint8Array or an ArrayBuffer and accepts either secret of a rotation", () => {
      // On workerd, each Request goes through a service binding to the Worker's fetch handler; on the
      // Edge Runtime, a copy is dispatched to the Edge Function's, its body a stream.
      const expected: Record<string, unknown> = {};
      for (const variant of ['A', 'B']) {
        for (const body of ['Uint8Array', 'ArrayBuffer']) {
          expected[`${variant} | previous | ${body}`] = accepted(variant, 'previous');
          expected[`${variant} | next | ${body}`] = accepted(variant, 'next');
          expected[`${variant} | unknown | ${body}`] = { ok: false, code: 'signature_mismatch' };
        }
      }
      expect(result.fromRequest).toEqual(expected);
    });

    // Only a Worker and the Edge Runtime run without Node's globals: Deno and Bun have them
    // (registered, not skipped).
    if (runtime === 'workerd' || runtime === 'edge') {
      it('runs without Node.js globals (no process, Buffer or require)', () => {
        expect(result.nodeGlobals).toEqual([]);
      });
    }
  });

  // The Edge Runtime has no node:crypto: edge.test.ts checks that /node is refused there
  // (registered for the other runtimes, not skipped).
  if (runtime !== 'edge') {
    describe('@agent-platform/webhook-verify/node (node:crypto)', () => {
      let result: Record<string, unknown>;
      beforeAll(async () => {
        result = await runScript(runtime, 'webhook-verify-node.ts');
      }, 60_000);

      it('verifyWebhookSync and signWebhookSync agree with the vectors', () => {
        expect(result.resolved).toEqual([dist('webhook-verify/dist/node.js')]);
        expect(result.outcomes).toEqual(expectedOutcomes());
        expect(result.signatures).toEqual(expectedSignatures());
        expect(result.wrongSignature).toEqual({ code: 'signature_mismatch' });
      });
    });
  }

  describe('@agent-platform/sdk against the mock server over HTTP', () => {
    let result: Record<string, unknown>;
    beforeAll(async () => {
      result = await runScript(runtime, 'sdk.ts', {
        args: [mock.url],
        allowNet: `127.0.0.1:${mock.port}`,
      });
    }, 60_000);

    it('imports the built entry by package name', () => {
      expect(result.resolved).toEqual([dist('sdk/dist/index.js')]);
    });

    if (runtime === 'workerd' || runtime === 'edge') {
      it("runs without Node.js globals, on the runtime's own fetch to loopback", () => {
        expect(result.nodeGlobals).toEqual([]);
      });
    }

    checkSdkResults(() => result);
  });
});
