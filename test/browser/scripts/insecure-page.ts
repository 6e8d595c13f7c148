// Bundled for a page that is no secure context (test/browser/browser.test.ts serves it over http
// by a name that is not this machine's, as a container's service name or a LAN address is): there a
// browser has no crypto.randomUUID and no crypto.subtle. The built mock server, in the page behind
// `mock.fetch`, answers the built SDK all the same; only its webhook signing needs WebCrypto.
import { createMockServer } from '@agent-platform/mock-server';
import { AgentPlatform } from '@agent-platform/sdk';

/** The results the test checks. */
export async function run(): Promise<Record<string, unknown>> {
  const errors: string[] = [];
  const mock = createMockServer({
    clock: 'manual',
    onError: (error, { path }) => errors.push(`${path}: ${(error as Error).name}`),
    deliveryFetch: async () => new Response(null, { status: 204 }),
  });
  const { key } = mock.createApiKey({ scopes: 'all' });
  const client = new AgentPlatform({ apiKey: key, baseUrl: mock.baseUrl, fetch: mock.fetch });
  await client.webhooks.create({ url: 'https://receiver.example/hooks', events: ['*'] });
  const created = await client.agents.create({ name: 'on an http page' }).withResponse();
  const listed = (await client.agents.list()).data.map((agent) => agent.name);
  // contact.created: a delivery, which signing fails.
  await client.contacts.create({ name: 'Ada', email: 'ada@example.com' });
  await mock.settle();
  const result = {
    secureContext: isSecureContext,
    randomUUID: typeof crypto.randomUUID,
    subtle: typeof crypto.subtle,
    listed,
    requestId: created.requestId,
    id: created.data.id,
    errors,
    attempts: mock.webhookAttempts().length,
  };
  mock.dispose();
  return result;
}
