// 5. Test files that run in parallel, sharing ONE mock over HTTP. Start it once in Vitest's
// globalSetup and hand its URL to the files (here beforeAll stands in for it):
//
//   import type { TestProject } from 'vitest/node';
//   declare module 'vitest' { // types provide('mockUrl') and inject('mockUrl'), else a 'never' error
//     export interface ProvidedContext { mockUrl: string }
//   }
//   export default async function setup({ provide }: TestProject) { // test.globalSetup's file
//     const server = await createMockServer({ clock: 'manual' }).listen({ port: 0 });
//     provide('mockUrl', server.url); // a file reads it with inject('mockUrl')
//     return () => server.close();
//   }
//
// or run `agent-platform-mock --port 0 --exit-with-parent` and read the URL from its banner. A file
// reaches the mock's control API with connectMock(url) from @agent-platform/mock-server/client (add
// `{ adminToken }` if the mock has one): the server object's methods, over HTTP. Each file takes a
// key of its own, which comes with a workspace of its own; its faults name that key (`key_id`), it
// reads the journal by that key and clears only its own faults, so it sees none of the others' data,
// faults or requests. The server's clock, health and `reset()` stay shared: no file may reset it or
// move its clock under the others. When you can, a mock per test in-process (the other files here)
// is simpler: nothing shared, no port, and a clock of the test's own.
import { createMockServer, type RunningServer } from '@agent-platform/mock-server';
import { connectMock, type MockClient } from '@agent-platform/mock-server/client';
import { AgentPlatform } from '@agent-platform/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncContacts } from './contact-sync.js';

let server: RunningServer;
let mock: MockClient;
beforeAll(async () => {
  server = await createMockServer({ clock: 'manual' }).listen({ port: 0 });
  mock = connectMock(server.url); // in a test file: connectMock(inject('mockUrl'))
});
afterAll(() => server.close());

/** What one test file takes for itself: a key (and workspace) and a client with it. */
async function ownKey() {
  const { id, key } = await mock.createApiKey({ scopes: 'all' });
  return { id, client: new AgentPlatform({ apiKey: key, baseUrl: server.url }) };
}

const people = [{ name: 'Katherine Johnson', email: 'katherine@example.com' }];

describe.concurrent('two test files at once on one mock', () => {
  it('file 1: every answer to its creates lost', async () => {
    const { id, client } = await ownKey();
    // Armed for the whole file (unscoped, it would cut file 2's creates too).
    await mock.faults.add({
      method: 'POST',
      path: '/v1/contacts',
      drop: 'response',
      times: 100,
      key_id: id,
    });
    expect((await syncContacts(client, people)).created).toHaveLength(1);
    const creates = await mock.requests({ key_id: id, operation_id: 'contactsCreate' });
    expect(creates).toMatchObject([{ status: 201, dropped: 'response' }]);
    expect(await mock.requests({ key_id: id, status: 503 })).toEqual([]); // file 2's fault is not for us
    // Its own faults only: file 2's stay armed.
    await mock.faults.clear({ key_id: id });
    expect(await mock.faults.list({ key_id: id })).toEqual([]);
  });

  it('file 2: its list refused once', async () => {
    const { id, client } = await ownKey();
    await mock.faults.add({
      method: 'GET',
      path: '/v1/contacts',
      status: 503,
      retry_after: 0,
      key_id: id,
    });
    expect((await syncContacts(client, people)).created).toHaveLength(1);
    const lists = await mock.requests({ key_id: id, operation_id: 'contactsList' });
    expect(lists.map((r) => r.status)).toEqual([503, 200]);
    expect(await mock.requests({ key_id: id, dropped: 'response' })).toEqual([]); // nor file 1's for us
  });
});
