import { verifyWebhook } from '@agent-platform/webhook-verify';
import { describe, expect, it } from 'vitest';
import { signatureValid } from '../support/receiver.js';
import { webhookBodyProblems } from '../support/spec-contract.js';
import { useWebhooks } from '../support/webhook-harness.js';

/** The walk of api-decisions section 6's event table, and what each variant's receiver must see. */
const EXPECTED = {
  A: [
    'contact.created',
    'contact.updated',
    'conversation.created',
    'message.received',
    'message.sent',
    'agent.handoff_started',
    'message.received',
    'message.sent',
    'agent.handoff_completed',
    'conversation.transferred',
    'conversation.closed',
    'message.received',
    'message.sent',
    'appointment.created',
    'appointment.cancelled',
    'appointment.created',
    'appointment.completed',
  ],
  B: [
    'contact.created',
    'contact.updated',
    'channel.connected',
    'conversation.created',
    'message.received',
    'message.sent',
    'agent.handoff_started',
    'conversation.assigned',
    'message.received',
    'message.sent',
    'agent.handoff_completed',
    'agent.transferred',
    'conversation.closed',
    'conversation.reopened',
    'message.received',
    'message.sent',
    'appointment.scheduled',
    'appointment.rescheduled',
    'appointment.canceled',
    'appointment.scheduled',
    'channel.disconnected',
    'contact.deleted',
  ],
};

describe.each(['A', 'B'] as const)('the event table end to end, Variant %s', (variant) => {
  const h = useWebhooks({ variant });

  it('delivers every event of the walk, signed, in order, each body as the spec says', async () => {
    const { secret } = await h.webhook(['*']);
    const post = (path: string, body?: unknown) => h.call('POST', path, { body });
    const contact = (await post('/v1/contacts', { name: 'Ada' })).body.data.id;
    await h.call('PUT', `/v1/contacts/${contact}`, { body: { email: 'ada@example.com' } });
    const agent = (await post('/v1/agents', { name: 'Support' })).body.data.id;
    const backup = (await post('/v1/agents', { name: 'Backup' })).body.data.id;
    const channel = (await post('/v1/channels', { name: 'Web', agent_id: agent })).body.data.id;
    const id = (
      await post(`/v1/agents/${agent}/conversation`, { message: 'Hi', contact_id: contact })
    ).body.data.conversation_id;
    await post(`/v1/chats/${id}/start-human`, { assigned_to: crypto.randomUUID() });
    await post(`/v1/conversations/${id}/messages`, { message: 'Are you there?' });
    await post(`/v1/chats/${id}/messages`, { content: 'Yes, a person.' });
    await post(`/v1/chats/${id}/stop-human`);
    await post(`/v1/conversations/${id}/transfer`, { agent_id: backup });
    await post(`/v1/conversations/${id}/close`);
    await post(`/v1/conversations/${id}/messages`, { message: 'One more thing' });
    const first = (
      await post('/v1/appointments', {
        contact_id: contact,
        title: 'Call',
        starts_at: '2026-12-01T10:00:00Z',
      })
    ).body.data.id;
    await h.call('PUT', `/v1/appointments/${first}`, {
      body: { starts_at: '2026-12-02T10:00:00Z' },
    });
    await post(`/v1/appointments/${first}/cancel`);
    const second = (
      await post('/v1/appointments', {
        contact_id: contact,
        title: 'Call',
        starts_at: '2026-12-03T10:00:00Z',
      })
    ).body.data.id;
    await post(`/v1/appointments/${second}/complete`);
    await h.call('DELETE', `/v1/channels/${channel}`);
    await h.call('DELETE', `/v1/contacts/${contact}`);
    await h.mock.settle();

    const received = [...h.receiver.received].sort((a, b) =>
      a.json.timestamp < b.json.timestamp ? -1 : 0,
    );
    expect(received.map((r) => r.json.event).sort()).toEqual([...EXPECTED[variant]].sort());
    for (const got of received) {
      expect(signatureValid(variant, secret, got)).toBe(true);
      expect(webhookBodyProblems(got.json)).toEqual([]);
      // As a receiver would take it: the toolkit's verifier, its clock the mock's.
      const now = new Date(h.mock.clock.now());
      const verified = await verifyWebhook({
        variant,
        rawBody: got.body,
        headers: got.headers,
        secret,
        now,
      });
      expect(verified).toMatchObject({ ...got.json, variant });
    }
    const attempts = h.mock.webhookAttempts();
    expect(attempts.map((a) => a.event)).toEqual(EXPECTED[variant]);
  });
});
