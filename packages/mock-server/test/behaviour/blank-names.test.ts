import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('blank names over $name', (transport) => {
  const h = useMock(transport);

  /** A valid create body of each resource with a human-readable name, and the name's field. */
  const resources = (contact: string) =>
    [
      ['/v1/agents', 'name', {}],
      ['/v1/channels', 'name', {}],
      ['/v1/contacts', 'name', {}],
      ['/v1/custom-fields', 'name', { type: 'text' }],
      ['/v1/mcp-servers', 'name', { url: 'https://mcp.test' }],
      ['/v1/appointments', 'title', { contact_id: contact, starts_at: '2026-12-01T10:00:00Z' }],
    ] as const;

  it('refuses a name of nothing but white space on create and update, naming the field', async () => {
    const contact = (await h.call('POST', '/v1/contacts', { body: { email: 'a@b.test' } })).body
      .data.id;
    for (const [path, field, rest] of resources(contact)) {
      // Each resource's requests in a fresh rate-limit window (100 a minute).
      await h.mock.clock.advance(60_000);
      const refused = [{ field, rule: 'blank', message: `${field}: must not be blank` }];
      // Invisible characters are no name either: zero-width space, joiners, word joiner, soft hyphen,
      // control characters (a NUL, an escape, C1's NEL), and the rest of Unicode's default-ignorable
      // ones (direction marks, embeddings and isolates, the Hangul fillers, variation selectors,
      // the combining grapheme joiner) and the braille blank, which renders as a space.
      for (const blank of [
        '   ',
        '\t\n',
        '\u00a0\u3000',
        '\u200b',
        ' \u200c\u200d\u2060\u00ad ',
        '\u0000',
        ' \u0007\u001b\u007f\u0085\u009f ',
        '\u200e\u200f\u061c',
        '\u202a\u202e\u2066\u2069\u206f',
        '\u115f\u1160\u3164\uffa0',
        '\u2800',
        '\ufe0f\u034f\u17b4\u180b',
      ]) {
        const created = await h.call('POST', path, { body: { ...rest, [field]: blank } });
        expect(created.status, `${path} ${JSON.stringify(blank)}`).toBe(400);
        expect(created.body.error.details).toEqual(refused);
      }
      // White space around a visible name is kept, but around a custom field's, the key of a
      // contact's value (custom-field names are refused so: contacts-custom-fields.test.ts).
      const padded = path === '/v1/custom-fields' ? 'Plan\u00a0B' : ' Plan B ';
      const made = await h.call('POST', path, { body: { ...rest, [field]: padded } });
      expect(made.status, path).toBe(201);
      expect(made.body.data[field]).toBe(padded);
      // A joiner inside a visible name is part of it (an emoji sequence); a zero-width space may begin
      // one but a custom field's (contacts-custom-fields.test.ts).
      const leading = path === '/v1/custom-fields' ? '' : '\u200b';
      const emoji = await h.call('POST', path, {
        body: { ...rest, [field]: `${leading}👩\u200d💻` },
      });
      expect(emoji.status, path).toBe(201);
      // So are a direction mark before a right-to-left name and a variation selector after a heart.
      for (const visible of ['\u200fשלום', '\u2764\ufe0f']) {
        const kept = await h.call('POST', path, { body: { ...rest, [field]: visible } });
        expect(kept.status, `${path} ${JSON.stringify(visible)}`).toBe(201);
        expect(kept.body.data[field]).toBe(visible);
      }
      const updated = await h.call('PUT', `${path}/${made.body.data.id}`, {
        body: { [field]: ' ' },
      });
      expect(updated.status, path).toBe(400);
      expect(updated.body.error.details).toEqual(refused);
    }
  });

  it("refuses an agent's model of nothing but white space, on create and update", async () => {
    const refused = [{ field: 'model', rule: 'blank', message: 'model: must not be blank' }];
    for (const blank of ['   ', '\u200b', '\u0000', '\u200e', '\u3164', '\u2800']) {
      const created = await h.call('POST', '/v1/agents', { body: { name: 'A', model: blank } });
      expect(created.status, JSON.stringify(blank)).toBe(400);
      expect(created.body.error.details).toEqual(refused);
    }
    const agent = await h.call('POST', '/v1/agents', { body: { name: 'A', model: 'gpt-4o' } });
    expect(agent.status).toBe(201);
    const updated = await h.call('PUT', `/v1/agents/${agent.body.data.id}`, {
      body: { model: ' ' },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.details).toEqual(refused);
  });

  it('refuses a training title or content of nothing but white space, on create and update', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.id;
    const path = `/v1/agents/${agent}/trainings`;
    const refused = (field: string) => [
      { field, rule: 'blank', message: `${field}: must not be blank` },
    ];
    for (const blank of ['   ', '\t\n', '\u00a0\u3000']) {
      const content = await h.call('POST', path, { body: { type: 'text', content: blank } });
      expect(content.status, JSON.stringify(blank)).toBe(400);
      expect(content.body.error.details).toEqual(refused('content'));
      for (const rest of [
        { type: 'text', content: 'x' },
        { type: 'url', url: 'https://docs.test' },
        { type: 'document', url: 'https://docs.test/a.pdf' },
      ]) {
        const title = await h.call('POST', path, { body: { ...rest, title: blank } });
        expect(title.status, `${rest.type} ${JSON.stringify(blank)}`).toBe(400);
        expect(title.body.error.details).toEqual(refused('title'));
      }
    }
    const empty = await h.call('POST', path, { body: { type: 'text', content: 'x', title: '' } });
    expect(empty.body.error.details).toEqual([
      { field: 'title', rule: 'minLength', message: 'title: must not be empty' },
    ]);
    const made = await h.call('POST', path, {
      body: { type: 'text', title: ' FAQ ', content: ' Ships in 2 days ' },
    });
    expect(made.status).toBe(201);
    expect(made.body.data).toMatchObject({ title: ' FAQ ', content: ' Ships in 2 days ' });
    const id = made.body.data.id;
    for (const field of ['title', 'content']) {
      const updated = await h.call('PUT', `/v1/trainings/${id}`, { body: { [field]: ' ' } });
      expect(updated.status, field).toBe(400);
      expect(updated.body.error.details).toEqual(refused(field));
    }
    const untitled = await h.call('PUT', `/v1/trainings/${id}`, { body: { title: null } });
    expect(untitled.body.data.title).toBeNull();
  });

  it('calls an empty name empty, not also blank', async () => {
    const res = await h.call('POST', '/v1/agents', { body: { name: '' } });
    expect(res.body.error.details).toEqual([
      { field: 'name', rule: 'minLength', message: 'name: must not be empty' },
    ]);
  });
});
