import { describe, expect, it } from 'vitest';
import { recordEvents } from '../support/events.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('conversations and messages over $name', (transport) => {
  const h = useMock(transport);

  async function agentWithTraining(): Promise<string> {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Support' } })).body.data.id;
    await h.call('POST', `/v1/agents/${agent}/trainings`, {
      body: { type: 'text', title: 'Shipping', content: 'Orders ship within 2 business days.' },
    });
    await h.call('POST', `/v1/agents/${agent}/trainings`, {
      body: { type: 'text', title: 'Returns', content: 'Returns are free within 30 days.' },
    });
    return agent;
  }

  it('starts a conversation: the answer quotes the best-matching training', async () => {
    const agent = await agentWithTraining();
    const res = await h.call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'How long does shipping take?' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.response).toBe('Orders ship within 2 business days. (from "Shipping")');
    const id = res.body.data.conversation_id;
    const conversation = (await h.call('GET', `/v1/conversations/${id}`)).body.data;
    expect(conversation).toMatchObject({
      id,
      agent_id: agent,
      status: 'open',
      contact_id: null,
      metadata: {},
    });
    const messages = await h.call('GET', `/v1/conversations/${id}/messages?order=asc`);
    expect(
      messages.body.data.map((m: { sender_type: string; id: string }) => [m.sender_type, m.id]),
    ).toEqual([
      ['customer', res.body.data.message_id],
      ['agent', res.body.data.response_message_id],
    ]);
  });

  it('matches a singular question to a plural training ("my order" finds "Orders ship...")', async () => {
    const agent = await agentWithTraining();
    const res = await h.call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'Where is my order?' },
    });
    expect(res.body.data.response).toBe('Orders ship within 2 business days. (from "Shipping")');
  });

  it('quotes the oldest of two trainings that match equally', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Support' } })).body.data.id;
    const train = (body: Record<string, string>) =>
      h.call('POST', `/v1/agents/${agent}/trainings`, { body: { title: 'Refunds', ...body } });
    await train({ type: 'text', content: 'Refunds take 5 days.' });
    await h.mock.clock.advance(1000);
    await train({ type: 'text', content: 'Refunds go to your card.' });
    const res = await h.call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'refunds?' },
    });
    expect(res.body.data.response).toBe('Refunds take 5 days. (from "Refunds")');
  });

  // The responder option replaces this answer: options.test.ts.
  it('echoes when no training matches', async () => {
    const agent = await agentWithTraining();
    const res = await h.call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'Bonjour' },
    });
    expect(res.body.data.response).toMatch(/^Thanks for your message: "Bonjour"/);
  });

  it('answers a customer message with response null once the agent was deleted (its conversation stays)', async () => {
    const agent = await agentWithTraining();
    const started = await h.call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'Hello' },
    });
    const id = started.body.data.conversation_id;
    expect((await h.call('DELETE', `/v1/agents/${agent}`)).status).toBe(204);
    const res = await h.call('POST', `/v1/conversations/${id}/messages`, {
      body: { message: 'Anyone there?' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ response: null, response_message_id: null });
    // The conversation and its chat still name the deleted agent, which answers 404.
    expect((await h.call('GET', `/v1/conversations/${id}`)).body.data.agent_id).toBe(agent);
    expect((await h.call('GET', `/v1/chats/${id}`)).body.data.agent_id).toBe(agent);
    expect((await h.call('GET', `/v1/agents/${agent}`)).status).toBe(404);
  });

  it('answers 409 for an inactive agent and 404 for an unknown contact', async () => {
    const agent = await agentWithTraining();
    expect(
      (
        await h.call('POST', `/v1/agents/${agent}/conversation`, {
          body: { message: 'x', contact_id: crypto.randomUUID() },
        })
      ).status,
    ).toBe(404);
    await h.call('POST', `/v1/agents/${agent}/deactivate`);
    const res = await h.call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'Hi' },
    });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toMatch(/inactive/);
    expect(
      (await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: '' } })).status,
    ).toBe(400);
  });

  it('gives no answer in human mode or when the agent is inactive, and reopens a closed conversation', async () => {
    const agent = await agentWithTraining();
    const id = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
    ).body.data.conversation_id;
    await h.call('POST', `/v1/chats/${id}/start-human`);
    expect(
      (
        await h.call('POST', `/v1/conversations/${id}/messages`, {
          body: { message: 'Still there?' },
        })
      ).body.data.response,
    ).toBeNull();
    await h.call('POST', `/v1/chats/${id}/stop-human`);
    await h.call('POST', `/v1/agents/${agent}/deactivate`);
    expect(
      (await h.call('POST', `/v1/conversations/${id}/messages`, { body: { message: 'Hello?' } }))
        .body.data.response,
    ).toBeNull();
    await h.call('POST', `/v1/agents/${agent}/activate`);
    await h.call('POST', `/v1/conversations/${id}/close`);
    expect((await h.call('GET', `/v1/conversations/${id}`)).body.data.status).toBe('closed');
    const reopened = await h.call('POST', `/v1/conversations/${id}/messages`, {
      body: { message: 'Returns?' },
    });
    expect(reopened.body.data.response).toMatch(/Returns are free/);
    expect((await h.call('GET', `/v1/conversations/${id}`)).body.data.status).toBe('open');
  });

  it('filters conversations by agent, contact, channel and status', async () => {
    const agent = await agentWithTraining();
    const channel = (
      await h.call('POST', '/v1/channels', { body: { name: 'Web', agent_id: agent } })
    ).body.data.id;
    const contact = (await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } })).body.data.id;
    const a = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, {
        body: { message: 'a', contact_id: contact },
      })
    ).body.data.conversation_id;
    const b = (await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'b' } }))
      .body.data.conversation_id;
    await h.call('POST', `/v1/conversations/${b}/close`);
    const ids = async (q: string) =>
      (await h.call('GET', `/v1/conversations?${q}`)).body.data.map((c: { id: string }) => c.id);
    expect(await ids(`contact_id=${contact}`)).toEqual([a]);
    expect(await ids('status=closed')).toEqual([b]);
    expect(await ids(`channel_id=${channel}&status=open`)).toEqual([a]);
    expect(await ids(`agent_id=${crypto.randomUUID()}`)).toEqual([]);
  });

  it('edits a message (is_edited) and reads and deletes it directly', async () => {
    const agent = await agentWithTraining();
    const started = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
    ).body.data;
    const edited = await h.call(
      'PUT',
      `/v1/conversations/${started.conversation_id}/messages/${started.message_id}`,
      {
        body: { content: 'Hello' },
      },
    );
    expect(edited.body.data).toMatchObject({
      id: started.message_id,
      content: 'Hello',
      is_edited: true,
      sender_type: 'customer',
      message_type: 'text',
    });
    expect(
      (
        await h.call(
          'PUT',
          `/v1/conversations/${started.conversation_id}/messages/${started.message_id}`,
          { body: { content: '' } },
        )
      ).status,
    ).toBe(400);
    expect((await h.call('GET', `/v1/messages/${started.message_id}`)).body.data.content).toBe(
      'Hello',
    );
    expect((await h.call('DELETE', `/v1/messages/${started.message_id}`)).status).toBe(204);
    const gone = `message ${started.message_id} not found`;
    for (const method of ['GET', 'DELETE']) {
      const res = await h.call(method, `/v1/messages/${started.message_id}`);
      expect([res.status, res.body.error.message], method).toEqual([404, gone]);
    }
    const other = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'x' } })
    ).body.data.conversation_id;
    expect(
      (
        await h.call('PUT', `/v1/conversations/${other}/messages/${started.response_message_id}`, {
          body: { content: 'y' },
        })
      ).status,
    ).toBe(404);
  });

  it("keeps a human agent's message, edited, within what a chat message takes (4096 characters)", async () => {
    const agent = await agentWithTraining();
    const chat = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
    ).body.data;
    await h.call('POST', `/v1/chats/${chat.conversation_id}/start-human`);
    const sent = await h.call('POST', `/v1/chats/${chat.conversation_id}/messages`, {
      body: { content: 'On it' },
    });
    const edit = (id: string, content: string) =>
      h.call('PUT', `/v1/conversations/${chat.conversation_id}/messages/${id}`, {
        body: { content },
      });
    const long = await edit(sent.body.data.id, 'x'.repeat(4097));
    expect(long.status).toBe(400);
    expect(long.body.error.details).toEqual([
      {
        field: 'content',
        rule: 'maxLength',
        message:
          "content: must be at most 4096 characters for a human agent's message, as a chat message",
      },
    ]);
    expect((await h.call('GET', `/v1/messages/${sent.body.data.id}`)).body.data.content).toBe(
      'On it',
    );
    expect((await edit(sent.body.data.id, 'ü'.repeat(4096))).status).toBe(200); // code points
    // The customer's message takes what a customer message takes.
    expect((await edit(chat.message_id, 'x'.repeat(10_000))).status).toBe(200);
  });

  it('transfers to another active agent; 409 for an inactive one', async () => {
    const agent = await agentWithTraining();
    const backup = (await h.call('POST', '/v1/agents', { body: { name: 'Backup' } })).body.data.id;
    const id = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
    ).body.data.conversation_id;
    expect(
      (await h.call('POST', `/v1/conversations/${id}/transfer`, { body: { agent_id: backup } }))
        .body.data.agent_id,
    ).toBe(backup);
    await h.call('POST', `/v1/agents/${agent}/deactivate`);
    const res = await h.call('POST', `/v1/conversations/${id}/transfer`, {
      body: { agent_id: agent },
    });
    expect(res.status).toBe(409);
    expect(
      (
        await h.call('POST', `/v1/conversations/${id}/transfer`, {
          body: { agent_id: crypto.randomUUID() },
        })
      ).status,
    ).toBe(404);
  });

  it('receives a customer message from the channel through the control API', async () => {
    const agent = await agentWithTraining();
    const id = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
    ).body.data.conversation_id;
    const res = await h.call('POST', `/__mock/conversations/${id}/inbound`, {
      body: { content: 'Any news on shipping?' },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.message).toMatchObject({
      conversation_id: id,
      sender_type: 'customer',
      content: 'Any news on shipping?',
    });
    expect(res.body.data.response).toMatch(/ship within/);
    expect(
      (
        await h.call('POST', `/__mock/conversations/${crypto.randomUUID()}/inbound`, {
          body: { content: 'x' },
        })
      ).status,
    ).toBe(404);
    expect((await h.call('POST', `/__mock/conversations/${id}/inbound`, { body: {} })).status).toBe(
      400,
    );
  });
});

