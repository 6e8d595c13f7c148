// Differential check of the list cache: after every step of a random sequence of changes (through the
// API and the control API), each cached list of the live mock must equal the same list read from a
// fresh mock that imported the live state (empty caches, so everything is built anew).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';

// Seeded and bounded for CI; FUZZ_RUNS=200 for a longer run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261121);
const START = '2026-11-20T10:00:00.000Z';

/** One change, on the n-th existing resource of its kind (modulo how many there are). */
type Step =
  | { kind: 'agent'; name: string }
  | { kind: 'renameAgent'; n: number; name: string }
  | { kind: 'agentStatus'; n: number; active: boolean }
  | { kind: 'deleteAgent'; n: number }
  | { kind: 'training'; n: number; title: string }
  | { kind: 'retitleTraining'; n: number; title: string }
  | { kind: 'deleteTraining'; n: number }
  | { kind: 'channel'; type: 'widget' | 'whatsapp'; agent: number | null }
  | { kind: 'renameChannel'; n: number; name: string }
  | { kind: 'pairChannel'; n: number }
  | { kind: 'deleteChannel'; n: number }
  | { kind: 'contact'; name: string; plan: string | null }
  | { kind: 'renameContact'; n: number; name: string }
  | { kind: 'deleteContact'; n: number }
  | { kind: 'renameField'; name: string }
  | { kind: 'archiveField'; archived: boolean }
  | { kind: 'advance'; ms: number };

const word = fc.stringMatching(/^[A-Za-z][A-Za-z ]{0,11}$/);
const n = fc.nat({ max: 9 });
const step: fc.Arbitrary<Step> = fc.oneof(
  word.map((name) => ({ kind: 'agent' as const, name })),
  fc.record({ kind: fc.constant('renameAgent' as const), n, name: word }),
  fc.record({ kind: fc.constant('agentStatus' as const), n, active: fc.boolean() }),
  fc.record({ kind: fc.constant('deleteAgent' as const), n }),
  fc.record({ kind: fc.constant('training' as const), n, title: word }),
  fc.record({ kind: fc.constant('retitleTraining' as const), n, title: word }),
  fc.record({ kind: fc.constant('deleteTraining' as const), n }),
  fc.record({
    kind: fc.constant('channel' as const),
    type: fc.constantFrom('widget' as const, 'whatsapp' as const),
    agent: fc.option(n, { nil: null }),
  }),
  fc.record({ kind: fc.constant('renameChannel' as const), n, name: word }),
  fc.record({ kind: fc.constant('pairChannel' as const), n }),
  fc.record({ kind: fc.constant('deleteChannel' as const), n }),
  fc.record({
    kind: fc.constant('contact' as const),
    name: word,
    plan: fc.option(word, { nil: null }),
  }),
  fc.record({ kind: fc.constant('renameContact' as const), n, name: word }),
  fc.record({ kind: fc.constant('deleteContact' as const), n }),
  fc.record({ kind: fc.constant('renameField' as const), name: fc.constantFrom('plan', 'tier') }),
  fc.record({ kind: fc.constant('archiveField' as const), archived: fc.boolean() }),
  fc.record({ kind: fc.constant('advance' as const), ms: fc.integer({ min: 0, max: 5000 }) }),
);

/** The lists (with a few queries each) whose answers are cached. */
const LISTS = [
  '/v1/agents',
  '/v1/agents?limit=2&page=2',
  '/v1/agents?status=inactive&order=asc',
  '/v1/channels',
  '/v1/channels?type=whatsapp&status=pending',
  '/v1/contacts',
  '/v1/contacts?q=a&limit=3',
  '/v1/custom-fields',
  '/v1/custom-fields?include_archived=true',
];

