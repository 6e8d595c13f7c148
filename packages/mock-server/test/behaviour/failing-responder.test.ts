import { describe, expect, it } from 'vitest';
import { createMockServer, type Responder } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { inProcess } from '../support/transports.js';

/** A mock whose responder is the test's, collecting what `onError` hears and the events emitted. */
function mockWith(responder: Responder) {
  const errors: { error: unknown; method: string; path: string }[] = [];
  const mock = createMockServer({
    variant: 'B',
    clock: 'manual',
    responder,
    onError: (error, { method, path }) => errors.push({ error, method, path }),
  });
  const { key } = mock.createApiKey({ scopes: 'all' });
  const call = apiClient(inProcess(mock), key);
  const events: string[] = [];
  mock.events.on((event) => events.push(event.event));
  return { call, errors, events };
}

// A responder that fails stands for the AI failing (a test simulating an LLM outage): the customer's
// message was received all the same, so the request succeeds with no answer, as for a chat in human
// mode, and the failure goes to onError naming the responder, rather than a 500 for a conversation
// that was created anyway (whose id the client would never learn).
describe('a responder that fails', () => {
  it.each([
    [
      'throws',
      () => {
        throw new Error('LLM down');
      },
      'LLM down',
    ],
    ['rejects', () => Promise.reject(new Error('LLM timed out')), 'LLM timed out'],
    [
      'returns no string (a missing return)',
      (() => undefined) as unknown as Responder,
      'responder: returned undefined, not a string',
    ],
    [
      'resolves to an object',
      (async () => ({ text: 'hi' })) as unknown as Responder,
      'responder: returned {"text":"hi"}, not a string',
    ],
  ] as const)(
    '%s: the conversation starts with no answer, and onError hears why',
    async (_, responder, message) => {
      const t = mockWith(responder);
      const agent = (await t.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
      const res = await t.call('POST', `/v1/agents/${agent}/conversation`, {
        body: { message: 'Hi' },
      });
      expect(res.status).toBe(200);
      expect(res.body.data.response).toBeNull();
      expect(res.body.data.response_message_id).toBeNull();
      const chat = res.body.data.conversation_id;
      const messages = await t.call('GET', `/v1/conversations/${chat}/messages?order=asc`);
      expect(messages.body.data.map((m: { content: string }) => m.content)).toEqual(['Hi']);
      expect(t.events).toEqual(['conversation.created', 'message.received']);
      expect(t.errors).toHaveLength(1);
      expect(t.errors[0]).toMatchObject({
        error: { message },
        method: 'RESPONDER',
        path: `(responder, conversation ${chat})`,
      });
    },
  );

  it('on a closed conversation: the message reopens it and is stored, with no answer', async () => {
    let fail = false;
    const t = mockWith(({ message }) => {
      if (fail) throw new Error('LLM down');
      return `AI: ${message}`;
    });
    const agent = (await t.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    const chat = (
      await t.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
    ).body.data.conversation_id;
    await t.call('POST', `/v1/conversations/${chat}/close`);
    fail = true;
    const res = await t.call('POST', `/v1/conversations/${chat}/messages`, {
      body: { message: 'Again' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.response).toBeNull();
    expect((await t.call('GET', `/v1/chats/${chat}`)).body.data.status).toBe('open');
    const messages = await t.call('GET', `/v1/conversations/${chat}/messages?order=asc`);
    expect(messages.body.data.map((m: { content: string }) => m.content)).toEqual([
      'Hi',
      'AI: Hi',
      'Again',
    ]);
    expect(t.errors).toHaveLength(1);
  });
});