describe.each(transports)('chats over $name', (transport) => {
  const h = useMock(transport);

  async function humanChat(): Promise<string> {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    const id = (
      await h.call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'Hi' } })
    ).body.data.conversation_id;
    await h.call('POST', `/v1/chats/${id}/start-human`, {
      body: { assigned_to: '11111111-1111-4111-8111-111111111111' },
    });
    return id;
  }

  it('sends a human message: 201, the chat shape, sender human, status sent', async () => {
    const id = await humanChat();
    const res = await h.call('POST', `/v1/chats/${id}/messages`, {
      body: { content: 'I can help.' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      conversation_id: id,
      content: 'I can help.',
      type: 'text',
      sender_type: 'human',
      sender_id: '11111111-1111-4111-8111-111111111111',
      status: 'sent',
      media_url: null,
    });
    const inConversation = await h.call('GET', `/v1/messages/${res.body.data.id}`);
    expect(inConversation.body.data).toMatchObject({ sender_type: 'human', message_type: 'text' });
  });

  it('maps the two message shapes of one stored message in one place', async () => {
    const id = await humanChat();
    const messages = (await h.call('GET', `/v1/conversations/${id}/messages?order=asc`)).body.data;
    expect(messages[0]).toMatchObject({ sender_type: 'customer', message_type: 'text' });
    expect(messages[0].type).toBeUndefined();
  });

  it('names a chat it does not know as a chat', async () => {
    const id = crypto.randomUUID();
    const res = await h.call('GET', `/v1/chats/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', message: `chat ${id} not found` });
  });

  it("gives a media message the MIME type its URL's extension names, in any case", async () => {
    const id = await humanChat();
    const mediaType = async (file: string) => {
      const sent = await h.call('POST', `/v1/chats/${id}/messages`, {
        body: { type: 'document', media_url: `https://cdn.test/media/${file}` },
      });
      return (await h.call('GET', `/v1/messages/${sent.body.data.id}`)).body.data.media_type;
    };
    const table: [string, string | null][] = [
      ['a.jpg', 'image/jpeg'],
      ['a.JPEG', 'image/jpeg'],
      ['a.png', 'image/png'],
      ['a.gif', 'image/gif'],
      ['a.webp', 'image/webp'],
      ['a.mp3', 'audio/mpeg'],
      ['a.ogg', 'audio/ogg'],
      ['a.wav', 'audio/wav'],
      ['a.mp4', 'video/mp4'],
      ['a.webm', 'video/webm'],
      ['a.Pdf', 'application/pdf'],
      ['a.tiff', null],
      ['pdf', null],
    ];
    for (const [file, expected] of table)
      expect([file, await mediaType(file)]).toEqual([file, expected]);
  });

  it('applies the type and media_url rules', async () => {
    const id = await humanChat();
    const image = await h.call('POST', `/v1/chats/${id}/messages`, {
      body: { type: 'image', media_url: 'https://cdn.test/p.png' },
    });
    expect(image.status).toBe(201);
    expect(image.body.data).toMatchObject({
      type: 'image',
      media_url: 'https://cdn.test/p.png',
      content: '',
    });
    expect((await h.call('GET', `/v1/messages/${image.body.data.id}`)).body.data.media_type).toBe(
      'image/png',
    );
    // An extension that is an Object property name is simply unknown.
    const odd = await h.call('POST', `/v1/chats/${id}/messages`, {
      body: { type: 'document', media_url: 'https://cdn.test/p.constructor' },
    });
    expect((await h.call('GET', `/v1/messages/${odd.body.data.id}`)).body.data.media_type).toBe(
      null,
    );
    const noMedia = await h.call('POST', `/v1/chats/${id}/messages`, {
      body: { type: 'video', content: 'x' },
    });
    expect(noMedia.body.error.details[0]).toEqual({
      field: 'media_url',
      rule: 'required',
      message: 'media_url: is required for image, audio, video and document messages',
    });
    const textWithMedia = await h.call('POST', `/v1/chats/${id}/messages`, {
      body: { content: 'x', media_url: 'https://cdn.test/p.png' },
    });
    expect(textWithMedia.status).toBe(400);
    expect(textWithMedia.body.error.details).toEqual([
      {
        field: 'media_url',
        rule: 'not',
        message: 'media_url: is only for image, audio, video and document messages',
      },
    ]);
    expect(
      (await h.call('POST', `/v1/chats/${id}/messages`, { body: {} })).body.error.message,
    ).toBe('content: is required for text messages');
    // A person's message reaches the customer: one of white space alone, or a blank caption, shows nothing.
    for (const body of [
      { content: ' \n\u200b' },
      { type: 'image', media_url: 'https://cdn.test/p.png', content: '  ' },
    ]) {
      const blank = await h.call('POST', `/v1/chats/${id}/messages`, { body });
      expect(blank.body.error.details).toEqual([
        { field: 'content', rule: 'blank', message: 'content: must not be blank' },
      ]);
    }
  });

  it('takes only an http or https media_url', async () => {
    const id = await humanChat();
    for (const url of ['javascript:alert(1)', 'mailto:a@b.test', 'file:///etc/passwd']) {
      const res = await h.call('POST', `/v1/chats/${id}/messages`, {
        body: { type: 'image', media_url: url },
      });
      expect(res.status, url).toBe(400);
      expect(res.body.error.details).toEqual([
        { field: 'media_url', rule: 'pattern', message: 'media_url: must be an http or https URL' },
      ]);
    }
  });

  it('lists active chats by default and closed ones on request', async () => {
    const open = await humanChat();
    const closed = await humanChat();
    await h.call('POST', `/v1/conversations/${closed}/close`);
    const ids = async (q: string) =>
      (await h.call('GET', `/v1/chats${q}`)).body.data.map((c: { id: string }) => c.id);
    expect(await ids('')).toEqual([open]);
    expect(await ids('?status=closed')).toEqual([closed]);
    expect(await ids('?status=human')).toEqual([open]);
  });

  it('deletes a message of the chat only', async () => {
    const id = await humanChat();
    const other = await humanChat();
    const message = (await h.call('POST', `/v1/chats/${id}/messages`, { body: { content: 'x' } }))
      .body.data.id;
    const elsewhere = await h.call('DELETE', `/v1/chats/${other}/messages/${message}`);
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.body.error).toMatchObject({
      code: 'NOT_FOUND',
      message: `message ${message} not found in chat ${other}`,
    });
    expect((await h.call('DELETE', `/v1/chats/${id}/messages/${message}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/messages/${message}`)).status).toBe(404);
  });

  it("edits and deletes a closed conversation's messages (moderation): it stays closed", async () => {
    const id = await humanChat();
    const [first, second, third] = (
      await Promise.all(
        ['one', 'two', 'three'].map((content) =>
          h.call('POST', `/v1/chats/${id}/messages`, { body: { content } }),
        ),
      )
    ).map((res) => res.body.data.id as string);
    await h.call('POST', `/v1/conversations/${id}/close`);
    const before = (await h.call('GET', `/v1/conversations/${id}`)).body.data;
    const edited = await h.call('PUT', `/v1/conversations/${id}/messages/${first}`, {
      body: { content: '[removed]' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ id: first, content: '[removed]', is_edited: true });
    expect((await h.call('DELETE', `/v1/chats/${id}/messages/${second}`)).status).toBe(204);
    expect((await h.call('DELETE', `/v1/messages/${third}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/conversations/${id}`)).body.data).toEqual(before);
    expect((await h.call('GET', `/v1/chats/${id}`)).body.data.status).toBe('closed');
  });
});

