// A user's program, compiled in fresh ESM and CJS projects against the packed tarballs:
// every entry point but mock-server/msw (msw.ts) imported (or required, in CJS) and called once,
// with msw not installed.

import { inspect } from 'node:util';
import {
  createMockServer,
  DEMO_API_KEY,
  DEMO_IDS,
  isMockApiError,
  MockApiError,
} from '@agent-platform/mock-server';
import { connectMock, isMockApiError as isClientError } from '@agent-platform/mock-server/client';
import { createValidationProxy } from '@agent-platform/mock-server/proxy';
import { AgentPlatform, APIError, isNotFoundError } from '@agent-platform/sdk';
import {
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from '@agent-platform/webhook-verify';
import { createDeduper, createMemoryStore } from '@agent-platform/webhook-verify/dedupe';
import { isWebhookEventName } from '@agent-platform/webhook-verify/events';
import { signWebhookSync, verifyWebhookSync } from '@agent-platform/webhook-verify/node';
import { validateWebhookData } from '@agent-platform/webhook-verify/zod';

function check(condition: boolean, what: string): void {
  if (!condition) throw new Error(`failed: ${what}`);
}

async function main(): Promise<void> {
  const mock = createMockServer({ seed: 'demo', clock: 'manual' });
  const client = new AgentPlatform({
    apiKey: DEMO_API_KEY,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
  });
  const agent = await client.agents.retrieve(DEMO_IDS.supportAgent);
  check(agent.name === 'Support Agent', 'sdk call against the mock');
  const missing = await client.agents
    .retrieve('00000000-0000-4000-8000-00000000dead')
    .catch((e: unknown) => e);
  check(isNotFoundError(missing), 'sdk error class');
  const proxy = createValidationProxy({ upstream: mock.baseUrl, fetch: mock.fetch });
  const proxied = new AgentPlatform({
    apiKey: DEMO_API_KEY,
    baseUrl: mock.baseUrl,
    fetch: proxy.fetch,
  });
  await proxied.agents.list();
  check(proxy.violationCount() === 0, 'mock-server/proxy in front of the mock');
  const refused = (() => {
    try {
      mock.faults.add({ path: '/v1/nope', status: 503 });
    } catch (error) {
      return error;
    }
  })();
  check(
    refused instanceof MockApiError &&
      isMockApiError(refused) &&
      refused.details?.[0]?.field === 'path',
    'mock-server control error',
  );
  const refusal = inspect(refused);
  check(refusal.startsWith('MockApiError: path: '), `mock error name in logs: ${refusal}`);

  const secret = `whsec_${'ab'.repeat(32)}`;
  const rawBody = JSON.stringify({
    event: 'contact.created',
    timestamp: new Date().toISOString(),
    webhook_id: '00000000-0000-4000-8000-0000000000aa',
    data: {
      id: '00000000-0000-4000-8000-0000000000bb',
      name: 'Ann',
      email: null,
      phone: null,
      custom_fields: {},
      created_at: '2026-01-01T00:00:00Z',
      updated_at: '2026-01-01T00:00:00Z',
    },
  });
  const headers = await signWebhook({ variant: 'A', secret, rawBody });
  const event = await verifyWebhook({ variant: 'A', rawBody, headers: { ...headers }, secret });
  check(event.event === 'contact.created', 'verifyWebhook');
  const syncHeaders = signWebhookSync({ variant: 'A', secret, rawBody });
  check(
    verifyWebhookSync({ variant: 'auto', rawBody, headers: { ...syncHeaders }, secret }).variant ===
      'A',
    'verifyWebhookSync',
  );
  const deduper = createDeduper({ store: createMemoryStore(), ttlSeconds: 60 });
  check((await deduper.claim(event)) === 'claimed', 'dedupe');
  check(isWebhookEventName('A', 'contact.created'), 'events');
  check(validateWebhookData(event) === event, 'zod');
  // Logs name the class as it is exported, not as the bundler renamed it (_WebhookVerificationError).
  const apiError = inspect(APIError.generate(418, {}, new Headers()));
  check(apiError.startsWith('APIError: HTTP 418'), `APIError name in logs: ${apiError}`);
  const logged = inspect(new WebhookVerificationError('invalid_body', 'x'));
  check(logged.startsWith('WebhookVerificationError: x'), `error name in logs: ${logged}`);
  const server = await mock.listen({ port: 0 });
  const remote = connectMock(server.url);
  const created = await remote.createApiKey({ scopes: 'all' });
  check(typeof created.key === 'string', 'mock-server/client call over HTTP');
  const remoteRefusal = await remote.faults
    .add({ path: '/v1/nope', status: 503 })
    .catch((e: unknown) => e);
  check(
    isClientError(remoteRefusal) && isMockApiError(remoteRefusal) && remoteRefusal.status === 400,
    'mock-server/client error',
  );
  // The main entry's class, though the CJS build gives each entry a copy of its own.
  check(remoteRefusal instanceof MockApiError, 'mock-server/client error instanceof MockApiError');
  await server.close();
  mock.dispose();
  console.log('consumer: ok');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
