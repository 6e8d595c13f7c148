import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer } from '../../src/index.js';
import { apiClient, type Call } from '../support/api.js';
import { inProcess } from '../support/transports.js';

describe('a listener of mock.events that fails', () => {
  let mock: MockServer;
  let call: Call;
  let workspaceId: string;
  /** The events whose deliveries went out, in the order they were sent. */
  let delivered: string[];
  let reported: { error: unknown; request: { method: string; path: string } }[];

  beforeEach(async () => {
    delivered = [];
    reported = [];
    mock = createMockServer({
      clock: 'manual',
      startTime: '2026-11-20T10:00:00.000Z',
      onError: (error, request) => reported.push({ error, request }),
      deliveryFetch: async (_input, init) => {
        delivered.push(JSON.parse(String(init?.body)).event);
        return new Response(null, { status: 204 });
      },
    });
    const created = mock.createApiKey({ scopes: 'all' });
    workspaceId = created.workspace_id;
    call = apiClient(inProcess(mock), created.key);
    const hook = await call('POST', '/v1/webhooks', {
      body: { url: 'https://hooks.example.com/in', events: ['*'] },
    });
    expect(hook.status).toBe(201);
  });
  afterEach(() => mock.dispose());

  it('is reported once per throw, and the request, the state, deliveries and later listeners are as without it', async () => {
    const boom = new Error('a bug in the test listener');
    mock.events.on((event) => {
      if (event.event === 'conversation.created') throw boom;
    });
    const heard: string[] = [];
    mock.events.on((event) => heard.push(event.event));
    const agent = (await call('POST', '/v1/agents', { body: { name: 'Ada' } })).body.data.id;

    const res = await call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } });
    expect(res.status).toBe(200);
    const chat = res.body.data.conversation_id;
    const messages = await call('GET', `/v1/conversations/${chat}/messages`);
    expect(messages.body.data.map((m: { sender_type: string }) => m.sender_type).sort()).toEqual([
      'agent',
      'customer',
    ]);
    const events = ['conversation.created', 'message.received', 'message.sent'];
    expect(heard).toEqual(events);
    await mock.settle();
    expect(delivered).toEqual(events);
    expect(reported).toEqual([
      {
        error: boom,
        request: { method: 'EVENT', path: '(events.on listener of conversation.created)' },
      },
    ]);
  });

  it('does not fail an event emitted through the control API, nor its count of deliveries', async () => {
    const contact = (await call('POST', '/v1/contacts', { body: { name: 'Ada' } })).body.data;
    mock.events.on(() => {
      throw new Error('a bug in the test listener');
    });
    const emitted = mock.emitEvent({
      workspace_id: workspaceId,
      event: 'contact.updated',
      data: contact,
    });
    expect(emitted).toMatchObject({ event: 'contact.updated', deliveries: 1 });
    expect(reported).toHaveLength(1);
  });

  it('is reported when it is async and rejects, never an unhandled rejection', async () => {
    const boom = new Error('an expectation in an async listener');
    mock.events.on(async () => {
      await Promise.resolve();
      throw boom;
    });
    expect((await call('POST', '/v1/contacts', { body: { name: 'Ada' } })).status).toBe(201);
    await mock.settle();
    expect(reported.map((r) => r.error)).toEqual([boom]);
  });

  it('can still be removed with the function `on` returned', async () => {
    const off = mock.events.on(() => {
      throw new Error('a bug in the test listener');
    });
    off();
    expect((await call('POST', '/v1/contacts', { body: { name: 'Ada' } })).status).toBe(201);
    expect(reported).toEqual([]);
  });
});
