// The built @agent-platform/sdk, imported by its name as a user would, against the mock server the
// test started, on the runtime's own fetch and timers: sdk.ts runs it on Deno and Bun, worker.ts on
// workerd. The test (test/runtimes/runtimes.test.ts) checks its results.
import {
  AgentPlatform,
  isNotFoundError,
  NotFoundError,
  RateLimitError,
  systemClock,
} from '@agent-platform/sdk';

/** The package entry these results come from, as imported. */
export const entries = ['@agent-platform/sdk'];

/** Calls the mock's control API (not part of the SDK). */
export async function control(
  baseUrl: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<unknown> {
  const response = await fetch(`${baseUrl}/__mock${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} /__mock${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: unknown }).data;
}

/** The error's class name and the fields a caller branches on. */
function described(error: unknown): unknown {
  if (!(error instanceof Error)) throw error;
  const { status, code, retryAfter } = error as {
    status?: number;
    code?: string;
    retryAfter?: number;
  };
  return { name: error.name, status, code, retryAfter };
}

/** The results the test checks, against the mock server at `baseUrl`. */
export async function results(baseUrl: string): Promise<Record<string, unknown>> {
  // A key without workspace_id gets an empty workspace of its own: nothing else shows in its lists.
  const { key } = (await control(baseUrl, 'POST', '/api-keys', { scopes: 'all' })) as {
    key: string;
  };
  // Every wait the SDK asks for is recorded, and slept on the SDK's own timers.
  const sleeps: number[] = [];
  const client = new AgentPlatform({
    apiKey: key,
    baseUrl,
    clock: {
      now: () => systemClock.now(),
      sleep: (ms, signal) => {
        sleeps.push(ms);
        return systemClock.sleep(ms, signal);
      },
    },
  });

  const names = ['agent 1', 'agent 2', 'agent 3', 'agent 4', 'agent 5'];
  const ids: string[] = [];
  for (const name of names) ids.push((await client.agents.create({ name })).id);
  const [first = '', second = ''] = ids;

  // Pagination: 5 agents, 2 a page, oldest first.
  const listed: string[] = [];
  for await (const agent of client.agents.list({ limit: 2, order: 'asc' })) listed.push(agent.name);
  const pages: number[] = [];
  for await (const page of client.agents.list({ limit: 2, order: 'asc' }).pages()) {
    pages.push(page.pagination.page);
  }

  // Get, delete, and get again: a 404.
  const retrieved = (await client.agents.retrieve(first)).name;
  const deleted = await client.agents.delete(first);
  let afterDelete: unknown = 'found';
  try {
    await client.agents.retrieve(first);
  } catch (error) {
    afterDelete = {
      ...(described(error) as object),
      instanceOfClass: error instanceof NotFoundError,
      guard: isNotFoundError(error),
    };
  }

  // A 429 with Retry-After: 1 once (a fault on this agent's path alone): the SDK waits 1 s, retries.
  await control(baseUrl, 'POST', '/faults', {
    method: 'GET',
    path: `/v1/agents/${second}`,
    status: 429,
    retry_after: 1,
  });
  const retried = (await client.agents.retrieve(second)).name;
  const waited = [...sleeps];
  const faultsLeft = ((await control(baseUrl, 'GET', '/faults')) as unknown[]).length;

  // A Retry-After past maxRetryAfter (60 s): a RateLimitError at once, no wait.
  await control(baseUrl, 'POST', '/faults', {
    method: 'GET',
    path: `/v1/agents/${second}`,
    status: 429,
    retry_after: 120,
  });
  let tooLong: unknown = 'answered';
  try {
    await client.agents.retrieve(second);
  } catch (error) {
    tooLong = { ...(described(error) as object), instanceOfClass: error instanceof RateLimitError };
  }
  const sleepsAfter = sleeps.length - waited.length;

  // A POST refused with 429 (Retry-After: 0) is sent again, its body too: the retry is a Request
  // built from the one the runtime's fetch has already read.
  await control(baseUrl, 'POST', '/faults', {
    method: 'POST',
    path: '/v1/agents',
    status: 429,
    retry_after: 0,
  });
  const replayed = await client.agents.create({ name: 'agent 6', description: 'sent twice' });
  const postRetried = {
    name: replayed.name,
    description: replayed.description,
    waited: sleeps.slice(waited.length + sleepsAfter),
    faultsLeft: ((await control(baseUrl, 'GET', '/faults')) as unknown[]).length,
  };

  return {
    listed,
    pages,
    retrieved,
    deleted: deleted === undefined ? 'undefined' : deleted,
    afterDelete,
    rateLimited: { retried, waited, faultsLeft },
    tooLong: { ...(tooLong as object), sleepsAfter },
    postRetried,
  };
}
