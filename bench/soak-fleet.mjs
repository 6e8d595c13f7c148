// node --expose-gc bench/soak-fleet.mjs [requests] [--reset] [--one-key] [--frozen-clock]: a shared
// mock that runs all day (default 300,000 requests). One in-process mock (manual clock, Variant B)
// takes "suites" one after the other, as a CI fleet's test files take one shared mock: each takes a
// key (and workspace) of its own, creates and deletes agents, trainings, contacts, custom fields,
// channels, appointments and webhooks (one to a receiver that is down, whose deliveries retry on
// their schedule), runs a chat with a handoff and messages, adds faults with `after`/`times` scoped
// to its key, reads the journal, trips its rate limit every tenth suite, and moves the clock a minute.
//   --reset         `reset()` between suites.
//   --one-key       every suite uses one key and workspace (a fleet on the CLI's demo key), and
//                   deletes both its webhooks.
//   --frozen-clock  the clock never moves (a shared manual clock no file may move): retries wait.
//   SOAK_MOCK=path  another build's dist/index.js (a before/after comparison).
//
// Prints, every tenth of the run: requests so far, heap used after a full GC, the rate and the CPU
// time per request of the last tenth (the CPU time is the steadier figure on a loaded machine), and
// what the mock holds. Growth in heap that the state held does not explain, or a CPU time per request
// that rises as history builds up, is what to look for. A bench: it asserts nothing, and is not part
// of `pnpm test` or `pnpm bench` (see docs/benchmarks.md). Needs `pnpm build` first.
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

const { createMockServer } = await import(
  process.env.SOAK_MOCK
    ? pathToFileURL(resolve(process.env.SOAK_MOCK)).href
    : '../packages/mock-server/dist/index.js'
);

const args = process.argv.slice(2);
const TOTAL = Number(args.find((a) => /^\d+$/.test(a)) ?? 300_000);
const RESET = args.includes('--reset');
const ONE_KEY = args.includes('--one-key');
const FROZEN = args.includes('--frozen-clock');
if (typeof globalThis.gc !== 'function') {
  console.error('run with node --expose-gc bench/soak-fleet.mjs');
  process.exit(2);
}

let deliveriesSent = 0;
const mock = createMockServer({
  variant: 'B',
  clock: 'manual',
  startTime: '2026-01-01T00:00:00Z',
  // Receivers: down.test refuses every connection; up.test acknowledges. Nothing leaves the process.
  deliveryFetch: async (url) => {
    deliveriesSent++;
    if (String(url).includes('down.test')) throw new TypeError('fetch failed: ECONNREFUSED');
    return new Response(null, { status: 204 });
  },
  onError: (error) => console.error('internal error:', error),
});

