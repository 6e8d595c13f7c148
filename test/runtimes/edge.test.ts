import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { signWebhook } from '@agent-platform/webhook-verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertBuilt } from './assert-built.js';
import { bundleForEdge, type EdgeFunction, startEdgeFunction } from './run-edge.js';
import { type RunningMock, startMockServer } from './start-mock-server.js';

// What runtimes.test.ts does not run on Vercel's Edge Runtime (see run-edge.ts): webhook-verify's
// /node, which needs node:crypto, and /zod, which must do without eval; its README recipe for a
// Next.js route handler, as an edge route; the SDK's options from the `process.env` that Next.js
// and Vercel give an edge function.

const readme = readFileSync(
  fileURLToPath(new URL('../../packages/webhook-verify/README.md', import.meta.url)),
  'utf8',
);

/** The first TypeScript block of the README after the line that starts with `marker`. */
function readmeBlock(marker: string): string {
  const at = readme.search(new RegExp(`^${marker}`, 'm'));
  const block = /^```ts\n([\s\S]*?)^```/m.exec(readme.slice(at));
  if (at < 0 || !block?.[1]) throw new Error(`no TypeScript block after "${marker}" in the README`);
  return block[1];
}

beforeAll(() => {
  assertBuilt([
    'packages/webhook-verify/dist/index.js',
    'packages/webhook-verify/dist/node.js',
    'packages/webhook-verify/dist/zod.js',
    'packages/sdk/dist/index.js',
    'packages/mock-server/dist/cli.js',
  ]);
});

/** Evaluates a bundle of `contents` in a new Edge Runtime and returns the JSON it answers a request with. */
async function answerOf(
  contents: string,
  globals?: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { code, errors } = await bundleForEdge({ contents });
  expect(errors).toEqual([]);
  const edge = startEdgeFunction(code, globals ? { globals } : {});
  const response = await edge.dispatch('https://edge.test/', { method: 'GET', headers: [] });
  return (await response.json()) as Record<string, unknown>;
}

describe('@agent-platform/webhook-verify/node on the Edge Runtime', () => {
  it('is refused when bundled for the edge: node:crypto does not resolve (the core and /dedupe do)', async () => {
    const node = await bundleForEdge({
      contents: "export * from '@agent-platform/webhook-verify/node';",
    });
    expect(node.errors).toEqual([expect.stringContaining('Could not resolve "crypto"')]);
    const core = await bundleForEdge({
      contents: `export * from '@agent-platform/webhook-verify';
export * from '@agent-platform/webhook-verify/dedupe';`,
    });
    expect(core.errors).toEqual([]);
  });
});

describe('@agent-platform/webhook-verify/zod on the Edge Runtime', () => {
  it("validates events without code generation from strings (zod's eval-free path; the edge forbids eval)", async () => {
    const answer = await answerOf(`
import { validateWebhookData } from '@agent-platform/webhook-verify/zod';
const outcome = (data: unknown) => {
  try {
    validateWebhookData({ variant: 'B', event: 'credit.low', data } as never);
    return 'valid';
  } catch (error) {
    return (error as { code?: string }).code + ': ' + (error as Error).message;
  }
};
addEventListener('fetch', (event: any) => {
  let evalRefused = false;
  try {
    new Function('');
  } catch {
    evalRefused = true;
  }
  event.respondWith(Response.json({
    evalRefused,
    valid: outcome({ credits_remaining: 5, threshold: 10 }),
    invalid: outcome({ credits_remaining: 'five', threshold: 10 }),
  }));
});`);
    expect(answer).toEqual({
      evalRefused: true,
      valid: 'valid',
      invalid: expect.stringMatching(/^invalid_data: .*data\.credits_remaining/),
    });
  });
});

