import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from '../runtimes/assert-built.js';
import { checkSdkResults } from '../runtimes/sdk-checks.js';
import { type RunningMock, startMockServer } from '../runtimes/start-mock-server.js';
import { checkWebhookVerifyResults } from '../runtimes/webhook-verify-checks.js';
import { bundlePage } from './bundle-page.js';
import { chromiumEngine } from './chromium.js';
import type { Engine, EngineBrowser, EnginePage } from './engine.js';
import { firefoxEngine } from './firefox.js';
import { foreignSite } from './foreign-site.js';
import { type PageFile, type PageServer, startPageServer } from './page-server.js';
import { webkitEngine } from './webkit.js';

// The packages in headless browsers, as built (dist/) and bundled for a page as an app's bundler
// does, imported by their names: each script of scripts/ is served from a page origin on loopback
// and run in the page, which hands its results back to the test. The SDK calls the mock server,
// a child process on another port (another origin: CORS, as an app calling the API), and the mock
// runs in the page too, behind `mock.fetch` and behind MSW's service worker. The same pages run in
// Chromium (from the npm registry, see chromium.ts), Firefox ESR and WebKitGTK (Debian's packages,
// see firefox.ts and webkit.ts). `pnpm test` builds first; alone:
// `pnpm build && pnpm exec vitest run test/browser`.

const engines = [chromiumEngine, firefoxEngine, webkitEngine];
/** Why each engine is skipped: only where it is missing, never in CI, which fails instead. */
const skipReasons = new Map<Engine, string | undefined>();
for (const engine of engines) {
  const missing = await engine.missing();
  skipReasons.set(engine, missing && !process.env.CI ? missing : undefined);
}
const scripts = [
  'sdk-page',
  'webhook-verify-page',
  'in-process-page',
  'msw-page',
  'foreign-page',
  'insecure-page',
];
const root = new URL('../../', import.meta.url);

let mock: RunningMock;
let server: PageServer;
const bundled = new Map<string, string[]>();

beforeAll(async () => {
  if (engines.every((engine) => skipReasons.get(engine))) return;
  assertBuilt([
    'packages/webhook-verify/dist/index.js',
    'packages/sdk/dist/index.js',
    'packages/mock-server/dist/index.js',
    'packages/mock-server/dist/msw.js',
    'packages/mock-server/dist/cli.js',
  ]);
  const files = new Map<string, PageFile>();
  // MSW's worker as the app serves it (`npx msw init` copies this file into its public folder).
  const worker = await readFile(new URL('node_modules/msw/lib/mockServiceWorker.js', root), 'utf8');
  files.set('/mockServiceWorker.js', { type: 'text/javascript', body: worker });
  await Promise.all(
    scripts.map(async (name) => {
      const { code, packageFiles } = await bundlePage(`${name}.ts`);
      files.set(`/${name}.js`, { type: 'text/javascript', body: code });
      bundled.set(name, packageFiles);
    }),
  );
  mock = await startMockServer();
  server = await startPageServer(files, mock.url);
}, 60_000);
afterAll(async () => {
  await server?.close();
  await mock?.stop();
});

/** The files of the packages that a script's bundle holds and that are not built (src/, test/). */
const unbuiltFiles = (name: string) =>
  bundled.get(name)?.filter((file) => !file.includes('/dist/'));

