// Testing your own code against the mock, in-process: a mock per test, nothing shared, no port.
// Run: pnpm -C examples testing-with-the-mock
import { createMockServer, DEMO_API_KEY, DEMO_IDS } from '@agent-platform/mock-server';
import { AgentPlatform } from '@agent-platform/sdk';
import { expect, it } from 'vitest';
import { syncContacts } from './contact-sync.js';

const ada = { name: 'Ada Lovelace', email: 'ada@example.com' }; // in the demo workspace
const katherine = { name: 'Katherine Johnson', email: 'katherine@example.com' };
const dorothy = { name: 'Dorothy Vaughan', email: 'dorothy@example.com' };

/** The demo workspace, a client for your code with a key of its own, and one for the test's set-up. */
function setup() {
  const mock = createMockServer({ seed: 'demo', clock: 'manual', rateLimit: false });
  const { id: keyId, key } = mock.createApiKey({ scopes: 'all', workspace_id: DEMO_IDS.workspace });
  const clientWith = (apiKey: string) =>
    new AgentPlatform({
      apiKey,
      baseUrl: mock.baseUrl,
      fetch: mock.fetch,
      // The SDK's backoff between retries moves the mock's clock instead of sleeping.
      clock: { now: () => mock.clock.now(), sleep: (ms) => mock.clock.advance(ms) },
    });
  return { mock, keyId, client: clientWith(key), setupClient: clientWith(DEMO_API_KEY) };
}

// 1. What your code sent: the journal by operation, and by your code's key (the set-up's calls use another).
it('creates only the people no contact has', async () => {
  const { mock, keyId, client, setupClient } = setup();
  await setupClient.contacts.create(dorothy);
  const result = await syncContacts(client, [ada, katherine, dorothy]);
  expect(result.skipped).toEqual([ada.email, dorothy.email]);
  expect(mock.requests({ operation_id: 'contactsCreate' })).toHaveLength(2); // the set-up's too
  expect(mock.requests({ operation_id: 'contactsCreate', key_id: keyId })).toMatchObject([
    { status: 201 },
  ]);
});

// 2a. A lost connection (`drop: 'request'`: it never arrived): the SDK retries a GET by itself.
it('rides out a list whose connection was lost', async () => {
  const { mock, client } = setup();
  mock.faults.add({ method: 'GET', path: '/v1/contacts', drop: 'request' });
  expect((await syncContacts(client, [katherine])).created).toHaveLength(1);
  const lists = mock.requests({ operation_id: 'contactsList' });
  expect(lists).toMatchObject([{ status: 0, dropped: 'request' }, { status: 200 }]);
});

// 2b. An answer lost (`drop: 'response'`: the API made it): your code must not create it twice.
it('does not create a contact twice when the answer to its POST was lost', async () => {
  const { mock, client } = setup();
  mock.faults.add({ method: 'POST', path: '/v1/contacts', drop: 'response' });
  const { created } = await syncContacts(client, [katherine]);
  expect(mock.requests({ operation_id: 'contactsCreate' })).toMatchObject([
    { status: 201, dropped: 'response' },
  ]);
  const { data } = await client.contacts.list({ q: katherine.email });
  expect(data.map((contact) => contact.id)).toEqual(created);
});

// 3. A failure on page 2 of a list your code walks (`after: 1` lets page 1 through), for good here:
// 3 times, the SDK's 3 attempts.
it('creates nothing when the list fails on page 2', async () => {
  const { mock, keyId, client, setupClient } = setup();
  for (let i = 0; i < 100; i++) await setupClient.contacts.create({ name: `Contact ${i}` });
  mock.faults.add({ method: 'GET', path: '/v1/contacts', after: 1, times: 3, status: 503 });
  await expect(syncContacts(client, [katherine])).rejects.toMatchObject({ status: 503 });
  const sent = mock.requests({ key_id: keyId }).map((r) => `${r.method} ${r.query} ${r.status}`);
  expect(sent).toEqual([
    'GET ?limit=100 200',
    'GET ?limit=100&page=2 503',
    'GET ?limit=100&page=2 503',
    'GET ?limit=100&page=2 503',
  ]);
});

// 4. An error the API explains: a 400 with `details`, whichever input your test has at hand.
it('tells which field of which person the API refused', async () => {
  const { mock, client } = setup();
  const message = 'email: the domain accepts no mail';
  mock.faults.add({
    method: 'POST',
    path: '/v1/contacts',
    status: 400,
    details: [{ field: 'email', rule: 'deliverable', message }],
  });
  const result = await syncContacts(client, [katherine, dorothy]);
  expect(result.refused).toEqual([{ email: katherine.email, problems: [message] }]);
  expect(result.created).toHaveLength(1);
});
