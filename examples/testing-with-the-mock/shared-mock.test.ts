// 5. Test files that run in parallel, sharing ONE mock over HTTP. Start it once in Vitest's
// globalSetup and hand its URL to the files (here beforeAll stands in for it):
//
//   export default async function setup({ provide }: TestProject) { // test.globalSetup's file
//     const server = await createMockServer({ clock: 'manual' }).listen({ port: 0 });
//     provide('mockUrl', server.url); // a file reads it with inject('mockUrl')
//     return () => server.close();
//   }
//
// or run `agent-platform-mock --port 0 --exit-with-parent` and read the URL from its banner. Each file
// takes a key of its own, which comes with a workspace of its own; its faults name that key (`key_id`)
// and it reads the journal by that key, so it sees none of the others' data, faults or requests. The
// server's clock, health and `reset()` stay shared: no file may reset it or move its clock under the
// others. When you can, a mock per test in-process (the other files here) is simpler: nothing shared,
// no port, and a clock of the test's own.
import {
  type CreatedApiKey,
  createMockServer,
  type FaultSpec,
  type JournalEntry,
  type RunningServer,
} from '@agent-platform/mock-server';
import { AgentPlatform } from '@agent-platform/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContacts } from './contact-sync.js';

let server: RunningServer;
beforeAll(async () => {
  server = await createMockServer({ clock: 'manual' }).listen({ port: 0 });
});
afterAll(() => server.close());

/** Calls the shared mock's control API (add `x-mock-admin-token` if it has a token); its `data`. */
async function control<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${server.url}/__mock${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? null : JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { data: T }).data;
}

/** What one test file takes for itself: a key (and workspace), a client, its faults and requests. */
async function ownKey() {
  const { id, key } = await control<CreatedApiKey>('POST', '/api-keys', { scopes: 'all' });
  return {
    client: new AgentPlatform({ apiKey: key, baseUrl: server.url }),
    addFault: (fault: FaultSpec) => control('POST', '/faults', { ...fault, key_id: id }),
    requests: (filters: Record<string, string>) =>
      control<JournalEntry[]>(
        'GET',
        `/requests?${new URLSearchParams({ ...filters, key_id: id })}`,
      ),
  };
}

const people = [{ name: 'Katherine Johnson', email: 'katherine@example.com' }];

describe.concurrent('two test files at once on one mock', () => {
  it('file 1: every answer to its creates lost', async () => {
    const mine = await ownKey();
    // Armed for the whole file (unscoped, it would cut file 2's creates too).
    await mine.addFault({ method: 'POST', path: '/v1/contacts', drop: 'response', times: 100 });
    expect((await syncContacts(mine.client, people)).created).toHaveLength(1);
    const creates = await mine.requests({ operation_id: 'contactsCreate' });
    expect(creates).toMatchObject([{ status: 201, dropped: 'response' }]);
    expect(await mine.requests({ status: '503' })).toEqual([]); // file 2's fault is not for us
  });

  it('file 2: its list refused once', async () => {
    const mine = await ownKey();
    await mine.addFault({ method: 'GET', path: '/v1/contacts', status: 503, retry_after: 0 });
    expect((await syncContacts(mine.client, people)).created).toHaveLength(1);
    const lists = await mine.requests({ operation_id: 'contactsList' });
    expect(lists.map((r) => r.status)).toEqual([503, 200]);
    expect(await mine.requests({ dropped: 'response' })).toEqual([]); // nor file 1's for us
  });
});