describe("webhook-verify's README recipe as a Next.js edge route (app/webhooks/route.ts)", () => {
  const secret = 'whsec_edge-route-next';
  const previous = 'whsec_edge-route-previous';
  let route: EdgeFunction;
  beforeAll(async () => {
    // The recipe's receive() and its route handler, as the README writes them, in one route file.
    const file = `${readmeBlock('## Recipes')}
${readmeBlock('Next.js route handler')}
export const runtime = 'edge';`;
    const { code, errors } = await bundleForEdge({ contents: file }, 'route');
    expect(errors).toEqual([]);
    // As Next.js runs an edge route: its POST called with the request, process.env given.
    route = startEdgeFunction(
      `${code}\naddEventListener('fetch', (event) => event.respondWith(route.POST(event.request)));`,
      {
        globals: {
          process: { env: { WEBHOOK_SECRET: secret, WEBHOOK_SECRET_PREVIOUS: previous } },
        },
        quiet: true,
      },
    );
  }, 30_000);

  /** A delivery of `data`, signed with `signingSecret`, as the platform sends it. */
  async function delivery(variant: 'A' | 'B', signingSecret: string, data: unknown) {
    const rawBody = JSON.stringify({
      ...(variant === 'B' ? { event_id: `evt-${crypto.randomUUID()}` } : {}),
      event: 'webhook.test',
      timestamp: new Date().toISOString(),
      webhook_id: 'wh-edge-route',
      data,
    });
    const headers: Record<string, string> = await signWebhook({
      variant,
      secret: signingSecret,
      rawBody,
    });
    return { body: new TextEncoder().encode(rawBody), headers };
  }

  async function post(body: Uint8Array, headers: Record<string, string>) {
    const response = await route.dispatch('https://app.example/webhooks', {
      method: 'POST',
      headers: [['content-type', 'application/json'], ...Object.entries(headers)],
      body,
    });
    return { status: response.status, body: await response.text() };
  }

  it('handles a valid delivery once (request.arrayBuffer() of a streamed body), signed with either secret', async () => {
    const first = await delivery('A', secret, { message: 'ünïcödé ✓' });
    expect(await post(first.body, first.headers)).toEqual({ status: 200, body: 'ok' });
    expect(await post(first.body, first.headers)).toEqual({ status: 200, body: 'duplicate' });
    const second = await delivery('B', previous, { message: 'rotated' });
    expect(await post(second.body, second.headers)).toEqual({ status: 200, body: 'ok' });
    expect(route.logs.filter((log) => log.level === 'log').map((log) => log.text)).toEqual([
      'webhook.test',
      'webhook.test',
    ]);
  });

  it('handles a delivery of 2 MiB', async () => {
    const big = await delivery('A', secret, { message: 'x'.repeat(2 * 1024 * 1024) });
    expect(await post(big.body, big.headers)).toEqual({ status: 200, body: 'ok' });
  });

  it('answers 401 for a tampered body and an unknown secret, 400 for a missing header', async () => {
    const signed = await delivery('A', secret, { message: 'original' });
    const tampered = new TextEncoder().encode(
      new TextDecoder().decode(signed.body).replace('original', 'tampered'),
    );
    expect(await post(tampered, signed.headers)).toEqual({
      status: 401,
      body: 'signature_mismatch',
    });
    const unknown = await delivery('B', 'whsec_edge-route-unknown', { message: 'forged' });
    expect(await post(unknown.body, unknown.headers)).toEqual({
      status: 401,
      body: 'signature_mismatch',
    });
    const { 'X-Webhook-Signature': _, ...unsigned } = signed.headers;
    expect(await post(signed.body, unsigned)).toEqual({ status: 400, body: 'missing_header' });
    expect(route.logs.filter((log) => log.level === 'warn').map((log) => log.text)).toEqual([
      expect.stringMatching(/^webhook rejected: signature_mismatch /),
      expect.stringMatching(/^webhook rejected: signature_mismatch /),
      expect.stringMatching(/^webhook rejected: missing_header /),
    ]);
  });
});

describe("@agent-platform/sdk's options from the edge's process.env (Next.js and Vercel give one)", () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMockServer();
  }, 30_000);
  afterAll(() => mock?.stop());

  it('reads AGENT_PLATFORM_API_KEY and AGENT_PLATFORM_BASE_URL there', async () => {
    const created = await fetch(`${mock.url}/__mock/api-keys`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ scopes: 'all' }),
    });
    const { key } = ((await created.json()) as { data: { key: string } }).data;
    const answer = await answerOf(
      `
import { AgentPlatform } from '@agent-platform/sdk';
addEventListener('fetch', (event: any) => {
  const client = new AgentPlatform();
  event.respondWith(client.agents.create({ name: 'from the edge' }).then((agent) => Response.json(agent)));
});`,
      {
        process: { env: { AGENT_PLATFORM_API_KEY: ` ${key} `, AGENT_PLATFORM_BASE_URL: mock.url } },
      },
    );
    expect(answer).toMatchObject({ name: 'from the edge' });
  });
});
