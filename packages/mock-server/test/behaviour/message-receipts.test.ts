// Read receipts: the customer's device reports a message sent to it delivered, then read, through
// PUT /__mock/messages/{id}/status (setMessageStatus in-process); Variant B tells the webhooks.
import { describe, expect, it } from 'vitest';
import { recordEvents } from '../support/events.js';
import { useMock } from '../support/harness.js';
import { domainEventProblems } from '../support/spec-contract.js';
import { transports } from '../support/transports.js';

describe.each(transports)('message receipts over $name', (transport) => {
  describe.each(['A', 'B'] as const)('Variant %s', (variant) => {
    const h = useMock(transport, { variant });
    const events = recordEvents(h);

    /** A chat in human mode and the person's message in it: [chat id, message id]. */
    async function sentMessage(): Promise<[string, string]> {
      const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
      const chat = (
        await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
      ).body.data.conversation_id;
      await h.call('POST', `/v1/chats/${chat}/start-human`, { body: {} });
      const sent = await h.call('POST', `/v1/chats/${chat}/messages`, {
        body: { content: 'Yes?' },
      });
      expect(sent.body.data.status).toBe('sent');
      events.take();
      return [chat, sent.body.data.id];
    }

    const report = (id: string, status: unknown) =>
      h.call('PUT', `/__mock/messages/${id}/status`, { body: { status } });

    /** The message's status as the state holds it (the API reads messages without one). */
    function statusOf(id: string): string | undefined {
      return h.mock.exportState().tables.messages.find((m) => m.id === id)?.status;
    }

    it('moves a sent message to delivered, then read, each with its event in B', async () => {
      const [chat, id] = await sentMessage();
      const delivered = await report(id, 'delivered');
      expect(delivered.status).toBe(200);
      expect(delivered.body.data).toMatchObject({ id, conversation_id: chat, status: 'delivered' });
      expect(events.take()).toEqual(variant === 'B' ? ['message.delivered'] : []);
      expect(statusOf(id)).toBe('delivered');
      expect((await report(id, 'read')).body.data.status).toBe('read');
      expect(events.take()).toEqual(variant === 'B' ? ['message.read'] : []);
      expect(statusOf(id)).toBe('read');
    });

    it('delivers a message read without a delivery report first: both events, in order', async () => {
      const [, id] = await sentMessage();
      expect((await report(id, 'read')).body.data.status).toBe('read');
      const emitted = events.all();
      expect(emitted.map((e) => e.event)).toEqual(
        variant === 'B' ? ['message.delivered', 'message.read'] : [],
      );
      // Each event's body as the spec's webhooks section says: the message, in the conversation view.
      for (const event of emitted) {
        expect(event.data).toMatchObject({ id });
        expect(domainEventProblems(event)).toEqual([]);
      }
    });

    it('changes nothing for the same status again, and refuses going back', async () => {
      const [, id] = await sentMessage();
      await report(id, 'read');
      events.take();
      expect((await report(id, 'read')).status).toBe(200);
      expect(events.take()).toEqual([]);
      const back = await report(id, 'delivered');
      expect(back.status).toBe(409);
      expect(back.body.error).toMatchObject({
        code: 'CONFLICT',
        message: `message ${id} is read already: its status does not go back to delivered`,
      });
    });

    it("refuses a customer's message and a failed one (409), an unknown one (404), a bad status (400)", async () => {
      const [chat, id] = await sentMessage();
      const messages = (await h.call('GET', `/v1/conversations/${chat}/messages`)).body.data;
      const customers = messages.find((m: { sender_type: string }) => m.sender_type === 'customer');
      const own = await report(customers.id, 'read');
      expect([own.status, own.body.error.message]).toEqual([
        409,
        `message ${customers.id} is the customer's: only a message sent to the customer (by the agent or a person) is delivered or read`,
      ]);
      const unknown = crypto.randomUUID();
      const missing = await report(unknown, 'read');
      expect([missing.status, missing.body.error.message]).toEqual([
        404,
        `message ${unknown} not found`,
      ]);
      for (const status of ['sent', 'failed', undefined]) {
        const bad = await report(id, status);
        expect(bad.status, String(status)).toBe(400);
        expect(bad.body.error.details[0].field).toBe('status');
      }
      // A message that failed never reached the customer: nothing to report.
      const channel = (await h.call('GET', `/v1/chats/${chat}`)).body.data.channel_id;
      if (channel) await h.call('DELETE', `/v1/channels/${channel}`);
      else h.mock.importState(withChannelDeleted(h.mock.exportState(), chat));
      const failed = await h.call('POST', `/v1/chats/${chat}/messages`, { body: { content: 'x' } });
      expect(failed.body.data.status).toBe('failed');
      const refused = await report(failed.body.data.id, 'delivered');
      expect([refused.status, refused.body.error.message]).toEqual([
        409,
        `message ${failed.body.data.id} is failed: it never reached the customer`,
      ]);
      expect(events.take().filter((e) => e === 'message.delivered')).toEqual([]);
    });

    it('does the same in-process, and takes an upper-case id', async () => {
      const [, id] = await sentMessage();
      expect(h.mock.setMessageStatus(id.toUpperCase(), { status: 'delivered' })).toMatchObject({
        id,
        status: 'delivered',
      });
      expect(() => h.mock.setMessageStatus(id, { status: 'seen' } as never)).toThrow(
        expect.objectContaining({ status: 400 }),
      );
    });
  });
});

/** The snapshot with the chat marked as having lost its channel (one never had one). */
// biome-ignore lint/suspicious/noExplicitAny: a snapshot edited by hand.
function withChannelDeleted(snapshot: any, chat: string) {
  const row = snapshot.tables.conversations.find((c: { id: string }) => c.id === chat);
  row._channel_deleted = true;
  return snapshot;
}
