import { describe, expect, it } from 'vitest';
import { createMockServer, type ResponderInput } from '../../src/index.js';
import { recordEvents } from '../support/events.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

// A customer's photo, voice note or file comes in from the channel with the URL of its media, as a
// human agent's does through POST /v1/chats/{id}/messages: the same rules, the same media_type.
describe.each(transports)('inbound media messages over $name', (transport) => {
  const h = useMock(transport);
  const events = recordEvents(h);

  const conversation = async (): Promise<string> => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Support' } })).body.data.id;
    const res = await h.call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'Hello' },
    });
    return res.body.data.conversation_id;
  };
  const inbound = (id: string, body: unknown) =>
    h.call('POST', `/__mock/conversations/${id}/inbound`, { body });

  it('stores the media_url and its media_type, and the event carries them', async () => {
    const id = await conversation();
    events.take();
    const res = await inbound(id, {
      type: 'image',
      media_url: 'https://cdn.test/photos/Receipt.JPG',
      content: 'my receipt',
    });
    expect(res.status).toBe(200);
    // The conversation view names the type message_type (seed 2.3).
    const expected = {
      message_type: 'image',
      content: 'my receipt',
      media_url: 'https://cdn.test/photos/Receipt.JPG',
      media_type: 'image/jpeg',
      sender_type: 'customer',
    };
    expect(res.body.data.message).toMatchObject(expected);
    const stored = await h.call('GET', `/v1/messages/${res.body.data.message.id}`);
    expect(stored.body.data).toMatchObject(expected);
    const received = events.all().find((e) => e.event === 'message.received');
    expect(received?.data).toMatchObject(expected);
  });

  it('takes a media message without a caption, and a text message as before', async () => {
    const id = await conversation();
    const voice = await inbound(id, { type: 'audio', media_url: 'https://cdn.test/v.ogg' });
    expect(voice.status).toBe(200);
    expect(voice.body.data.message).toMatchObject({
      message_type: 'audio',
      content: '',
      media_url: 'https://cdn.test/v.ogg',
      media_type: 'audio/ogg',
    });
    const text = await inbound(id, { content: 'Thanks' });
    expect(text.body.data.message).toMatchObject({
      message_type: 'text',
      content: 'Thanks',
      media_url: null,
      media_type: null,
    });
  });

  it.each([
    [
      { type: 'image', content: 'x' },
      'media_url',
      'required',
      'is required for image, audio, video and document messages',
    ],
    [
      { content: 'x', media_url: 'https://cdn.test/p.png' },
      'media_url',
      'not',
      'is only for image, audio, video and document messages',
    ],
    [{ type: 'text' }, 'content', 'required', 'is required for text messages'],
    [
      { type: 'image', media_url: 'ftp://cdn.test/p.png' },
      'media_url',
      'pattern',
      'must be an http or https URL',
    ],
  ])('refuses %j naming %s (rule %s), storing nothing', async (body, field, rule, message) => {
    const id = await conversation();
    const before = h.mock.exportState().tables.messages.length;
    const res = await inbound(id, body);
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toEqual({ field, rule, message: `${field}: ${message}` });
    expect(h.mock.exportState().tables.messages).toHaveLength(before);
  });

  it('hands the responder the media, and the default one answers a captionless one by its kind', async () => {
    const id = await conversation();
    const res = await inbound(id, { type: 'document', media_url: 'https://cdn.test/invoice.pdf' });
    expect(res.body.data.response).toBe(
      "Thanks for the document. I can't open attachments yet; a member of our team will follow up.",
    );
  });
});

it('gives a responder of its own the media of a media message, and null for a text one', async () => {
  const seen: ResponderInput['media'][] = [];
  const mock = createMockServer({
    clock: 'manual',
    responder: ({ media }) => {
      seen.push(media);
      return 'ok';
    },
  });
  try {
    const { key } = mock.createApiKey({ scopes: 'all' });
    const call = async (path: string, body: unknown) =>
      (
        await mock.fetch(`${mock.baseUrl}${path}`, {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        })
      ).json();
    const created = await call('/v1/agents', { name: 'Support' });
    const started = await call(`/v1/agents/${created.data.id}/conversation`, { message: 'Hi' });
    const id = started.data.conversation_id;
    await mock.receiveMessage(id, { type: 'video', media_url: 'https://cdn.test/clip.mp4' });
    expect(seen).toEqual([null, { type: 'video', url: 'https://cdn.test/clip.mp4' }]);
  } finally {
    mock.dispose();
  }
});
