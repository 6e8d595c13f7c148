// A user's program that is only type-checked, never run: every entry point but mock-server/msw,
// used as a project with the strictest settings would (exactOptionalPropertyTypes: an option that
// may be undefined is passed as it is), with no Node API, so that it compiles for Node, edge and
// browser projects alike, under the oldest TypeScript the packages support.
import {
  createManualClock,
  createMockServer,
  DEMO_API_KEY,
  DEMO_IDS,
  isMockApiError,
  type MockServer,
  type MockServerOptions,
  type StateSnapshot,
} from '@agent-platform/mock-server';
import {
  connectMock,
  isMockApiError as isClientError,
  type JournalEntry,
  type MockClient,
} from '@agent-platform/mock-server/client';
import {
  AgentPlatform,
  type ClientOptions,
  type FetchLike,
  isAPIError,
  isRateLimitError,
  type ListOptions,
  type Page,
  type QueryParams,
  type RequestBody,
  type ResponseData,
  type Schemas,
} from '@agent-platform/sdk';
import {
  isWebhookVerificationError,
  signWebhook,
  type VerifyWebhookOptions,
  verifyWebhook,
  type WebhookEvent,
  type WebhookEventA,
  type WebhookHeaders,
} from '@agent-platform/webhook-verify';
import {
  createDeduper,
  createMemoryStore,
  type DedupeStore,
} from '@agent-platform/webhook-verify/dedupe';
import { isWebhookEventName, webhookEventNamesB } from '@agent-platform/webhook-verify/events';
import { signWebhookSync, verifyWebhookSync } from '@agent-platform/webhook-verify/node';
import { validateWebhookData, webhookDataSchema } from '@agent-platform/webhook-verify/zod';

/** Settings as a user's configuration holds them: each may be missing. */
interface Settings {
  variant?: 'A' | 'B';
  port?: number;
  tolerance?: number;
  status?: 'active' | 'inactive';
  email?: string;
}

export async function sdk(mock: MockServer, settings: Settings): Promise<string> {
  const fetchLike: FetchLike = mock.fetch;
  const options: ClientOptions = { apiKey: DEMO_API_KEY, baseUrl: mock.baseUrl, fetch: fetchLike };
  const client = new AgentPlatform({
    ...options,
    clock: {
      now: () => mock.clock.now(),
      sleep: async (ms) => void (await mock.clock.advance(ms)),
    },
    maxRetries: settings.port,
  });
  const limits: ListOptions = { maxItems: 10, signal: new AbortController().signal };
  const page: Page<Schemas['Agent']> = await client.agents.list(
    { status: settings.status },
    limits,
  );
  page.hasNextPage();
  for await (const agent of client.agents.list({ limit: 100 })) agent.id.toUpperCase();
  for await (const each of client.agents.list().pages()) each.data[0]?.name;
  const body: RequestBody<'contactsCreate'> = { name: 'Ann', email: settings.email };
  const created: ResponseData<'contactsCreate'> = await client.contacts.create(body);
  const query: QueryParams<'contactsList'> = { page: 1 };
  const { data, requestId, rateLimit } = await client.contacts.list(query).withResponse();
  const raw = await client.raw.GET('/v1/agents/{id}', {
    params: { path: { id: DEMO_IDS.supportAgent } },
  });
  try {
    await client.chats.sendMessage(DEMO_IDS.supportAgent, { content: 'hi' });
  } catch (error) {
    if (isRateLimitError(error)) return String(error.retryAfter);
    if (isAPIError(error)) return `${error.status} ${error.code} ${error.details?.[0]?.field}`;
  }
  return `${data.data.length} ${requestId} ${rateLimit?.remaining} ${created.id} ${raw.data?.data.name}`;
}

export async function mockServer(settings: Settings): Promise<void> {
  const options: MockServerOptions = { variant: settings.variant, clock: createManualClock(0) };
  const mock = createMockServer({ ...options, seed: 'demo', journalSize: settings.port });
  mock.faults.add({ path: '/v1/agents', status: 503, times: 1 });
  // Control methods' options may be undefined too: left out.
  mock.faults.add({ path: '/v1/agents', drop: 'response', times: settings.port });
  mock.reset({ seed: settings.variant && 'demo' });
  mock.createApiKey({ scopes: 'all', name: settings.email, key: undefined });
  mock.requests({ limit: settings.port, status: settings.port, method: settings.email });
  const snapshot: StateSnapshot = mock.exportState();
  mock.importState(snapshot);
  const stop = mock.events.on((event) => event.data);
  stop();
  const server = await mock.listen({ port: settings.port, host: undefined });
  await server.close({ graceMs: settings.port });
  try {
    mock.revokeApiKey('nope');
  } catch (error) {
    if (isMockApiError(error)) error.details?.[0]?.rule;
  }
  mock.dispose();
}

export async function mockClient(url: string, settings: Settings): Promise<number> {
  const client: MockClient = connectMock(url, { adminToken: settings.email, fetch: undefined });
  const { id } = await client.createApiKey({ scopes: 'all', name: settings.email });
  await client.faults.add({ path: '/v1/agents', status: 503, key_id: id, times: settings.port });
  const entries: JournalEntry[] = await client.requests({ key_id: id, dropped: null });
  await client.importState(await client.exportState());
  try {
    await client.revokeApiKey('nope');
  } catch (error) {
    if (isClientError(error)) error.details?.[0]?.rule;
  }
  return entries.length + (await client.clock.advance(settings.port ?? 0));
}

export async function webhooks(
  rawBody: string,
  headers: WebhookHeaders,
  settings: Settings,
): Promise<WebhookEvent> {
  const secret = `whsec_${'ab'.repeat(32)}`;
  const signed = await signWebhook({ variant: 'A', secret, rawBody, timestamp: settings.port });
  signed['X-Webhook-Signature'].length;
  const options: VerifyWebhookOptions<'auto'> = {
    variant: 'auto',
    rawBody,
    headers,
    secret,
    toleranceSeconds: settings.tolerance,
  };
  const event = await verifyWebhook(options).catch((error: unknown) => {
    if (isWebhookVerificationError(error)) error.code;
    throw error;
  });
  const a: WebhookEventA = await verifyWebhook({
    variant: 'A',
    rawBody,
    headers: new Headers(signed),
    secret,
  });
  if (a.event === 'contact.created') a.data.name;
  signWebhookSync({ variant: 'B', secret, rawBody })['X-Service-Signature'];
  verifyWebhookSync({ variant: settings.variant ?? 'A', rawBody, headers, secret: [secret] });
  const store: DedupeStore = createMemoryStore({ maxEntries: settings.port });
  await createDeduper({ store, ttlSeconds: 60, leaseSeconds: settings.tolerance }).claim(event);
  if (isWebhookEventName('B', event.event)) webhookEventNamesB.includes(event.event);
  webhookDataSchema(event.event)?.parse(event.data);
  return validateWebhookData(event, { unknownEvents: undefined });
}