function client(mock: MockServer, key: string) {
  return async (method: string, path: string, body?: unknown) => {
    const res = await mock.fetch(path, {
      method,
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
  };
}

/** Every cached list of the workspace, as text, including each agent's trainings. */
async function lists(call: ReturnType<typeof client>): Promise<string[]> {
  const out: string[] = [];
  for (const path of LISTS) out.push(`${path} ${JSON.stringify((await call('GET', path)).body)}`);
  const agents = (await call('GET', '/v1/agents?limit=100')).body.data as { id: string }[];
  for (const agent of agents) {
    const path = `/v1/agents/${agent.id}/trainings`;
    out.push(`${path} ${JSON.stringify((await call('GET', path)).body)}`);
  }
  return out;
}

async function ids(call: ReturnType<typeof client>, path: string): Promise<string[]> {
  return ((await call('GET', `${path}?limit=100`)).body.data as { id: string }[]).map((r) => r.id);
}

const pick = (list: string[], i: number) => (list.length === 0 ? null : list[i % list.length]);

async function apply(mock: MockServer, call: ReturnType<typeof client>, s: Step, field: string) {
  const agents = await ids(call, '/v1/agents');
  const agent = 'n' in s ? pick(agents, s.n) : null;
  switch (s.kind) {
    case 'agent':
      return call('POST', '/v1/agents', { name: s.name });
    case 'renameAgent':
      return agent && call('PUT', `/v1/agents/${agent}`, { name: s.name });
    case 'agentStatus':
      return agent && call('POST', `/v1/agents/${agent}/${s.active ? 'activate' : 'deactivate'}`);
    case 'deleteAgent':
      return agent && call('DELETE', `/v1/agents/${agent}`);
    case 'training':
      return (
        agent &&
        call('POST', `/v1/agents/${agent}/trainings`, {
          type: 'text',
          title: s.title,
          content: 'x',
        })
      );
    case 'retitleTraining':
    case 'deleteTraining': {
      const trainings: string[] = [];
      for (const a of agents) trainings.push(...(await ids(call, `/v1/agents/${a}/trainings`)));
      const training = pick(trainings, s.n);
      if (!training) return;
      return s.kind === 'deleteTraining'
        ? call('DELETE', `/v1/trainings/${training}`)
        : call('PUT', `/v1/trainings/${training}`, { title: s.title });
    }
    case 'channel': {
      const bound = s.agent === null ? null : pick(agents, s.agent);
      return call('POST', '/v1/channels', {
        name: 'C',
        type: s.type,
        ...(bound ? { agent_id: bound } : {}),
      });
    }
    case 'renameChannel':
    case 'pairChannel':
    case 'deleteChannel': {
      const channel = pick(await ids(call, '/v1/channels'), s.n);
      if (!channel) return;
      if (s.kind === 'renameChannel')
        return call('PUT', `/v1/channels/${channel}`, { name: s.name });
      if (s.kind === 'deleteChannel') return call('DELETE', `/v1/channels/${channel}`);
      try {
        mock.pairChannel(channel);
      } catch {
        // A widget channel is not paired (409): nothing changes.
      }
      return;
    }
    case 'contact': {
      const fields = (await call('GET', '/v1/custom-fields')).body.data as { name: string }[];
      const custom = s.plan !== null && fields[0] ? { [fields[0].name]: s.plan } : {};
      return call('POST', '/v1/contacts', { name: s.name, custom_fields: custom });
    }
    case 'renameContact':
    case 'deleteContact': {
      const contact = pick(await ids(call, '/v1/contacts'), s.n);
      if (!contact) return;
      return s.kind === 'deleteContact'
        ? call('DELETE', `/v1/contacts/${contact}`)
        : call('PUT', `/v1/contacts/${contact}`, { name: s.name });
    }
    case 'renameField':
      return call('PUT', `/v1/custom-fields/${field}`, { name: s.name });
    case 'archiveField':
      return call('POST', `/v1/custom-fields/${field}/${s.archived ? 'archive' : 'unarchive'}`);
    case 'advance':
      return mock.clock.advance(s.ms);
  }
}

describe('cached lists against lists built anew', () => {
  it('agree after every step of random sequences of changes', async () => {
    let steps = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 25 }), async (sequence) => {
        const live = createMockServer({ clock: 'manual', startTime: START, rateLimit: false });
        const { key } = live.createApiKey({ scopes: 'all' });
        const call = client(live, key);
        const field = (await call('POST', '/v1/custom-fields', { name: 'plan', type: 'text' })).body
          .data.id as string;
        try {
          for (const s of sequence) {
            await apply(live, call, s, field);
            steps++;
            const fresh = createMockServer({ clock: 'manual', startTime: START, rateLimit: false });
            try {
              fresh.importState(live.exportState());
              expect(await lists(call)).toEqual(await lists(client(fresh, key)));
            } finally {
              fresh.dispose();
            }
          }
        } finally {
          live.dispose();
        }
      }),
      { numRuns: RUNS, seed: SEED },
    );
    expect(steps).toBeGreaterThan(RUNS);
  });
});
