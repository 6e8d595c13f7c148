import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import {
  createField,
  createFullMultiSelects,
  FULL_OPTIONS,
  fullValues,
  jsonBytes,
} from '../support/custom-field-bulk.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('contacts and custom fields over $name', (transport) => {
  const h = useMock(transport);

  async function field(body: Record<string, unknown>): Promise<string> {
    const res = await h.call('POST', '/v1/custom-fields', { body });
    expect(res.status).toBe(201);
    return res.body.data.id;
  }

  it.each(['constructor', '__proto__', 'toString'])(
    'treats a custom field named %s like any other',
    async (name) => {
      await field({ name, type: 'date', required: true });
      const missing = await h.call('POST', '/v1/contacts', { body: { name: 'No value' } });
      expect(missing.status).toBe(400);
      expect(missing.body.error.details[0]).toMatchObject({
        field: `custom_fields.${name}`,
        rule: 'required',
      });
      const badDate = await h.call('POST', '/v1/contacts', {
        body: { name: 'Bad day', custom_fields: { [name]: '2026-02-30' } },
      });
      expect(badDate.body.error.details[0]).toMatchObject({ rule: 'format' });
      const created = await h.call('POST', '/v1/contacts', {
        body: { name: 'Has one', custom_fields: { [name]: '2026-02-28' } },
      });
      expect(created.status).toBe(201);
      const id = (await h.call('GET', '/v1/custom-fields')).body.data.find(
        (f: { name: string }) => f.name === name,
      ).id;
      expect(
        (await h.call('PUT', `/v1/custom-fields/${id}`, { body: { name: 'renamed' } })).status,
      ).toBe(200);
      const contacts = (await h.call('GET', '/v1/contacts')).body.data;
      // Only the contact that had a value moves it; nothing inherited is copied into the others.
      expect(contacts.map((c: { custom_fields: unknown }) => c.custom_fields)).toEqual(
        expect.arrayContaining([{ renamed: '2026-02-28' }]),
      );
      for (const contact of contacts) {
        expect(Object.keys(contact.custom_fields)).not.toContain(name);
        if (contact.name !== 'Has one') expect(contact.custom_fields).not.toHaveProperty('renamed');
      }
      expect((await h.call('GET', '/__mock/state')).status).toBe(200);
    },
  );

  it('needs one of name, email, phone', async () => {
    const res = await h.call('POST', '/v1/contacts', { body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('body: must have at least one of name, email, phone');
    expect((await h.call('POST', '/v1/contacts', { body: { phone: '+34600111222' } })).status).toBe(
      201,
    );
    expect(
      (await h.call('POST', '/v1/contacts', { body: { phone: '600 111 222' } })).body.error
        .details[0],
    ).toEqual({
      field: 'phone',
      rule: 'pattern',
      message: 'phone: must be an E.164 number, + and 7 to 15 digits (e.g. +34600111222)',
    });
    expect(
      (await h.call('POST', '/v1/contacts', { body: { email: 'not-an-email' } })).body.error
        .details[0].rule,
    ).toBe('format');
    // A field of the wrong type is present: one detail, its type, not "at least one of" as well.
    for (const body of [{ name: 123 }, { email: 5 }, { phone: null }]) {
      const [field] = Object.keys(body) as [string];
      const wrong = await h.call('POST', '/v1/contacts', { body });
      expect(wrong.body.error.details).toEqual([
        { field, rule: 'type', message: `${field}: must be a string` },
      ]);
    }
  });

  it('takes an email address alone: no display name, comment, list or quoted local part', async () => {
    const refused = [
      { field: 'email', rule: 'format', message: 'email: must be an email address' },
    ];
    for (const email of [
      '"a"<a@b.co>',
      'Ann <ann@b.co>',
      'a(x)@b.co',
      'a@b.co,c@d.co',
      '"a"@b.co',
    ]) {
      const created = await h.call('POST', '/v1/contacts', { body: { email } });
      expect(created.status, email).toBe(400);
      expect(created.body.error.details).toEqual(refused);
    }
    const made = await h.call('POST', '/v1/contacts', { body: { email: "o'neil+1@b.co" } });
    expect(made.status).toBe(201);
    const updated = await h.call('PUT', `/v1/contacts/${made.body.data.id}`, {
      body: { email: 'Ann <ann@b.co>' },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.details).toEqual(refused);
  });

  it('searches name, email and phone case-insensitively', async () => {
    await h.call('POST', '/v1/contacts', {
      body: { name: 'Ada Lovelace', email: 'ada@example.com' },
    });
    await h.call('POST', '/v1/contacts', { body: { name: 'Grace', phone: '+12025550123' } });
    expect(
      (await h.call('GET', '/v1/contacts?q=LOVE')).body.data.map((c: { name: string }) => c.name),
    ).toEqual(['Ada Lovelace']);
    expect(
      (await h.call('GET', '/v1/contacts?q=2025550')).body.data.map(
        (c: { name: string }) => c.name,
      ),
    ).toEqual(['Grace']);
    expect((await h.call('GET', '/v1/contacts?q=zzz')).body.data).toEqual([]);
  });

  it('finds a phone written with spaces, dashes, dots, parentheses or a leading +, by its digits', async () => {
    await h.call('POST', '/v1/contacts', { body: { name: 'Grace', phone: '+15550102000' } });
    await h.call('POST', '/v1/contacts', { body: { name: 'Linus', phone: '+358401234567' } });
    await h.call('POST', '/v1/contacts', { body: { name: 'Room 555-01', email: 'r@b.co' } });
    const names = async (q: string) =>
      (await h.call('GET', `/v1/contacts?q=${encodeURIComponent(q)}&order=asc`)).body.data.map(
        (c: { name: string }) => c.name,
      );
    for (const q of [
      '+1 (555) 010-2000',
      '(555) 010-2000',
      '555-010-2000',
      '555.010.2000',
      '5550102000',
      '+1 555 010 2000',
      '+1\u00a0555\u2011010\u20112000',
      '010 2000',
    ]) {
      expect(await names(q), q).toEqual(['Grace']);
    }
    // A leading + is the start of the number: +1 555 is a US number, not 358 40...
    expect(await names('+358 40')).toEqual(['Linus']);
    expect(await names('+1 555')).toEqual(['Grace']);
    expect(await names('+58 40')).toEqual([]);
    // Digits still match names and emails as written.
    expect(await names('555-01')).toEqual(['Grace', 'Room 555-01']);
    expect(await names('555-0')).toEqual(['Grace', 'Room 555-01']);
    expect(await names('(')).toEqual([]);
  });

  it('searches regardless of Unicode form: a decomposed query finds a composed name, and back', async () => {
    await h.call('POST', '/v1/contacts', { body: { name: 'Jos\u00e9 P\u00e9rez' } });
    await h.call('POST', '/v1/contacts', { body: { name: 'Zo\u0065\u0308 Smith' } });
    const names = async (q: string) =>
      (await h.call('GET', `/v1/contacts?q=${encodeURIComponent(q)}`)).body.data.map(
        (c: { name: string }) => c.name,
      );
    expect(await names('jose\u0301')).toEqual(['Jos\u00e9 P\u00e9rez']);
    expect(await names('zo\u00eb')).toEqual(['Zo\u0065\u0308 Smith']);
  });

  it('checks custom-field values against the definitions', async () => {
    await field({ name: 'plan', type: 'select', options: ['free', 'pro'] });
    await field({ name: 'seats', type: 'number' });
    await field({ name: 'renews', type: 'date' });
    const ok = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { plan: 'pro', seats: 3, renews: '2027-01-31' } },
    });
    expect(ok.status).toBe(201);
    expect(ok.body.data.custom_fields).toEqual({ plan: 'pro', seats: 3, renews: '2027-01-31' });
    const bad = await h.call('POST', '/v1/contacts', {
      body: {
        name: 'B',
        custom_fields: { plan: 'gold', seats: 'three', renews: '31/01/2027', color: 'red' },
      },
    });
    expect(bad.status).toBe(400);
    expect(
      bad.body.error.details.map((d: { field: string; rule: string }) => `${d.field} ${d.rule}`),
    ).toEqual([
      'custom_fields.plan enum',
      'custom_fields.seats type',
      'custom_fields.renews format',
      'custom_fields.color exists',
    ]);
  });

  // As the schema's own enums say it (`order: must be one of "asc", "desc"`): an option may hold
  // a comma and spaces, which an unquoted list makes two options of.
  it('names the options a select value must be, each quoted, and the multi_select items that are none', async () => {
    await field({ name: 'size', type: 'select', options: ['Small, medium', 'Large'] });
    await field({ name: 'tags', type: 'multi_select', options: ['a', 'b'] });
    const refused = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { size: 'Small', tags: ['a', 'x', 'b', 'y'] } },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      {
        field: 'custom_fields.size',
        rule: 'enum',
        message: 'custom_fields.size: must be one of "Small, medium", "Large"',
      },
      {
        field: 'custom_fields.tags[1]',
        rule: 'enum',
        message: 'custom_fields.tags[1]: must be one of "a", "b"',
      },
      {
        field: 'custom_fields.tags[3]',
        rule: 'enum',
        message: 'custom_fields.tags[3]: must be one of "a", "b"',
      },
    ]);
  });

  it('refuses a multi_select value that repeats an option, naming the field', async () => {
    await field({ name: 'tags', type: 'multi_select', options: ['a', 'b'] });
    const refused = [
      {
        field: 'custom_fields.tags',
        rule: 'uniqueItems',
        message: 'custom_fields.tags: must not contain duplicates ("a" is repeated)',
      },
    ];
    const created = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { tags: ['a', 'a'] } },
    });
    expect(created.status).toBe(400);
    expect(created.body.error.details).toEqual(refused);
    const made = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { tags: ['b', 'a'] } },
    });
    expect(made.status).toBe(201);
    const updated = await h.call('PUT', `/v1/contacts/${made.body.data.id}`, {
      body: { custom_fields: { tags: ['a', 'b', 'a'] } },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.details).toEqual(refused);
  });

  it('requires required fields, merges updates by name and clears with null', async () => {
    await field({ name: 'tier', type: 'text', required: true });
    await field({ name: 'note', type: 'text' });
    const missing = await h.call('POST', '/v1/contacts', { body: { name: 'A' } });
    expect(missing.body.error.details[0]).toMatchObject({
      field: 'custom_fields.tier',
      rule: 'required',
    });
    const id = (
      await h.call('POST', '/v1/contacts', { body: { name: 'A', custom_fields: { tier: 'gold' } } })
    ).body.data.id;
    const merged = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { custom_fields: { note: 'hi' } },
    });
    expect(merged.body.data.custom_fields).toEqual({ tier: 'gold', note: 'hi' });
    const cleared = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { custom_fields: { note: null } },
    });
    expect(cleared.body.data.custom_fields).toEqual({ tier: 'gold' });
    expect(
      (await h.call('PUT', `/v1/contacts/${id}`, { body: { custom_fields: { tier: null } } }))
        .status,
    ).toBe(400);
    expect(
      (await h.call('PUT', `/v1/contacts/${id}`, { body: { name: null } })).body.error.message,
    ).toMatch(/at least one of/);
  });

  it('counts blank text and an empty list as no value of a required field; an optional one keeps them', async () => {
    await field({ name: 'tier', type: 'text', required: true });
    await field({ name: 'tags', type: 'multi_select', options: ['a'], required: true });
    await field({ name: 'note', type: 'text' });
    await field({ name: 'labels', type: 'multi_select', options: ['a'] });
    const text = 'is required and cannot be empty (blank text or an empty list)';
    const empty = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { tier: ' \u200b\t', tags: [] } },
    });
    expect(empty.status).toBe(400);
    expect(empty.body.error.details).toEqual([
      { field: 'custom_fields.tier', rule: 'required', message: `custom_fields.tier: ${text}` },
      { field: 'custom_fields.tags', rule: 'required', message: `custom_fields.tags: ${text}` },
    ]);
    const made = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { tier: ' gold ', tags: ['a'], note: ' ', labels: [] } },
    });
    expect(made.status).toBe(201);
    expect(made.body.data.custom_fields).toEqual({
      tier: ' gold ',
      tags: ['a'],
      note: ' ',
      labels: [],
    });
    const id = made.body.data.id;
    for (const value of [{ tier: '' }, { tags: [] }]) {
      const update = await h.call('PUT', `/v1/contacts/${id}`, { body: { custom_fields: value } });
      expect(update.status).toBe(400);
      expect(update.body.error.details[0]).toMatchObject({
        rule: 'required',
        message: expect.stringContaining(text),
      });
    }
    expect((await h.call('GET', `/v1/contacts/${id}`)).body.data.custom_fields).toEqual(
      made.body.data.custom_fields,
    );
    // A select's value is one of its options, whatever it holds: a blank one too.
    await field({ name: 'gap', type: 'select', options: [' ', 'x'], required: true });
    const blankOption = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { custom_fields: { gap: ' ' } },
    });
    expect(blankOption.status).toBe(200);
  });

  it('fills no existing contact when a field is made required: an update leaving it out passes', async () => {
    const id = await field({ name: 'tier', type: 'text' });
    const contact = (await h.call('POST', '/v1/contacts', { body: { name: 'A' } })).body.data.id;
    const made = await h.call('PUT', `/v1/custom-fields/${id}`, { body: { required: true } });
    expect(made.body.data.required).toBe(true);
    const renamed = await h.call('PUT', `/v1/contacts/${contact}`, { body: { name: 'B' } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.custom_fields).toEqual({});
    // A new contact needs it.
    const missing = await h.call('POST', '/v1/contacts', { body: { name: 'C' } });
    expect(missing.body.error.details[0]).toMatchObject({
      field: 'custom_fields.tier',
      rule: 'required',
    });
  });

  it('refuses a field name that begins or ends with white space, on create and on rename', async () => {
    const rule = {
      rule: 'pattern',
      message:
        'name: must not begin or end with white space or an invisible character (a zero-width space or joiner, a control character, a filler)',
    };
    // White space, a zero-width space, a BOM, a joiner, a direction mark at the end, a filler, the
    // braille blank, a variation selector on a plain word: each beside `plan` looks like it.
    for (const name of [
      'plan ',
      ' plan',
      'plan\u00a0',
      '\tplan',
      'plan\u200b',
      '\ufeffplan',
      'plan\u200d',
      '\u200dplan',
      'plan\u200f',
      'plan\u3164',
      'plan\u2800',
      'plan\ufe0f',
    ]) {
      const res = await h.call('POST', '/v1/custom-fields', { body: { name, type: 'text' } });
      expect([name, res.status, res.body.error.details]).toEqual([
        name,
        400,
        [{ field: 'name', ...rule }],
      ]);
    }
    // Blank and too long are their own rules, each said once; white space inside a name is kept, and
    // an emoji's variation selector may end one.
    const blank = await h.call('POST', '/v1/custom-fields', {
      body: { name: '   ', type: 'text' },
    });
    expect(blank.body.error.details).toEqual([
      { field: 'name', rule: 'blank', message: 'name: must not be blank' },
    ]);
    const long = await h.call('POST', '/v1/custom-fields', {
      body: { name: `${'a'.repeat(64)} `, type: 'text' },
    });
    expect(long.body.error.details).toEqual([
      { field: 'name', rule: 'maxLength', message: 'name: must be at most 64 characters' },
    ]);
    // An emoji's variation selector may end a name, and a direction mark begin a right-to-left one.
    // A selector after another character beyond ASCII passes too: a pattern every language's engine
    // compiles cannot tell an emoji (\p{Extended_Pictographic}) from a letter.
    for (const name of [
      'vip \u2764\ufe0f',
      '\u200fשלום',
      '👩\u200d💻',
      '\u043f\u043b\u0430\u043d\ufe0f',
    ]) {
      expect(
        (await h.call('POST', '/v1/custom-fields', { body: { name, type: 'text' } })).status,
      ).toBe(201);
    }
    const id = await field({ name: 'plan tier', type: 'text' });
    const renamed = await h.call('PUT', `/v1/custom-fields/${id}`, {
      body: { name: 'plan tier ' },
    });
    expect(renamed.status).toBe(400);
    expect(renamed.body.error.details).toEqual([{ field: 'name', ...rule }]);
    expect((await h.call('GET', `/v1/custom-fields/${id}`)).body.data.name).toBe('plan tier');
  });

  it('keeps field names unique (409) and moves contact values on rename', async () => {
    const id = await field({ name: 'plan', type: 'text' });
    const dup = await h.call('POST', '/v1/custom-fields', {
      body: { name: 'plan', type: 'number' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body.error.code).toBe('CONFLICT');
    const contact = (
      await h.call('POST', '/v1/contacts', { body: { name: 'A', custom_fields: { plan: 'pro' } } })
    ).body.data.id;
    await h.call('PUT', `/v1/custom-fields/${id}`, { body: { name: 'subscription' } });
    expect((await h.call('GET', `/v1/contacts/${contact}`)).body.data.custom_fields).toEqual({
      subscription: 'pro',
    });
  });

  it('takes names that differ only in case or Unicode form for one name: 409 on create and rename', async () => {
    const nfc = 'Caf\u00e9';
    const nfd = 'Cafe\u0301';
    const id = await field({ name: nfc, type: 'text' });
    for (const name of [nfd, 'CAF\u00c9', 'cafe\u0301']) {
      const dup = await h.call('POST', '/v1/custom-fields', { body: { name, type: 'text' } });
      expect(dup.status).toBe(409);
      expect(dup.body.error.message).toBe(`a custom field named "${nfc}" exists (${id})`);
    }
    const other = await field({ name: 'tier', type: 'text' });
    const renamed = await h.call('PUT', `/v1/custom-fields/${other}`, { body: { name: nfd } });
    expect(renamed.status).toBe(409);
    // A field may change the case or Unicode form of its own name; its values move with it.
    const contact = (
      await h.call('POST', '/v1/contacts', { body: { name: 'A', custom_fields: { [nfc]: 'x' } } })
    ).body.data.id;
    const own = await h.call('PUT', `/v1/custom-fields/${id}`, { body: { name: 'CAF\u00c9' } });
    expect(own.status).toBe(200);
    expect((await h.call('GET', `/v1/contacts/${contact}`)).body.data.custom_fields).toEqual({
      'CAF\u00c9': 'x',
    });
  });

  it('names the field a value meant when its name differs only in case or Unicode form', async () => {
    await field({ name: 'Plan', type: 'text' });
    await field({ name: 'Caf\u00e9', type: 'text' });
    const bad = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { plan: 'pro', 'Cafe\u0301': 'x', nope: 1 } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { message: string }) => d.message)).toEqual([
      'custom_fields.plan: no custom field has this name; did you mean "Plan"? (names match as written)',
      'custom_fields.Cafe\u0301: no custom field has this name as written; the field "Caf\u00e9" has it in another Unicode form',
      'custom_fields.nope: no custom field has this name',
    ]);
  });

  it('names a field whose name holds a dot or brackets in brackets, apart from an item of another', async () => {
    // `tags[0]` the number field and item 0 of `tags` the multi_select were both custom_fields.tags[0].
    await field({ name: 'tags[0]', type: 'number' });
    await field({ name: 'tags', type: 'multi_select', options: ['a'] });
    await field({ name: 'address.city', type: 'number' });
    const bad = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { 'tags[0]': 'x', tags: ['z'], 'address.city': 'x' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'custom_fields["tags[0]"]',
      'custom_fields.tags[0]',
      'custom_fields["address.city"]',
    ]);
  });

  it('refuses select options that differ only in case or Unicode form, on create and update', async () => {
    for (const options of [
      ['Caf\u00e9', 'Cafe\u0301'],
      ['Gold', 'gold'],
    ]) {
      const res = await h.call('POST', '/v1/custom-fields', {
        body: { name: 'tier', type: 'select', options },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        {
          field: 'options',
          rule: 'uniqueItems',
          message: `options: must not contain duplicates (${JSON.stringify(options[1])} repeats ${JSON.stringify(options[0])} but for case or Unicode form)`,
        },
      ]);
    }
    const id = await field({ name: 'tier', type: 'multi_select', options: ['Gold'] });
    const updated = await h.call('PUT', `/v1/custom-fields/${id}`, {
      body: { options: ['Gold', 'Silver', 'GOLD'] },
    });
    expect(updated.status).toBe(400);
    expect(updated.body.error.details[0]).toMatchObject({ field: 'options', rule: 'uniqueItems' });
  });

  it('needs options for select types only', async () => {
    const noOptions = await h.call('POST', '/v1/custom-fields', {
      body: { name: 'plan', type: 'select' },
    });
    expect(noOptions.body.error.details[0]).toEqual({
      field: 'options',
      rule: 'required',
      message: 'options: is required for select and multi_select fields',
    });
    const extra = await h.call('POST', '/v1/custom-fields', {
      body: { name: 'n', type: 'number', options: ['1'] },
    });
    expect(extra.status).toBe(400);
    expect(extra.body.error.message).toMatch(/^options: only select and multi_select/);
  });

  it('archives instead of deleting, hides archived fields unless asked, and refuses values for them', async () => {
    const id = await field({ name: 'legacy', type: 'text' });
    expect((await h.call('POST', `/v1/custom-fields/${id}/archive`)).body.data.archived).toBe(true);
    expect((await h.call('GET', '/v1/custom-fields')).body.data).toEqual([]);
    expect((await h.call('GET', '/v1/custom-fields?include_archived=true')).body.data[0].id).toBe(
      id,
    );
    const refused = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { legacy: 'x' } },
    });
    expect(refused.body.error.details[0]).toMatchObject({
      field: 'custom_fields.legacy',
      rule: 'archived',
    });
    expect((await h.call('POST', `/v1/custom-fields/${id}/unarchive`)).body.data.archived).toBe(
      false,
    );
    expect((await h.call('DELETE', `/v1/custom-fields/${id}`)).status).toBe(405);
  });

  it('keeps a contact writable after its field is archived or loses an option: unchanged values pass, null clears', async () => {
    const legacy = await field({ name: 'legacy', type: 'text' });
    const plan = await field({ name: 'plan', type: 'select', options: ['free', 'pro'] });
    const created = await h.call('POST', '/v1/contacts', {
      body: { name: 'A', custom_fields: { legacy: 'x', plan: 'pro' } },
    });
    const id = created.body.data.id;
    await h.call('POST', `/v1/custom-fields/${legacy}/archive`);
    await h.call('PUT', `/v1/custom-fields/${plan}`, { body: { options: ['free', 'team'] } });

    // Read, change the name, write back: the values it holds are sent back as they are.
    const read = (await h.call('GET', `/v1/contacts/${id}`)).body.data;
    const back = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { name: 'B', custom_fields: read.custom_fields },
    });
    expect(back.status, JSON.stringify(back.body)).toBe(200);
    expect(back.body.data).toMatchObject({
      name: 'B',
      custom_fields: { legacy: 'x', plan: 'pro' },
    });

    // A new value is still checked: for the archived field, and against the options as they are now.
    const changed = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { custom_fields: { legacy: 'y', plan: 'gold' } },
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error.details).toMatchObject([
      { field: 'custom_fields.legacy', rule: 'archived' },
      {
        field: 'custom_fields.plan',
        rule: 'enum',
        message: 'custom_fields.plan: must be one of "free", "team"',
      },
    ]);

    const cleared = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { custom_fields: { legacy: null, plan: 'team' } },
    });
    expect(cleared.status, JSON.stringify(cleared.body)).toBe(200);
    expect(cleared.body.data.custom_fields).toEqual({ plan: 'team' });
  });

  it('deletes contacts', async () => {
    const id = (await h.call('POST', '/v1/contacts', { body: { email: 'a@b.co' } })).body.data.id;
    expect((await h.call('DELETE', `/v1/contacts/${id}`)).status).toBe(204);
    expect((await h.call('GET', `/v1/contacts/${id}`)).status).toBe(404);
  });
});

