// Part of `pnpm bench` (bench/run.mjs, BENCH_PARTS=big): how the mock's common paths scale as one
// workspace grows. In-process (createMockServer from the built dist, answers through `mock.fetch`),
// the demo workspace with N contacts and N conversations more (state import, timed alone), for N in
// BENCH_BIG_NS (default 1000,20000,100000): a list page of contacts and of conversations (newest
// first, `order=asc`, the last page; contacts are read right after a write to the table, so that no
// cached page answers, and conversations are never cached); filtered lists: contacts by search `q`,
// conversations by `contact_id` (one of N) and by `agent_id` (all N), chats (all N active) and chats
// by `status=human` (none); a single get; a create; the state export over the control API
// (GET /__mock/state, JSON) and exportState(); then, in the demo workspace with N trainings instead,
// deleting an agent that has half of them (every other one in creation order; the others are a
// second agent's), and the first page of the second agent's trainings right after. Prints µs/op per N to stderr and one JSON line
// (`RESULT {...}`) for run.mjs.
//
// Usage: node bench/big.mjs    (after `pnpm build`)
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const { createMockServer } = await import(
  pathToFileURL(join(root, 'packages/mock-server/dist/index.js')).href
);

const NS = (process.env.BENCH_BIG_NS ?? '1000,20000,100000').split(',').map(Number);
const KEY = 'demo-key-all-scopes';
const headers = { 'x-api-key': KEY, 'content-type': 'application/json' };

/** A UUID v4 made from a number (the import wants canonical ids). */
function uuid(n) {
  const hex = n.toString(16).padStart(12, '0');
  return `10000000-0000-4000-8000-${hex}`;
}

/** The demo state with `n` contacts and `n` conversations more, a millisecond apart. */
function bigState(n) {
  const demo = createMockServer({ seed: 'demo', clock: 'manual' }).exportState();
  const ws = demo.workspaces[0].workspace_id;
  const agent = demo.tables.agents[0];
  const t0 = Date.parse('2026-01-01T00:00:00.000Z');
  let seq = demo.seq;
  const contacts = [];
  const conversations = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(t0 + i).toISOString();
    const contactId = uuid(2 * i + 1);
    contacts.push({
      id: contactId,
      name: `Contact ${i}`,
      email: `c${i}@example.com`,
      phone: null,
      custom_fields: {},
      created_at: at,
      updated_at: at,
      _ws: ws,
      _seq: ++seq,
    });
    conversations.push({
      id: uuid(2 * i + 2),
      agent_id: agent.id,
      contact_id: contactId,
      channel_id: null,
      metadata: {},
      created_at: at,
      updated_at: at,
      _ws: ws,
      _seq: ++seq,
      _chat_status: 'open',
      _assigned_to: null,
      _human_started_at: null,
    });
  }
  return {
    ...demo,
    seq,
    tables: {
      ...demo.tables,
      contacts: [...demo.tables.contacts, ...contacts],
      conversations: [...demo.tables.conversations, ...conversations],
    },
  };
}

/** The demo state with `n` trainings more, every other one of the second agent, the others of the first. */
function trainingsState(n) {
  const demo = createMockServer({ seed: 'demo', clock: 'manual' }).exportState();
  const [kept, doomed] = demo.tables.agents;
  const t0 = Date.parse('2026-01-01T00:00:00.000Z');
  let seq = demo.seq;
  const trainings = [];
  for (let i = 0; i < n; i++) {
    const at = new Date(t0 + i).toISOString();
    trainings.push({
      id: uuid(i + 1),
      agent_id: (i % 2 === 0 ? doomed : kept).id,
      type: 'text',
      title: null,
      content: `Training ${i}`,
      url: null,
      created_at: at,
      updated_at: at,
      _ws: kept._ws,
      _seq: ++seq,
    });
  }
  const state = { ...demo, seq, tables: { ...demo.tables, trainings } };
  return { state, kept: kept.id, doomed: doomed.id };
}

