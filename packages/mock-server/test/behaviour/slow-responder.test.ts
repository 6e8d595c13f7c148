import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { inProcess } from '../support/transports.js';

/**
 * A responder that answers only when the test says so: what a chat does while the AI is still
 * thinking, without depending on timing.
 */
function gatedMock() {
  return createGated('A');
}

/** `gatedMock` in a variant. */
function createGated(variant: 'A' | 'B') {
  const gates: (() => void)[] = [];
  const mock = createMockServer({
    variant,
    clock: 'manual',
    responder: ({ message }) =>
      new Promise((resolve) => gates.push(() => resolve(`AI: ${message}`))),
  });
  const { key } = mock.createApiKey({ scopes: 'all' });
  const call = apiClient(inProcess(mock), key);
  const events: string[] = [];
  mock.events.on((event) => events.push(event.event));
  /** Lets the responder answer once it has been asked (the request runs until it awaits it). */
  const answer = async () => {
    while (gates.length === 0) await new Promise((resolve) => setImmediate(resolve));
    gates.shift()?.();
  };
  return { mock, call, events, answer };
}

async function openChat(t: ReturnType<typeof gatedMock>) {
  const agent = (await t.call('POST', '/v1/agents', { body: { name: 'Slow' } })).body.data.id;
  const started = t.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } });
  await t.answer();
  return { agent, chat: (await started).body.data.conversation_id as string };
}