describe('a contact with more custom-field values than one request carries', () => {
  const h = useMock(transports[0] as (typeof transports)[number]);

  it('is served as the spec says, set in parts (a request carries at most 100), exported and imported as it is', async () => {
    for (let i = 0; i < 120; i++) {
      // The next rate-limit window for the next 60 requests.
      if (i % 60 === 0) await h.mock.clock.advance(60_000);
      const res = await h.call('POST', '/v1/custom-fields', {
        body: { name: `f${i}`, type: 'text' },
      });
      expect(res.status).toBe(201);
    }
    const values = (from: number, to: number) =>
      Object.fromEntries(Array.from({ length: to - from }, (_, i) => [`f${from + i}`, 'v']));
    const id = (await h.call('POST', '/v1/contacts', { body: { name: 'Many' } })).body.data.id;
    // A request carries at most 100 values; updates merge, so the contact ends up holding 120.
    expect(
      (await h.call('PUT', `/v1/contacts/${id}`, { body: { custom_fields: values(0, 101) } })).body
        .error.details[0],
    ).toMatchObject({ field: 'custom_fields', rule: 'maxProperties' });
    await h.call('PUT', `/v1/contacts/${id}`, { body: { custom_fields: values(0, 60) } });
    const updated = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { custom_fields: values(60, 120) },
    });
    expect(updated.status).toBe(200);
    // h.call checks every response against the spec: the GET included.
    const read = await h.call('GET', `/v1/contacts/${id}`);
    expect(Object.keys(read.body.data.custom_fields)).toHaveLength(120);
    const fresh = createMockServer({ clock: 'manual', startTime: '2026-11-20T10:00:00.000Z' });
    fresh.importState(h.mock.exportState());
    expect(fresh.exportState()).toEqual(h.mock.exportState());
    fresh.dispose();
  });
});

