// A chat's handoff at its edges: a state exported and imported in the middle of one, and the order
// its messages are listed in afterwards.
import { describe, expect, it } from 'vitest';
import { recordEvents } from '../support/events.js';
import { useMock } from '../support/harness.js';
import { type Transport, transports } from '../support/transports.js';

const fetchHandler = transports[0] as Transport;

describe('a state imported in the middle of a handoff', () => {
  const h = useMock(fetchHandler, { variant: 'B' });
  const events = recordEvents(h);

  async function humanChat(): Promise<{ id: string; assignee: string }> {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Support' } })).body.data.id;
    const id = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hello' } })
    ).body.data.conversation_id;
    const assignee = crypto.randomUUID();
    await h.call('POST', `/v1/chats/${id}/start-human`, { body: { assigned_to: assignee } });
    return { id, assignee };
  }

  const contents = async (id: string) =>
    (await h.call('GET', `/v1/conversations/${id}/messages?order=asc`)).body.data.map(
      (m: { content: string }) => m.content,
    );

  it('goes on: the person replies as the assignee, and stop-human hands back to the AI', async () => {
    const { id, assignee } = await humanChat();
    const snapshot = h.mock.exportState();
    h.mock.reset();
    h.mock.importState(snapshot);
    events.take();
    const reply = await h.call('POST', `/v1/chats/${id}/messages`, { body: { content: 'Hi!' } });
    expect(reply.body.data).toMatchObject({ sender_type: 'human', sender_id: assignee });
    const stopped = await h.call('POST', `/v1/chats/${id}/stop-human`);
    expect(stopped.body.data).toMatchObject({ status: 'open', assigned_to: null });
    expect(events.take()).toEqual(['message.sent', 'agent.handoff_completed']);
  });

  it("lists a message made after the import after the older ones, though the file's seq is behind its rows", async () => {
    const { id } = await humanChat();
    const snapshot = h.mock.exportState();
    const largest = Math.max(
      ...Object.values(snapshot.tables).flatMap((rows) => rows.map((r) => r._seq)),
    );
    // A hand-written seed that leaves `seq` as it was: the clock and created_at are the same.
    h.mock.importState({ ...snapshot, seq: 0 });
    const before = await contents(id);
    await h.call('POST', `/v1/chats/${id}/messages`, { body: { content: 'A person here.' } });
    expect(await contents(id)).toEqual([...before, 'A person here.']);
    expect(h.mock.exportState().seq).toBeGreaterThan(largest);
  });
});
