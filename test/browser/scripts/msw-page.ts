// Bundled for the page (test/browser/browser.test.ts): the built mock server in the page behind
// MSW's setupWorker, with msw's own mockServiceWorker.js served from the page's origin, answering
// the built SDK's plain global fetch (no `fetch` option) for a host that does not exist.
import { createMockServer } from '@agent-platform/mock-server';
import { mswHandlers } from '@agent-platform/mock-server/msw';
import { AgentPlatform, RateLimitError } from '@agent-platform/sdk';
import { setupWorker } from 'msw/browser';

/** The results the test checks. */
export async function run(): Promise<Record<string, unknown>> {
  // No such host: only the service worker can answer it (the browser resolves no name here).
  const mock = createMockServer({ clock: 'manual', baseUrl: 'http://api.mock.test' });
  const worker = setupWorker(...mswHandlers(mock));
  await worker.start({
    serviceWorker: { url: '/mockServiceWorker.js' },
    onUnhandledRequest: 'error',
    quiet: true,
  });
  try {
    const { key } = mock.createApiKey({ scopes: 'all' });
    const client = new AgentPlatform({
      apiKey: key,
      baseUrl: mock.baseUrl,
      clock: { now: () => mock.clock.now(), sleep: (ms) => mock.clock.advance(ms) },
    });
    const created = await client.agents.create({ name: 'through the worker' }).withResponse();
    const updated = await client.agents.update(created.data.id, { name: 'renamed' });
    const listed = await client.agents.list().withResponse();

    mock.faults.add({ method: 'GET', path: '/v1/agents', status: 429, retry_after: 120 });
    let rateLimited: unknown = 'answered';
    try {
      await client.agents.list();
    } catch (error) {
      if (!(error instanceof RateLimitError)) throw error;
      rateLimited = { retryAfter: error.retryAfter, requestId: typeof error.requestId };
    }

    // A body a fault cuts halfway fails the page's fetch or its read, in every engine. In WebKit,
    // which cannot hand a stream to the worker, msw reads the body whole first, and the cut left the
    // request pending until the client's timeout: the handlers answer a network error there. The
    // 30 s race only ends a hang the test would otherwise wait out; a cut settles in milliseconds.
    mock.faults.add({ method: 'GET', path: '/v1/contacts', drop: 'body' });
    const cut = fetch(`${mock.baseUrl}/v1/contacts`, { headers: { 'x-api-key': key } }).then(
      (response) => response.text().then(() => 'read whole'),
    );
    const hang = new Promise<string>((resolve) => setTimeout(() => resolve('pending'), 30_000));
    const bodyCut = await Promise.race([cut.catch(() => 'failed'), hang]);

    // The control API through the worker too, from the page's fetch.
    const journal = await fetch(`${mock.baseUrl}/__mock/requests?operation_id=agentsCreate`);
    return {
      controlledBy: navigator.serviceWorker.controller?.scriptURL,
      created: created.data.name,
      createdRequestId: created.requestId === mock.requests().at(0)?.request_id,
      updated: updated.name,
      listed: listed.data.data.map((agent) => agent.name),
      rateLimit: listed.rateLimit === undefined ? 'none' : Object.keys(listed.rateLimit),
      rateLimited,
      bodyCut,
      journal: ((await journal.json()) as { data: { method: string }[] }).data.map((r) => r.method),
    };
  } finally {
    worker.stop();
  }
}