describe("a contact's custom fields, bounded in all", () => {
  const h = useMock(transports[0] as (typeof transports)[number]);

  // Updates merge, so without a bound a contact grew past what any receiver takes in one webhook
  // delivery (contact.updated carries them all): 18 MB was reached in requests of under 1 MiB each.
  it('hold at most 1 MiB as JSON: an update past it is refused, naming custom_fields, and changes nothing', async () => {
    await createFullMultiSelects(h.call, 56);
    const id = (await h.call('POST', '/v1/contacts', { body: { name: 'Full' } })).body.data.id;
    await h.mock.clock.advance(60_000); // the next rate-limit window
    const first = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { custom_fields: fullValues(0, 28) },
    });
    expect(first.status).toBe(200);
    const before = (await h.call('GET', `/v1/contacts/${id}`)).body.data;
    const over = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { name: 'Renamed', custom_fields: fullValues(28, 56) },
    });
    expect(over.status).toBe(400);
    const bytes = jsonBytes(fullValues(0, 56));
    expect(over.body.error.details).toEqual([
      {
        field: 'custom_fields',
        rule: 'maxBytes',
        message: `custom_fields: the contact would hold ${bytes} bytes of custom fields as JSON, over 1048576 (1 MiB); clear some with null`,
      },
    ]);
    expect((await h.call('GET', `/v1/contacts/${id}`)).body.data).toEqual(before);
    // Clearing makes room: the same request with values cleared in it passes.
    const cleared = Object.fromEntries(Array.from({ length: 28 }, (_, i) => [`m${i}`, null]));
    const room = await h.call('PUT', `/v1/contacts/${id}`, {
      body: { custom_fields: { ...cleared, ...fullValues(28, 56) } },
    });
    expect(room.status).toBe(200);
    expect(Object.keys(room.body.data.custom_fields)).toHaveLength(28);
  });

  it('refuses a rename that would take a contact past 1 MiB, and renames nothing', async () => {
    const values: Record<string, unknown> = {};
    for (let i = 0; jsonBytes(values) < 1_048_576 - 30_000; i++) {
      await createField(h.call, { name: `m${i}`, type: 'multi_select', options: FULL_OPTIONS });
      values[`m${i}`] = FULL_OPTIONS;
    }
    // Text values of up to 2000 characters bring it 10 bytes short of 1 MiB.
    for (let i = 0; jsonBytes(values) < 1_048_566; i++) {
      await createField(h.call, { name: `t${i}`, type: 'text' });
      values[`t${i}`] = '';
      values[`t${i}`] = 'x'.repeat(Math.min(2000, 1_048_566 - jsonBytes(values)));
    }
    expect(jsonBytes(values)).toBe(1_048_566);
    await h.mock.clock.advance(60_000); // the next rate-limit window
    const contact = await h.call('POST', '/v1/contacts', { body: { name: 'Full' } });
    const id = contact.body.data.id;
    const half = Object.keys(values).length >> 1;
    for (const part of [
      Object.entries(values).slice(0, half),
      Object.entries(values).slice(half),
    ]) {
      const res = await h.call('PUT', `/v1/contacts/${id}`, {
        body: { custom_fields: Object.fromEntries(part) },
      });
      expect(res.status).toBe(200);
    }
    const fields = (await h.call('GET', '/v1/custom-fields?limit=100')).body.data;
    const t0 = fields.find((f: { name: string }) => f.name === 't0').id;
    const longer = await h.call('PUT', `/v1/custom-fields/${t0}`, {
      body: { name: 't0-renamed-xy' },
    });
    expect(longer.status).toBe(400);
    expect(longer.body.error.details).toEqual([
      {
        field: 'name',
        rule: 'maxBytes',
        message: `name: renamed, contact ${id}: the contact would hold 1048577 bytes of custom fields as JSON, over 1048576 (1 MiB); choose a shorter name, or clear some values`,
      },
    ]);
    expect(
      Object.keys((await h.call('GET', `/v1/contacts/${id}`)).body.data.custom_fields),
    ).toContain('t0');
    // Ten bytes longer fits: exactly 1 MiB.
    const fits = await h.call('PUT', `/v1/custom-fields/${t0}`, { body: { name: 't0-renamed-x' } });
    expect(fits.status).toBe(200);
    const held = (await h.call('GET', `/v1/contacts/${id}`)).body.data.custom_fields;
    expect(jsonBytes(held)).toBe(1_048_576);
  });

  it('refuses a create whose values take more than 1 MiB once stored, though its body took less', async () => {
    await createFullMultiSelects(h.call, 52);
    for (let i = 0; i < 30; i++) await createField(h.call, { name: `n${i}`, type: 'number' });
    await createField(h.call, { name: 'pad', type: 'text' });
    await h.mock.clock.advance(60_000); // the next rate-limit window
    // 1e20 is 4 bytes in the body and 21 stored: 30 of them add 510 bytes.
    const body = (pad: number) => {
      // 51 values in full and 55 items of the 52nd: about 1 KB short of 1 MiB as stored.
      const multi = Array.from({ length: 52 }, (_, i) => {
        return `"m${i}":${JSON.stringify(i < 51 ? FULL_OPTIONS : FULL_OPTIONS.slice(0, 55))}`;
      });
      const numbers = Array.from({ length: 30 }, (_, i) => `"n${i}":1e20`);
      const fields = [...multi, ...numbers, `"pad":"${'x'.repeat(pad)}"`].join(',');
      return `{"name":"Big","custom_fields":{${fields}}}`;
    };
    const stored = (pad: number) => jsonBytes(JSON.parse(body(pad)).custom_fields);
    const pad = 1_048_576 + 100 - stored(0);
    expect(pad).toBeGreaterThan(100);
    expect(pad).toBeLessThanOrEqual(2000);
    expect(body(pad).length).toBeLessThanOrEqual(1_048_576);
    const headers = { 'content-type': 'application/json' };
    const over = await h.call('POST', '/v1/contacts', { raw: body(pad), headers });
    expect(over.status).toBe(400);
    expect(over.body.error.details).toEqual([
      {
        field: 'custom_fields',
        rule: 'maxBytes',
        message:
          'custom_fields: the contact would hold 1048676 bytes of custom fields as JSON, over 1048576 (1 MiB); send fewer values',
      },
    ]);
    expect((await h.call('GET', '/v1/contacts')).body.data).toEqual([]);
    // At exactly 1 MiB stored it is created, and an export of it imports again.
    expect((await h.call('POST', '/v1/contacts', { raw: body(pad - 100), headers })).status).toBe(
      201,
    );
    h.mock.importState(h.mock.exportState());
  });
});