describe('an AI answer that arrives after the chat changed', () => {
  it.each([
    [
      'a person took over',
      (chat: string): [string, string] => ['POST', `/v1/chats/${chat}/start-human`],
    ],
    [
      'the chat was closed',
      (chat: string): [string, string] => ['POST', `/v1/conversations/${chat}/close`],
    ],
  ] as const)('is dropped when %s meanwhile: no message, no message.sent', async (_, action) => {
    const t = gatedMock();
    const { chat } = await openChat(t);
    t.events.length = 0;
    const sent = t.call('POST', `/v1/conversations/${chat}/messages`, { body: { message: 'Hm?' } });
    const [method, path] = action(chat);
    while (t.events.length === 0) await new Promise((resolve) => setImmediate(resolve));
    expect((await t.call(method, path)).status).toBe(200);
    await t.answer();
    const res = await sent;
    expect(res.status).toBe(200);
    expect(res.body.data.response).toBeNull();
    expect(res.body.data.response_message_id).toBeNull();
    expect(t.events).not.toContain('message.sent');
    const messages = await t.call('GET', `/v1/conversations/${chat}/messages?order=asc`);
    expect(messages.body.data.map((m: { content: string }) => m.content)).toEqual([
      'Hi',
      'AI: Hi',
      'Hm?',
    ]);
  });

  it.each([
    ['a handoff and back', ['start-human', 'stop-human']],
    ['a close and a reopening', ['close', 'reopen']],
    ['a transfer', ['transfer']],
  ] as const)(
    'is dropped after %s meanwhile, though the chat is open again',
    async (_, actions) => {
      const t = gatedMock();
      const { chat } = await openChat(t);
      const other = (await t.call('POST', '/v1/agents', { body: { name: 'Other' } })).body.data.id;
      t.events.length = 0;
      const sent = t.call('POST', `/v1/conversations/${chat}/messages`, {
        body: { message: 'Hm?' },
      });
      while (!t.events.includes('message.received')) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      for (const action of actions) {
        const [method, path, body] = {
          'start-human': ['POST', `/v1/chats/${chat}/start-human`, {}],
          'stop-human': ['POST', `/v1/chats/${chat}/stop-human`, undefined],
          close: ['POST', `/v1/conversations/${chat}/close`, undefined],
          reopen: ['POST', `/v1/conversations/${chat}/reopen`, undefined],
          transfer: ['POST', `/v1/conversations/${chat}/transfer`, { agent_id: other }],
        }[action] as [string, string, unknown];
        const done = await t.call(method, path, body === undefined ? {} : { body });
        expect(done.status, `${action}: ${JSON.stringify(done.body)}`).toBe(200);
      }
      expect((await t.call('GET', `/v1/chats/${chat}`)).body.data.status).toBe('open');
      t.events.length = 0;
      await t.answer();
      expect((await sent).body.data.response).toBeNull();
      expect(t.events).toEqual([]);
      const messages = await t.call('GET', `/v1/conversations/${chat}/messages?order=asc`);
      expect(messages.body.data.map((m: { content: string }) => m.content)).toEqual([
        'Hi',
        'AI: Hi',
        'Hm?',
      ]);
    },
  );

  it('is dropped when the agent was deactivated and activated again meanwhile', async () => {
    const t = gatedMock();
    const { agent, chat } = await openChat(t);
    t.events.length = 0;
    const sent = t.call('POST', `/v1/conversations/${chat}/messages`, { body: { message: 'Hm?' } });
    while (!t.events.includes('message.received')) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect((await t.call('POST', `/v1/agents/${agent}/deactivate`)).status).toBe(200);
    expect((await t.call('POST', `/v1/agents/${agent}/activate`)).status).toBe(200);
    t.events.length = 0;
    await t.answer();
    expect((await sent).body.data.response).toBeNull();
    expect(t.events).toEqual([]);
  });

  it('is dropped when the agent was deactivated or deleted meanwhile', async () => {
    for (const action of ['deactivate', 'delete'] as const) {
      const t = gatedMock();
      const { agent, chat } = await openChat(t);
      t.events.length = 0;
      const sent = t.call('POST', `/v1/conversations/${chat}/messages`, {
        body: { message: 'Hm?' },
      });
      while (!t.events.includes('message.received')) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      const done =
        action === 'delete'
          ? await t.call('DELETE', `/v1/agents/${agent}`)
          : await t.call('POST', `/v1/agents/${agent}/deactivate`);
      expect(done.status).toBeLessThan(300);
      t.events.length = 0;
      await t.answer();
      expect((await sent).body.data.response).toBeNull();
      expect(t.events).toEqual([]);
    }
  });

  it('is dropped after a reset, though a new chat has the same seeded id', async () => {
    const gates: (() => void)[] = [];
    const mock = createMockServer({
      ids: { seed: 3 },
      responder: ({ message }) =>
        new Promise((resolve) => gates.push(() => resolve(`AI: ${message}`))),
    });
    /** The same set-up each time: with seeded ids, the same key, agent and conversation ids. */
    const setUp = async (waiting: number) => {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const call = apiClient(inProcess(mock), key);
      const agent = (await call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
      const started = call('POST', `/v1/agents/${agent}/conversation`, {
        body: { message: 'first' },
      });
      // Until this chat's question has reached the responder (and its conversation exists).
      while (gates.length < waiting) await new Promise((resolve) => setImmediate(resolve));
      return { call, started };
    };
    const before = await setUp(1);
    mock.reset();
    const after = await setUp(2);
    // The first test's answer comes back now, when the second test's chat has the same ids.
    gates.shift()?.();
    expect((await before.started).body.data.response).toBeNull();
    gates.shift()?.();
    const chat = (await after.started).body.data.conversation_id;
    const messages = await after.call('GET', `/v1/conversations/${chat}/messages?order=asc`);
    expect(messages.body.data.map((m: { content: string }) => m.content)).toEqual([
      'first',
      'AI: first',
    ]);
  });

  it('is stored failed when its channel went down meanwhile (message.failed, not message.sent)', async () => {
    const t = createGated('B');
    const agent = (await t.call('POST', '/v1/agents', { body: { name: 'Slow' } })).body.data.id;
    const channel = (
      await t.call('POST', '/v1/channels', { body: { name: 'Web', agent_id: agent } })
    ).body.data.id;
    const started = t.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } });
    while (!t.events.includes('message.received')) {
      await new Promise((resolve) => setImmediate(resolve));
    }
    // Down after the question came in through it, before the answer goes out.
    await t.call('PUT', `/__mock/channels/${channel}/status`, { body: { status: 'disconnected' } });
    t.events.length = 0;
    await t.answer();
    const res = (await started).body.data;
    expect(res.response).toBe('AI: Hi');
    expect(t.events).toEqual(['message.failed']);
    const reply = t.mock
      .exportState()
      .tables.messages.find((m) => m.id === res.response_message_id);
    expect(reply?.status).toBe('failed');
  });

  it('is stored when nothing changed (the gate itself drops nothing)', async () => {
    const t = gatedMock();
    const { chat } = await openChat(t);
    const sent = t.call('POST', `/v1/conversations/${chat}/messages`, { body: { message: 'Hm?' } });
    await t.answer();
    expect((await sent).body.data.response).toBe('AI: Hm?');
  });
});
