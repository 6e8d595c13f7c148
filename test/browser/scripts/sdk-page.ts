// Bundled for the page (test/browser/browser.test.ts): the built @agent-platform/sdk, imported by its
// name, calling the mock server over HTTP from a page of another origin, on the browser's fetch and
// CORS. It runs the results the other runtimes run (test/runtimes/scripts/sdk-results.ts), and what
// only a browser can hide: the response headers the SDK reads, a preflight of each method and of a
// header of the caller's, a body cut, a redirect.
import { AgentPlatform, APIConnectionError, APIError, NotFoundError } from '@agent-platform/sdk';
import { control, results } from '../../runtimes/scripts/sdk-results.ts';

/** The results the test checks: `baseUrl` is the mock's, `redirecting` a URL that redirects to it. */
export async function run(baseUrl: string, redirecting: string): Promise<Record<string, unknown>> {
  const shared = await results(baseUrl);

  const { key } = (await control(baseUrl, 'POST', '/api-keys', { scopes: 'all' })) as {
    key: string;
  };
  const sleeps: number[] = [];
  const client = new AgentPlatform({
    apiKey: key,
    baseUrl,
    // A header of the caller's: the preflight must allow it.
    defaultHeaders: { 'X-Trace-Id': 'trace-1' },
    clock: { now: () => Date.now(), sleep: async (ms) => void sleeps.push(ms) },
  });

  // A POST with JSON, a PUT, a GET: each read with its headers.
  const created = await client.agents.create({ name: 'browser agent' }).withResponse();
  const updated = await client.agents
    .update(created.data.id, { name: 'renamed in a browser' })
    .withResponse();
  const retrieved = await client.agents.retrieve(created.data.id).withResponse();
  const headersRead = {
    created: { name: created.data.name, status: created.response.status },
    updated: updated.data.name,
    requestIds: [created, updated, retrieved].map((r) => r.requestId),
    rateLimit: retrieved.rateLimit,
  };

  // An error's request id and rate-limit window come from its headers too.
  await client.agents.delete(created.data.id);
  let notFound: unknown = 'found';
  try {
    await client.agents.retrieve(created.data.id);
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    notFound = { requestId: error.requestId, rateLimit: error.rateLimit };
  }

  // A 429's Retry-After, with X-RateLimit-*, read on the error when it is past maxRetryAfter.
  await control(baseUrl, 'POST', '/faults', {
    method: 'GET',
    path: '/v1/agents',
    status: 429,
    retry_after: 90,
  });
  let rateLimitHeaders: unknown = 'answered';
  try {
    await client.agents.list().withResponse();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    rateLimitHeaders = {
      status: error.status,
      retryAfter: (error as { retryAfter?: number }).retryAfter,
      rateLimit: error.rateLimit,
      requestId: error.requestId,
    };
  }

  // A 2xx whose body is cut halfway (status and headers arrived): the browser's fetch rejects the
  // read with its own TypeError, which the SDK takes for a connection error (a 2xx is not retried).
  // Not a cut before the answer (drop: 'request' or 'response'): Chromium resends a request itself,
  // a POST too, when a connection it reused closes before any byte of the answer, so the page may
  // never see that cut.
  await control(baseUrl, 'POST', '/faults', { method: 'GET', path: '/v1/agents', drop: 'body' });
  let bodyCut: unknown = 'answered';
  try {
    await client.agents.list();
  } catch (error) {
    if (!(error instanceof APIConnectionError)) throw error;
    bodyCut = { name: error.name, cause: String(error.cause), retries: sleeps.length };
  }

  // A baseUrl that redirects: the browser hides it (an opaque redirect); the SDK refuses it.
  let redirected: unknown = 'followed';
  try {
    await new AgentPlatform({ apiKey: key, baseUrl: redirecting }).agents.list();
  } catch (error) {
    if (!(error instanceof APIError)) throw error;
    redirected = { name: error.name, status: error.status, message: error.message };
  }

  return { ...shared, headersRead, notFound, rateLimitHeaders, bodyCut, redirected };
}