describe.each(transports)('deleted channels and contacts over $name', (transport) => {
  describe.each(['A', 'B'] as const)('Variant %s', (variant) => {
    const h = useMock(transport, { variant });
    const events = recordEvents(h);

    /** A chat in human mode with a contact, through a channel of its agent. */
    async function humanChat() {
      const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
      const channel = (
        await h.call('POST', '/v1/channels', { body: { name: 'Web', agent_id: agent } })
      ).body.data.id;
      const contact = (await h.call('POST', '/v1/contacts', { body: { name: 'Ada' } })).body.data
        .id;
      const id = (
        await h.call('POST', `/v1/agents/${agent}/conversation`, {
          body: { message: 'Hi', contact_id: contact },
        })
      ).body.data.conversation_id;
      await h.call('POST', `/v1/chats/${id}/start-human`, { body: {} });
      const conversation = (await h.call('GET', `/v1/conversations/${id}`)).body.data;
      expect(conversation).toMatchObject({ channel_id: channel, contact_id: contact });
      return { id, channel, contact };
    }

    const ids = async (q: string) =>
      (await h.call('GET', `/v1/conversations?${q}`)).body.data.map((c: { id: string }) => c.id);

    it('keeps the conversations of a deleted channel, with channel_id null; a human message in them fails', async () => {
      const { id, channel } = await humanChat();
      const before = await h.call('POST', `/v1/chats/${id}/messages`, { body: { content: 'Hi' } });
      expect(before.body.data.status).toBe('sent');
      expect(await ids(`channel_id=${channel}`)).toEqual([id]);
      await h.mock.clock.advance(1000);
      expect((await h.call('DELETE', `/v1/channels/${channel}`)).status).toBe(204);
      const conversation = (await h.call('GET', `/v1/conversations/${id}`)).body.data;
      expect(conversation).toMatchObject({
        channel_id: null,
        updated_at: '2026-11-20T10:00:01.000Z',
      });
      expect((await h.call('GET', `/v1/chats/${id}`)).body.data.channel_id).toBeNull();
      expect(await ids(`channel_id=${channel}`)).toEqual([]);
      events.take();
      const after = await h.call('POST', `/v1/chats/${id}/messages`, {
        body: { content: 'Still there?' },
      });
      expect(after.status).toBe(201);
      expect(after.body.data).toMatchObject({
        content: 'Still there?',
        sender_type: 'human',
        status: 'failed',
      });
      expect(events.take()).toEqual(variant === 'B' ? ['message.failed'] : []);
      const stored = await h.call('GET', `/v1/messages/${after.body.data.id}`);
      expect(stored.body.data).toMatchObject({ conversation_id: id, content: 'Still there?' });
    });

    it('fails a human message while the channel is disconnected or in error, and sends it again once active', async () => {
      const { id, channel } = await humanChat();
      const send = async () =>
        (await h.call('POST', `/v1/chats/${id}/messages`, { body: { content: 'Hi' } })).body.data
          .status;
      for (const status of ['disconnected', 'error'] as const) {
        await h.call('PUT', `/__mock/channels/${channel}/status`, { body: { status } });
        events.take();
        expect(await send()).toBe('failed');
        expect(events.take()).toEqual(variant === 'B' ? ['message.failed'] : []);
      }
      await h.call('PUT', `/__mock/channels/${channel}/status`, { body: { status: 'active' } });
      events.take();
      expect(await send()).toBe('sent');
      expect(events.take()).toEqual(['message.sent']);
    });

    /** The stored status of a message (the conversation view has none; a B receiver hears message.failed). */
    const statusOf = (id: string) =>
      h.mock.exportState().tables.messages.find((m) => m.id === id)?.status;

    it('fails the AI answer through a deleted channel, or one disconnected or in error, as a human message; sends it again once active', async () => {
      const { id, channel } = await humanChat();
      await h.call('POST', `/v1/chats/${id}/stop-human`);
      const ask = async (message: string) => {
        events.take();
        const res = await h.call('POST', `/v1/conversations/${id}/messages`, { body: { message } });
        expect(res.status).toBe(200);
        // The agent answered: the API's caller gets the answer, and it is stored, failed or sent.
        expect(res.body.data.response).toContain(message);
        const reply = await h.call('GET', `/v1/messages/${res.body.data.response_message_id}`);
        expect(reply.body.data).toMatchObject({ conversation_id: id, sender_type: 'agent' });
        return { status: statusOf(res.body.data.response_message_id), events: events.take() };
      };
      const failed = {
        status: 'failed',
        events: variant === 'B' ? ['message.received', 'message.failed'] : ['message.received'],
      };
      const sent = { status: 'sent', events: ['message.received', 'message.sent'] };
      expect(await ask('Before')).toEqual(sent);
      for (const status of ['disconnected', 'error'] as const) {
        await h.call('PUT', `/__mock/channels/${channel}/status`, { body: { status } });
        expect(await ask(`While ${status}`)).toEqual(failed);
      }
      await h.call('PUT', `/__mock/channels/${channel}/status`, { body: { status: 'active' } });
      expect(await ask('Back')).toEqual(sent);
      expect((await h.call('DELETE', `/v1/channels/${channel}`)).status).toBe(204);
      expect(await ask('Gone')).toEqual(failed);
    });

    it('refuses a customer message from the control API through a channel that is down or deleted', async () => {
      const { id, channel } = await humanChat();
      await h.call('POST', `/v1/chats/${id}/stop-human`);
      await h.call('PUT', `/__mock/channels/${channel}/status`, { body: { status: 'error' } });
      events.take();
      const before = h.mock.exportState().tables.messages.length;
      const inbound = () =>
        h.call('POST', `/__mock/conversations/${id}/inbound`, { body: { content: 'Hello?' } });
      const res = await inbound();
      expect(res.status).toBe(409);
      expect(res.body.error).toMatchObject({
        code: 'CONFLICT',
        message: `conversation ${id}: its channel ${channel} is error, so no customer message comes in through it (an active channel does: pairChannel, setChannelStatus)`,
      });
      await expect(h.mock.receiveMessage(id, { content: 'Hello?' })).rejects.toMatchObject({
        status: 409,
      });
      expect(events.take()).toEqual([]);
      expect(h.mock.exportState().tables.messages).toHaveLength(before);
      // Up again: the message comes in, and the AI answers through the channel.
      await h.call('PUT', `/__mock/channels/${channel}/status`, { body: { status: 'active' } });
      events.take();
      const up = await inbound();
      expect(up.status).toBe(200);
      expect(events.take()).toEqual(['message.received', 'message.sent']);
      expect((await h.call('DELETE', `/v1/channels/${channel}`)).status).toBe(204);
      expect((await inbound()).body.error.message).toContain('its channel was deleted');
    });

    it('keeps the conversations of a deleted contact, with contact_id null, off its filter', async () => {
      const { id, contact } = await humanChat();
      expect(await ids(`contact_id=${contact}`)).toEqual([id]);
      await h.mock.clock.advance(1000);
      expect((await h.call('DELETE', `/v1/contacts/${contact}`)).status).toBe(204);
      expect((await h.call('GET', `/v1/conversations/${id}`)).body.data).toMatchObject({
        contact_id: null,
        updated_at: '2026-11-20T10:00:01.000Z',
      });
      expect((await h.call('GET', `/v1/chats/${id}`)).body.data.contact_id).toBeNull();
      expect(await ids(`contact_id=${contact}`)).toEqual([]);
      // The channel is still there: a human message still reaches the customer.
      events.take();
      const sent = await h.call('POST', `/v1/chats/${id}/messages`, { body: { content: 'Hi' } });
      expect(sent.body.data.status).toBe('sent');
      expect(events.take()).toEqual(['message.sent']);
    });

    it('keeps the appointments of a deleted contact, with contact_id null; cancels the scheduled ones', async () => {
      const { contact } = await humanChat();
      const other = (await h.call('POST', '/v1/contacts', { body: { name: 'Bo' } })).body.data.id;
      const book = async (contactId: string) =>
        (
          await h.call('POST', '/v1/appointments', {
            body: { contact_id: contactId, title: 'Call', starts_at: '2026-12-01T10:00:00Z' },
          })
        ).body.data.id as string;
      const [scheduled, done, others] = [
        await book(contact),
        await book(contact),
        await book(other),
      ];
      await h.call('POST', `/v1/appointments/${done}/complete`);
      await h.mock.clock.advance(1000);
      events.take();
      expect((await h.call('DELETE', `/v1/contacts/${contact}`)).status).toBe(204);
      const cancelled = events.all().find((e) => e.event.startsWith('appointment.'));
      expect(cancelled?.data).toMatchObject({ id: scheduled, contact_id: contact });
      expect(events.take()).toEqual(
        variant === 'B' ? ['contact.deleted', 'appointment.canceled'] : ['appointment.cancelled'],
      );
      const read = async (id: string) => (await h.call('GET', `/v1/appointments/${id}`)).body.data;
      const at = '2026-11-20T10:00:01.000Z';
      expect(await read(scheduled)).toMatchObject({
        contact_id: null,
        status: 'cancelled',
        updated_at: at,
      });
      expect(await read(done)).toMatchObject({
        contact_id: null,
        status: 'completed',
        updated_at: at,
      });
      expect(await read(others)).toMatchObject({ contact_id: other, status: 'scheduled' });
      const listed = await h.call('GET', `/v1/appointments?contact_id=${contact}`);
      expect(listed.body.data).toEqual([]);
      // Cancelled, it changes no more: a reschedule is refused as for any finished appointment.
      const moved = await h.call('PUT', `/v1/appointments/${scheduled}`, {
        body: { starts_at: '2026-12-02T10:00:00Z' },
      });
      expect(moved.status).toBe(409);
    });
  });
});