let requests = 0;
let unexpected = 0;
async function call(key, method, path, body, expected) {
  requests++;
  const res = await mock.fetch(path, {
    method,
    headers: {
      'x-api-key': key,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (expected !== undefined && res.status !== expected) {
    if (unexpected++ < 5) console.error(`${method} ${path}: ${res.status} ${text.slice(0, 200)}`);
  }
  return text ? JSON.parse(text) : null;
}

let suiteNo = 0;
let shared;
async function suite() {
  suiteNo++;
  if (ONE_KEY) shared ??= mock.createApiKey({ scopes: 'all' });
  const { id: keyId, key, workspace_id } = shared ?? mock.createApiKey({ scopes: 'all' });
  const agent = (await call(key, 'POST', '/v1/agents', { name: `Agent ${suiteNo}` }, 201)).data;
  await call(key, 'GET', '/v1/agents?limit=20', undefined, 200);
  await call(key, 'PUT', `/v1/agents/${agent.id}`, { description: 'soak' }, 200);
  const training = (
    await call(
      key,
      'POST',
      `/v1/agents/${agent.id}/trainings`,
      { type: 'text', title: 'faq', content: 'Opening hours are 9 to 5.' },
      201,
    )
  ).data;
  await call(key, 'GET', `/v1/agents/${agent.id}/trainings`, undefined, 200);
  await call(key, 'DELETE', `/v1/trainings/${training.id}`, undefined, 204);

  // Custom fields are never deleted: a workspace shared by every suite gets three.
  if (!shared || suiteNo <= 3) {
    await call(key, 'POST', '/v1/custom-fields', { name: `tier${suiteNo % 3}`, type: 'text' }, 201);
  }
  const contact = (
    await call(
      key,
      'POST',
      '/v1/contacts',
      { name: 'Ada', email: `ada${suiteNo}@example.com` },
      201,
    )
  ).data;
  await call(key, 'GET', '/v1/contacts?q=ada&limit=10', undefined, 200);
  await call(key, 'PUT', `/v1/contacts/${contact.id}`, { name: 'Ada L.' }, 200);
  const appointment = (
    await call(
      key,
      'POST',
      '/v1/appointments',
      {
        contact_id: contact.id,
        title: 'Call',
        starts_at: new Date(mock.clock.now() + 3 * 86_400_000).toISOString(),
      },
      201,
    )
  ).data;

  const channel = (await call(key, 'POST', '/v1/channels', { name: 'Web' }, 201)).data;
  await call(key, 'GET', '/v1/channels', undefined, 200);

  const down = (
    await call(key, 'POST', '/v1/webhooks', { url: 'https://down.test/hook', events: ['*'] }, 201)
  ).data;
  const up = (
    await call(key, 'POST', '/v1/webhooks', { url: 'https://up.test/hook', events: ['*'] }, 201)
  ).data;

  const started = await call(
    key,
    'POST',
    `/v1/agents/${agent.id}/conversation`,
    { message: 'Hello' },
    200,
  );
  const chatId = started.data.conversation_id;
  await call(key, 'POST', `/v1/chats/${chatId}/start-human`, { assigned_to: keyId }, 200);
  await call(key, 'POST', `/v1/chats/${chatId}/messages`, { content: 'A person here.' }, 201);
  await call(key, 'GET', `/v1/conversations/${chatId}/messages?limit=20`, undefined, 200);
  await call(key, 'POST', `/v1/chats/${chatId}/stop-human`, undefined, 200);
  await call(key, 'POST', `/v1/conversations/${chatId}/close`, undefined, 200);
  await call(key, 'GET', '/v1/chats?limit=20', undefined, 200);

  // Faults scoped to this key: one fires, one is left armed for a later request that never comes.
  mock.faults.add({ method: 'GET', path: '/v1/contacts', status: 503, after: 1, key_id: keyId });
  await call(key, 'GET', '/v1/contacts', undefined, 200);
  await call(key, 'GET', '/v1/contacts', undefined, 503);
  mock.faults.add({ method: 'GET', path: '/v1/agents/{id}', status: 500, times: 2, key_id: keyId });
  await call(key, 'GET', `/v1/agents/${agent.id}`, undefined, 500);
  mock.faults.clear({ key_id: keyId });

  mock.requests({ key_id: keyId, operation_id: 'contactsList' });
  await call(key, 'GET', `/v1/webhooks/${up.id}/deliveries?limit=20`, undefined, 200);

  await call(key, 'POST', `/v1/appointments/${appointment.id}/cancel`, undefined, 200);
  await call(key, 'DELETE', `/v1/contacts/${contact.id}`, undefined, 204);
  await call(key, 'DELETE', `/v1/channels/${channel.id}`, undefined, 204);
  await call(key, 'DELETE', `/v1/agents/${agent.id}`, undefined, 204);

  // A key that hits its rate limit every tenth suite (100 requests a minute by default).
  if (suiteNo % 10 === 0) {
    for (let i = 0; i < 101; i++) await call(key, 'GET', '/v1/health', undefined);
  }
  // A minute passes (the attempts in flight are answered), then the webhooks go; every other suite
  // leaves its webhook to the receiver that is down: its deliveries keep retrying.
  if (FROZEN) await mock.settle();
  else await mock.clock.advance(60_000);
  await call(key, 'DELETE', `/v1/webhooks/${up.id}`, undefined, 204);
  if (ONE_KEY || suiteNo % 2 === 0)
    await call(key, 'DELETE', `/v1/webhooks/${down.id}`, undefined, 204);
  if (RESET) {
    mock.reset();
    shared = undefined;
  }
  return workspace_id;
}

// Two full collections: what one leaves for the next (weak references, finalizers) goes too.
const heapMb = () => {
  globalThis.gc();
  globalThis.gc();
  return process.memoryUsage().heapUsed / 2 ** 20;
};
const holds = () => {
  const s = mock.exportState();
  const t = s.tables;
  return `ws ${s.workspaces.length}, agents ${t.agents.length}, contacts ${t.contacts.length}, convs ${t.conversations.length}, msgs ${t.messages.length}, hooks ${t.webhooks.length}, deliveries ${t.deliveries.length} (pending ${t.deliveries.filter((d) => d.status === 'pending').length}), timers ${mock.clock.pending()}, faults ${mock.faults.list().length}`;
};

console.log(
  `soak-fleet: ${TOTAL.toLocaleString('en')} requests, ${[RESET ? 'reset between suites' : 'no reset', ONE_KEY && 'one key', FROZEN && 'frozen clock'].filter(Boolean).join(', ')}, Node ${process.version}`,
);
console.log(`start: heap ${heapMb().toFixed(1)} MB`);
const step = TOTAL / 10;
let mark = step;
let since = performance.now();
let sinceCpu = process.cpuUsage();
let sinceRequests = 0;
const t0 = performance.now();
while (requests < TOTAL) {
  await suite();
  if (requests >= mark) {
    const now = performance.now();
    const rate = ((requests - sinceRequests) / (now - since)) * 1000;
    const cpu = process.cpuUsage(sinceCpu);
    const cpuPerRequest = (cpu.user + cpu.system) / (requests - sinceRequests);
    console.log(
      `${String(requests).padStart(8)} req | ${suiteNo} suites | heap ${heapMb().toFixed(1)} MB | ${Math.round(rate).toLocaleString('en')} req/s, ${cpuPerRequest.toFixed(0)} µs CPU/req | ${holds()}`,
    );
    since = performance.now();
    sinceCpu = process.cpuUsage();
    sinceRequests = requests;
    mark += step;
  }
}
console.log(
  `end: ${requests} requests (${unexpected} with an unexpected status), ${deliveriesSent} delivery attempts, ${((performance.now() - t0) / 1000).toFixed(1)} s`,
);
mock.dispose();
