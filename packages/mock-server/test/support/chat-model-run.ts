// The harness of the chat model test: the mock under test, the command type, and the checks run
// after every command (events, webhook deliveries, everything the API reads of chats).
import type fc from 'fast-check';
import { expect } from 'vitest';
import { createMockServer, type DomainEvent, type MockServer } from '../../src/index.js';
import type { Variant } from '../../src/store/records.js';
import { apiClient, type Call } from './api.js';
import {
  answerOf,
  categoryOf,
  chatView,
  convView,
  type Expected,
  iso,
  type MConv,
  type MMsg,
  type Model,
  messageView,
} from './chat-model.js';

/** What the second webhook subscribes to: categories, so that their filter is checked too. */
export const SOME: Record<Variant, string[]> = {
  A: ['conversations', 'agent'],
  B: ['conversations', 'agent'],
};

/** A webhook delivery's body, as far as the model follows it. */
export interface Delivered {
  event: string;
  data: unknown;
  event_id?: string;
}

/** The mock under test and what the test records of it. */
export interface Real {
  mock: MockServer;
  call: Call;
  workspaceId: string;
  events: DomainEvent[];
  delivered: Map<string, Delivered[]>;
  hooks: { all: string; some: string };
  /** Whether the responder waits to be released (`gates`) rather than answering at once. */
  gated: boolean;
  gates: (() => void)[];
  /** Events expected so far, per webhook. */
  deliveredExpected: Map<string, Delivered[]>;
}

/** What a command does to the mock and the model. */
export type Go = (m: Model, r: Real) => Promise<void>;

/** A command: its label (the counterexample shows it), what it does, and when it may run. */
export class Cmd implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly label: string,
    readonly go: Go,
    readonly can: (m: Model) => boolean = () => true,
  ) {}
  check(m: Readonly<Model>): boolean {
    return this.can(m as Model);
  }
  async run(m: Model, r: Real): Promise<void> {
    await this.go(m, r);
    await observe(m, r);
  }
  toString(): string {
    return this.label;
  }
}

/** The `n`th item, wrapping round. */
export const pick = <T>(items: T[], n: number): T => items[n % items.length] as T;

/** The events since the last call match `expected`, and so do the webhook deliveries. */
export async function emitted(
  m: Model,
  r: Real,
  expected: Expected[],
  what: string,
): Promise<void> {
  const events = r.events.splice(0);
  expect(
    events.map((e) => ({ event: e.event, data: e.data })),
    `${what}: events`,
  ).toEqual(expected);
  for (const e of events) {
    expect(e.timestamp).toBe(iso(m));
    expect(e.workspace_id).toBe(r.workspaceId);
  }
  await r.mock.settle();
  for (const [hook, subscribed] of [
    [r.hooks.all, null],
    [r.hooks.some, SOME[m.variant]],
  ] as const) {
    const want = r.deliveredExpected.get(hook) as Delivered[];
    // Variant B's body carries the event's id as `event_id`; A's has none.
    want.push(
      ...events
        .filter((e) => !subscribed || subscribed.includes(categoryOf(e.event)))
        .map((e) => ({
          event: e.event,
          data: e.data,
          event_id: m.variant === 'B' ? e.id : undefined,
        })),
    );
    expect(r.delivered.get(hook), `${what}: deliveries to ${subscribed ?? '*'}`).toEqual(want);
  }
}

/** Everything the API reads of chats, conversations and messages matches the model. */
export async function observe(m: Model, r: Real): Promise<void> {
  const ids = async (path: string) => {
    const res = await r.call('GET', path);
    expect(res.status, path).toBe(200);
    return res.body.data.map((x: { id: string }) => x.id);
  };
  const convs = m.convs;
  for (const c of convs) {
    expect((await r.call('GET', `/v1/chats/${c.id}`)).body.data).toEqual(chatView(c));
    expect((await r.call('GET', `/v1/conversations/${c.id}`)).body.data).toEqual(convView(c));
    const msgs = (await r.call('GET', `/v1/conversations/${c.id}/messages?order=asc&limit=100`))
      .body.data;
    expect(msgs).toEqual(
      m.msgs.filter((x) => x.conversation_id === c.id && !x.deleted).map(messageView),
    );
  }
  const of = (keep: (c: MConv) => boolean) => convs.filter(keep).map((c) => c.id);
  const q = '?order=asc&limit=100';
  expect(await ids(`/v1/chats${q}`)).toEqual(of((c) => c.status !== 'closed'));
  for (const s of ['open', 'human', 'closed'] as const) {
    expect(await ids(`/v1/chats${q}&status=${s}`), `chats ${s}`).toEqual(of((c) => c.status === s));
  }
  expect(await ids(`/v1/conversations${q}`)).toEqual(of(() => true));
  expect(await ids(`/v1/conversations${q}&status=open`)).toEqual(of((c) => c.status !== 'closed'));
  expect(await ids(`/v1/conversations${q}&status=closed`)).toEqual(
    of((c) => c.status === 'closed'),
  );
  for (const a of m.agents) {
    expect(await ids(`/v1/conversations${q}&agent_id=${a.id}`)).toEqual(
      of((c) => c.agent_id === a.id),
    );
  }
  for (const ct of m.contacts) {
    expect(await ids(`/v1/conversations${q}&contact_id=${ct.id}`)).toEqual(
      of((c) => c.contact_id === ct.id),
    );
  }
  for (const ch of m.channels) {
    expect(await ids(`/v1/conversations${q}&channel_id=${ch.id}`)).toEqual(
      of((c) => c.channel_id === ch.id),
    );
  }
}