for (const engine of engines) {
  const skipReason = skipReasons.get(engine);
  const { failedFetch } = engine;
  let browser: EngineBrowser;
  let page: EnginePage;
  /** What the pages logged: shown when a script fails. */
  const logs: string[] = [];

  /** Runs `run(...args)` of `scripts/<name>.ts` in `on` (by default the page on the loopback origin). */
  const runPage = async (
    name: string,
    args: unknown[] = [],
    on: EnginePage = page,
  ): Promise<Record<string, unknown>> => {
    try {
      // A string: Vite rewrites a function's import() before the driver sends its source to the page.
      return (await on.evaluate(
        `import('/${name}.js').then((module) => module.run(...${JSON.stringify(args)}))`,
      )) as Record<string, unknown>;
    } catch (error) {
      throw new Error(`${name} failed in the page: ${error}\npage logs:\n${logs.join('\n')}`);
    }
  };
  /** A new page of the browser at `url`, whose console goes to `logs`. */
  const openPage = (url: string) => browser.openPage(url, (line) => logs.push(line));

  describe.skipIf(skipReason !== undefined)(`in headless ${engine.name}`, () => {
    beforeAll(async () => {
      browser = await engine.launch();
      page = await openPage(`${server.origin}/`);
      // WebKit's launch may try three drivers of 20 s each (webkit.ts): room for all three, and the page.
    }, 120_000);
    afterAll(async () => {
      await browser?.close();
    });

    it('runs the browser, its version as its driver gives it', () => {
      expect(browser.version).toMatch(/\d+\.\d+/);
    });

    describe('@agent-platform/sdk from a page of another origin, against the mock server over HTTP', () => {
      let result: Record<string, unknown>;
      beforeAll(async () => {
        result = await runPage('sdk-page', [mock.url, `${server.origin}/redirect`]);
      }, 60_000);

      it('bundles the built entry, imported by package name', () => {
        expect(bundled.get('sdk-page')).toContain('packages/sdk/dist/index.js');
        expect(unbuiltFiles('sdk-page')).toEqual([]);
      });

      checkSdkResults(() => result);

      it("passes the preflights of a JSON POST and a PUT with x-api-key and a header of the caller's", () => {
        expect(result.headersRead).toMatchObject({
          created: { name: 'browser agent', status: 201 },
          updated: 'renamed in a browser',
        });
      });

      it('reads the exposed X-Request-Id and X-RateLimit-* of a 2xx and of an error, and a 429 its Retry-After', () => {
        const uuid = expect.stringMatching(/^[0-9a-f-]{36}$/);
        const window = {
          limit: 100,
          remaining: expect.any(Number),
          reset: expect.any(Number),
        };
        expect(result.headersRead).toMatchObject({
          requestIds: [uuid, uuid, uuid],
          rateLimit: window,
        });
        expect(result.notFound).toEqual({ requestId: uuid, rateLimit: window });
        expect(result.rateLimitHeaders).toEqual({
          status: 429,
          retryAfter: 90,
          rateLimit: { ...window, remaining: 0 },
          requestId: uuid,
        });
      });

      it("a 2xx whose body is cut is an APIConnectionError over the browser's TypeError, not retried", () => {
        expect(result.bodyCut).toEqual({
          name: 'APIConnectionError',
          cause: expect.stringMatching(engine.cutBody),
          retries: 0,
        });
      });

      it("a redirect is the browser's opaque redirect, refused: status 0, no Location", () => {
        expect(result.redirected).toEqual({
          name: 'APIError',
          status: 0,
          message: 'Redirect not followed: check baseUrl',
        });
      });
    });

    describe('@agent-platform/webhook-verify on WebCrypto', () => {
      let result: Record<string, unknown>;
      beforeAll(async () => {
        result = await runPage('webhook-verify-page');
      }, 60_000);

      it('bundles the built entries, imported by package name, in a secure context without Node.js globals', () => {
        expect(bundled.get('webhook-verify-page')).toEqual(
          expect.arrayContaining([
            'packages/webhook-verify/dist/index.js',
            'packages/webhook-verify/dist/dedupe.js',
          ]),
        );
        expect(unbuiltFiles('webhook-verify-page')).toEqual([
          // The vectors the scripts of every runtime share.
          'packages/webhook-verify/test/fixtures/vectors.json',
          'packages/webhook-verify/test/support/vectors.ts',
        ]);
        expect(result.secureContext).toBe(true);
        expect(result.nodeGlobals).toEqual([]);
      });

      checkWebhookVerifyResults(() => result);

      it('a Request body read as bytes verifies', () => {
        expect(Object.keys(result.fromRequest as object)).toHaveLength(12);
        for (const [name, outcome] of Object.entries(result.fromRequest as object)) {
          expect(outcome, name).toMatchObject({ ok: !name.includes('unknown') });
        }
      });
    });

    describe('@agent-platform/mock-server in the page', () => {
      it('answers the SDK through mock.fetch in both variants, on its manual clock, and signs webhooks that webhook-verify accepts', async () => {
        const result = await runPage('in-process-page');
        expect(bundled.get('in-process-page')).toEqual(
          expect.arrayContaining([
            'packages/mock-server/dist/index.js',
            'packages/sdk/dist/index.js',
            'packages/webhook-verify/dist/index.js',
          ]),
        );
        expect(unbuiltFiles('in-process-page')).toEqual([]);
        for (const variant of ['A', 'B']) {
          expect(result[variant], variant).toEqual({
            first: 'agent 1',
            listed: ['agent 1', 'agent 2', 'agent 3'],
            afterDelete: 'NOT_FOUND',
            // A Retry-After of 30 s moves the mock's clock instead of waiting.
            rateLimited: { sleeps: [30_000], advancedMs: 30_000, afterRateLimit: 2 },
            delivered: [{ url: 'https://receiver.example/hooks', event: 'webhook.test' }],
          });
        }
      });

      it("answers the SDK's global fetch behind MSW's setupWorker, a real service worker, for a host that does not exist", async () => {
        const result = await runPage('msw-page');
        expect(bundled.get('msw-page')).toContain('packages/mock-server/dist/msw.js');
        expect(unbuiltFiles('msw-page')).toEqual([]);
        expect(result).toEqual({
          controlledBy: `${server.origin}/mockServiceWorker.js`,
          created: 'through the worker',
          createdRequestId: true,
          updated: 'renamed',
          listed: ['renamed'],
          rateLimit: ['limit', 'remaining', 'reset'],
          rateLimited: { retryAfter: 120, requestId: 'string' },
          bodyCut: 'failed',
          journal: ['POST'],
        });
      });
    });

    describe('a page of another site, over http (no secure context)', () => {
      it("the mock server's API answers it; its control API neither lets it read nor acts on what it sends without a preflight", async () => {
        const {
          data: { key },
        } = (await (
          await fetch(`${mock.url}/__mock/api-keys`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: '{"scopes":"all"}',
          })
        ).json()) as { data: { key: string } };
        const foreignOrigin = server.origin.replace('127.0.0.1', foreignSite);
        const foreign = await openPage(`${foreignOrigin}/`);
        const result = await runPage('foreign-page', [mock.url, key], foreign);
        await foreign.close();
        expect(result).toEqual({
          origin: foreignOrigin,
          api: 'from another site',
          controlRead: failedFetch,
          controlJson: failedFetch,
          // Sent (an opaque answer), and refused by the server before it reset anything.
          controlReset: { type: 'opaque', status: 0 },
        });
        const requests = await fetch(`${mock.url}/__mock/requests?operation_id=agentsCreate`);
        expect(((await requests.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
      });

      it('runs the mock in a page that is no secure context (no crypto.randomUUID, no crypto.subtle): the API answers, webhook signing fails to onError', async () => {
        const insecure = await openPage(`${server.origin.replace('127.0.0.1', foreignSite)}/`);
        const result = await runPage('insecure-page', [], insecure);
        await insecure.close();
        const uuid = expect.stringMatching(
          /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-/,
        );
        expect(result).toEqual({
          secureContext: false,
          randomUUID: 'undefined',
          subtle: 'undefined',
          listed: ['on an http page'],
          requestId: uuid,
          id: uuid,
          errors: ['(webhook delivery): TypeError'],
          attempts: 0,
        });
      });
    });
  });

  // Skip reason: this engine is not installed, outside CI only (skipReasons above; in CI a missing
  // engine fails instead). The report names the engine and how to get it (its binary's path, the apt
  // package or the variable to set), rather than the engine's tests silently missing.
  if (skipReason) it.skip(`in headless ${engine.name}: ${skipReason}`, () => {});
}