async function call(mock, path, init = {}) {
  const res = await mock.fetch(path, { headers, ...init });
  const body = await res.arrayBuffer();
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${Buffer.from(body)}`);
  return body;
}

/**
 * µs per op of `op`, the mean of `iterations` after `warmup` untimed ones; `before` runs untimed
 * before each (the write that drops the cached pages).
 */
async function time(iterations, op, before, warmup = 20) {
  let total = 0;
  for (let i = 0; i < iterations + warmup; i++) {
    if (before) await before(i);
    const t = performance.now();
    await op(i);
    if (i >= warmup) total += performance.now() - t;
  }
  return (total / iterations) * 1000;
}

const results = [];
for (const n of NS) {
  const mock = createMockServer({ seed: 'none', clock: 'manual', rateLimit: false });
  const state = bigState(n);
  const agentId = state.tables.agents[0].id;
  const built = performance.now();
  mock.importState(state);
  const importMs = performance.now() - built;
  const contactId = uuid(2 * Math.floor(n / 2) + 1);
  const touchContact = (i) =>
    call(mock, `/v1/contacts/${contactId}`, {
      method: 'PUT',
      body: JSON.stringify({ name: `Touched ${i}` }),
    });
  const lastPage = Math.ceil((n + 3) / 20);
  const iterations = n >= 100_000 ? 20 : n >= 20_000 ? 60 : 300;
  const row = { n, importMs: Math.round(importMs) };
  const list = (path, touch) => time(iterations, () => call(mock, path), touch);
  row['contacts desc'] = await list('/v1/contacts?page=1&limit=20', touchContact);
  row['contacts asc'] = await list('/v1/contacts?page=1&limit=20&order=asc', touchContact);
  row['contacts last'] = await list(`/v1/contacts?page=${lastPage}&limit=20`, touchContact);
  row['contacts q'] = await list('/v1/contacts?page=1&limit=20&q=contact%201', touchContact);
  row['conversations desc'] = await list('/v1/conversations?page=1&limit=20');
  row['conversations asc'] = await list('/v1/conversations?page=1&limit=20&order=asc');
  row['conversations contact_id'] = await list(`/v1/conversations?contact_id=${contactId}`);
  row['conversations agent_id'] = await list(`/v1/conversations?agent_id=${agentId}`);
  row.chats = await list('/v1/chats?page=1&limit=20');
  row['chats human'] = await list('/v1/chats?page=1&limit=20&status=human');
  row['contact get'] = await time(iterations, () => call(mock, `/v1/contacts/${contactId}`));
  row['contact create'] = await time(iterations, (i) =>
    call(mock, '/v1/contacts', {
      method: 'POST',
      body: JSON.stringify({ name: `New ${i}`, email: `new${i}@example.com` }),
    }),
  );
  row['GET /__mock/state'] = await time(
    Math.max(3, Math.ceil(iterations / 20)),
    () => call(mock, '/__mock/state'),
    undefined,
    1,
  );
  row.exportState = await time(
    Math.max(3, Math.ceil(iterations / 20)),
    () => mock.exportState(),
    undefined,
    1,
  );
  mock.dispose();
  // Deleting an agent deletes its trainings one by one from the workspace's kept creation order.
  const withTrainings = createMockServer({ seed: 'none', clock: 'manual', rateLimit: false });
  const { state: tState, kept, doomed } = trainingsState(n);
  const rounds = n >= 100_000 ? 3 : n >= 20_000 ? 5 : 20;
  let deleteUs = 0;
  let afterUs = 0;
  for (let i = 0; i < rounds + 1; i++) {
    withTrainings.importState(tState);
    const t = performance.now();
    await call(withTrainings, `/v1/agents/${doomed}`, { method: 'DELETE' });
    const deleted = performance.now();
    await call(withTrainings, `/v1/agents/${kept}/trainings?page=1&limit=20`);
    if (i > 0) {
      deleteUs += (deleted - t) * 1000;
      afterUs += (performance.now() - deleted) * 1000;
    }
  }
  withTrainings.dispose();
  row['agent delete, N/2 trainings'] = deleteUs / rounds;
  row['trainings list after'] = afterUs / rounds;
  results.push(row);
  const cells = Object.entries(row)
    .filter(([k]) => k !== 'n' && k !== 'importMs')
    .map(([k, v]) => `${k} ${Math.round(v).toLocaleString('en-US')}`);
  process.stderr.write(
    `N=${n.toLocaleString('en-US')} (import ${importMs.toFixed(0)} ms), µs/op: ${cells.join(' · ')}\n`,
  );
}
process.stdout.write(`RESULT ${JSON.stringify({ results })}\n`);