/** Stores a message in the model, as the mock does (the conversation's `updated_at` moves). */
export function store(
  m: Model,
  c: MConv,
  id: string,
  fields: Partial<MMsg> & Pick<MMsg, 'content' | 'sender' | 'status'>,
): MMsg {
  const msg: MMsg = {
    id,
    conversation_id: c.id,
    sender_id: null,
    type: 'text',
    media_url: null,
    media_type: null,
    is_edited: false,
    created_at: iso(m),
    deleted: false,
    ...fields,
  };
  m.msgs.push(msg);
  c.updated_at = iso(m);
  return msg;
}

/** What a 409 adds, by action and the status it met: the step that gets there, or that it is there. */
export const CONFLICT_HINTS: Record<string, Partial<Record<MConv['status'], string>>> = {
  'start-human': { human: 'it is human already', closed: 'reopen it first' },
  'send-message': { open: 'start-human first', closed: 'reopen it, then start-human' },
  'stop-human': { open: 'the AI has it already' },
  close: { closed: 'it is closed already' },
  reopen: { open: 'it is open already', human: 'stop-human hands it back to the AI' },
  transfer: { closed: 'reopen it first' },
};

/** The 409 a chat action from the wrong status gets. */
export const conflict = (c: MConv, action: string, needs: string) => {
  const hint = CONFLICT_HINTS[action]?.[c.status];
  return {
    status: 409,
    message: `chat ${c.id} is ${c.status}; ${action} needs ${needs}${hint ? `: ${hint}` : ''}`,
  };
};

/** The response is an error with this status (and message). */
export async function expectError(
  res: { status: number; body: { error: { code: string; message: string } } },
  status: number,
  message?: string,
): Promise<void> {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  if (message !== undefined) expect(res.body.error.message).toBe(message);
}

/** One turn of the event loop. */
export const tick = () => new Promise((resolve) => setImmediate(resolve));

/** When the mock's clock starts. */
export const START = Date.parse('2026-11-20T10:00:00.000Z');

/** A fresh mock (manual clock, seeded ids, a gated responder, two webhooks) and an empty model. */
export async function setup(variant: Variant): Promise<{ model: Model; real: Real }> {
  const delivered = new Map<string, Delivered[]>();
  const holder: { real?: Real } = {};
  const mock = createMockServer({
    variant,
    clock: 'manual',
    startTime: START,
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
    ids: { seed: 7 },
    responder: ({ agent, message }) => {
      const answer = answerOf(agent.name, message);
      if (!holder.real?.gated) return answer;
      return new Promise<string>((resolve) => holder.real?.gates.push(() => resolve(answer)));
    },
    deliveryFetch: async (input, init) => {
      const request = new Request(input, init);
      const body = await request.json();
      const hook = request.headers.get('x-webhook-id') ?? body.webhook_id;
      delivered.get(hook)?.push({ event: body.event, data: body.data, event_id: body.event_id });
      return new Response(null, { status: 204 });
    },
  });
  const { key, workspace_id: workspaceId } = mock.createApiKey({ scopes: 'all' });
  const call = apiClient(
    { fetch: mock.fetch as typeof fetch, baseUrl: mock.baseUrl, close: async () => {} },
    key,
  );
  const hook = async (events: string[]) => {
    const res = await call('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.test/', events },
    });
    delivered.set(res.body.data.id, []);
    return res.body.data.id as string;
  };
  const hooks = { all: await hook(['*']), some: await hook(SOME[variant]) };
  const real: Real = {
    mock,
    call,
    workspaceId,
    events: [],
    delivered,
    hooks,
    gated: false,
    gates: [],
    deliveredExpected: new Map([
      [hooks.all, []],
      [hooks.some, []],
    ]),
  };
  holder.real = real;
  mock.events.on((e) => real.events.push(e));
  const model: Model = {
    variant,
    now: START,
    agents: [],
    contacts: [],
    channels: [],
    convs: [],
    msgs: [],
    pending: [],
  };
  return { model, real };
}
