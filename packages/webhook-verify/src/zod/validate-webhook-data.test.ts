import { describe, expect, it } from 'vitest';
import { webhookDataJsonSchemas } from '../generated/webhook-data-schemas.js';
import type { WebhookEvent } from '../webhook-event.js';
import { validateWebhookData, webhookDataSchema } from './validate-webhook-data.js';

const conversation = {
  id: '6f1c0e5a-2b7d-4c3e-9a8f-1d2e3f4a5b6c',
  agent_id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  contact_id: null,
  channel_id: null,
  status: 'open',
  metadata: {},
  created_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
};
const eventWith = (event: string, data: unknown) =>
  ({
    variant: 'B',
    event_id: 'e',
    event,
    timestamp: '2026-01-01T00:00:00.000Z',
    webhook_id: 'w',
    data,
  }) as WebhookEvent;

describe('validateWebhookData', () => {
  it('accepts data that matches the spec, returning the same event', () => {
    const event = eventWith('conversation.created', conversation);
    expect(validateWebhookData(event)).toBe(event);
  });

  it.each([
    ['a missing field', { ...conversation, agent_id: undefined }, /agent_id/],
    ['a value outside the enum', { ...conversation, status: 'archived' }, /status/],
    ['a wrong type', { ...conversation, metadata: 'x' }, /metadata/],
    ['a malformed uuid', { ...conversation, id: 'not-a-uuid' }, /data\.id/],
  ])('rejects %s with invalid_data naming the path', (_name, data, path) => {
    expect(() => validateWebhookData(eventWith('conversation.created', data))).toThrow(
      expect.objectContaining({ code: 'invalid_data', message: expect.stringMatching(path) }),
    );
  });

  it.each([
    ['missing', undefined, 'received undefined'],
    ['of another type', 5, 'received number'],
    ['an array', ['x'], 'received array'],
  ])(
    'says what a nullable field takes when it is %s, not a bare "Invalid input"',
    (_n, value, got) => {
      const event = eventWith('conversation.created', { ...conversation, contact_id: value });
      expect(() => validateWebhookData(event)).toThrow(
        expect.objectContaining({
          code: 'invalid_data',
          message: expect.stringContaining(
            `data.contact_id: Invalid input: expected string or null, ${got}`,
          ),
        }),
      );
    },
  );

  it.each([
    ["the event's data", conversation],
    ['undefined', undefined],
  ])('refuses %s for the event, with a TypeError saying what it takes', (_name, value) => {
    // It said isWebhookEventName(variant, name) was called with no variant, or read a property of undefined.
    expect(() => validateWebhookData(value as never)).toThrow(
      new TypeError('webhook-verify: validateWebhookData needs an event returned by verifyWebhook'),
    );
  });

  it('rejects an event the spec does not list, unless told to accept it', () => {
    const event = eventWith('brand.new', {});
    expect(() => validateWebhookData(event)).toThrow(
      expect.objectContaining({ code: 'invalid_data' }),
    );
    expect(validateWebhookData(event, { unknownEvents: 'accept' })).toBe(event);
    // Given as undefined, the option is left out: the default, 'reject'.
    expect(() => validateWebhookData(event, { unknownEvents: undefined })).toThrow(
      expect.objectContaining({ code: 'invalid_data' }),
    );
  });

  it("accepts every value the platform accepts (its format rules, not zod's stricter ones)", () => {
    const contact = {
      id: 'ABCDEF01-2345-6789-ABCD-EF0123456789', // any hex UUID, any case
      name: 'Ñandú',
      phone: null,
      custom_fields: {},
      created_at: '2026-01-01t10:00:00z', // RFC 3339 allows lower case
      updated_at: '2026-01-01T10:00:00+01:00',
    };
    for (const email of ['ñandú@example.com', "o'neil+tag@example.com", 'a@b.c', null]) {
      const event = eventWith('contact.created', { ...contact, email });
      expect(validateWebhookData(event)).toBe(event);
    }
    for (const [field, value] of [
      ['email', 'not an email'],
      // The platform's rule: an address alone, no display name, comment or quoted local part.
      ['email', '"a"<a@b.co>'],
      ['email', '"quoted"@example.com'],
      ['email', 'a(comment)@b.co'],
      ['email', 'a@b.co,c@d.co'],
      ['id', 'not-a-uuid'],
      ['created_at', '2026-01-01 10:00:00'],
    ] as const) {
      const event = eventWith('contact.created', { ...contact, email: null, [field]: value });
      expect(() => validateWebhookData(event)).toThrow(
        expect.objectContaining({ message: expect.stringContaining(`data.${field}`) }),
      );
    }
  });

  it('takes a contact with more than 100 custom-field values (updates merge), and refuses a null value', () => {
    const contact = {
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      name: 'Many',
      email: null,
      phone: null,
      custom_fields: Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`f${i}`, 'v'])),
      created_at: '2026-01-01T00:00:00.000Z',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    const event = eventWith('contact.updated', contact);
    expect(validateWebhookData(event)).toBe(event);
    // A cleared value is absent: the platform never sends null.
    const cleared = eventWith('contact.updated', { ...contact, custom_fields: { plan: null } });
    expect(() => validateWebhookData(cleared)).toThrow(
      expect.objectContaining({ message: expect.stringContaining('data.custom_fields.plan') }),
    );
  });

  it('takes any whole number for an integer, as the platform does, not only those up to 2^53', () => {
    for (const data of [
      { credits_remaining: 2 ** 53 },
      { credits_remaining: 1e17, threshold: 2 ** 60 },
      { credits_remaining: 0, threshold: null },
    ]) {
      const event = eventWith('credit.low', data);
      expect(validateWebhookData(event)).toBe(event);
    }
    for (const data of [
      { credits_remaining: 1.5 },
      { credits_remaining: -1 },
      { credits_remaining: 3, threshold: 0.5 },
      { credits_remaining: '3' },
    ]) {
      expect(() => validateWebhookData(eventWith('credit.low', data))).toThrow(
        expect.objectContaining({ code: 'invalid_data' }),
      );
    }
  });

  it("refuses a number next to a whole one, which zod's multipleOf(1) takes within its float tolerance", () => {
    for (const [data, path] of [
      [{ credits_remaining: 5e-324 }, 'credits_remaining'],
      [{ credits_remaining: 2 ** 51 + 0.5 }, 'credits_remaining'],
      [{ credits_remaining: 3, threshold: 2 ** 51 + 0.5 }, 'threshold'],
      [{ credits_remaining: 3, threshold: 1e-20 }, 'threshold'],
    ] as const) {
      expect(() => validateWebhookData(eventWith('credit.low', data)), path).toThrow(
        expect.objectContaining({
          code: 'invalid_data',
          message: `the event data does not match the spec: data.${path}: Invalid number: must be a multiple of 1`,
        }),
      );
    }
    // Past 2^53 every number is whole.
    const event = eventWith('credit.low', { credits_remaining: 2 ** 53 + 2, threshold: 2 ** 52 });
    expect(validateWebhookData(event)).toBe(event);
  });

  it('finds no integer under an anyOf or oneOf, where the exact whole-number check does not look', () => {
    const { $defs, events } = webhookDataJsonSchemas;
    // Each node once outside a union and once inside one (a $def may be reached both ways).
    const seen = { true: new Set<unknown>(), false: new Set<unknown>() };
    const integersIn = (node: unknown, inUnion: boolean): number => {
      const visited = seen[`${inUnion}`];
      if (typeof node !== 'object' || node === null || visited.has(node)) return 0;
      visited.add(node);
      const schema = node as Record<string, unknown>;
      let found = inUnion && ([] as unknown[]).concat(schema.type).includes('integer') ? 1 : 0;
      if (typeof schema.$ref === 'string')
        found += integersIn($defs[schema.$ref.replace('#/$defs/', '')], inUnion);
      for (const [keyword, child] of Object.entries(schema)) {
        const union = inUnion || keyword === 'anyOf' || keyword === 'oneOf';
        for (const item of Array.isArray(child) ? child : [child]) found += integersIn(item, union);
      }
      return found;
    };
    expect(Object.values(events).reduce((n: number, e) => n + integersIn(e, false), 0)).toBe(0);
  });

  it("takes an event of the other variant as unknown: its name is not this variant's", () => {
    const asA = {
      ...eventWith('credit.low', { credits_remaining: 3 }),
      variant: 'A',
    } as WebhookEvent;
    expect(() => validateWebhookData(asA)).toThrow(
      expect.objectContaining({
        code: 'invalid_data',
        message: 'no schema for "credit.low": not a Variant A event in this version of the package',
      }),
    );
    expect(validateWebhookData(asA, { unknownEvents: 'accept' })).toBe(asA);
    expect(validateWebhookData(eventWith('credit.low', { credits_remaining: 3 }))).toBeDefined();
  });

  it("names the first three offending paths, each with zod's message, joined by '; '", () => {
    const event = eventWith('contact.updated', { id: 1, name: 2, email: 3, phone: 4 });
    expect(() => validateWebhookData(event)).toThrow(
      expect.objectContaining({
        message:
          'the event data does not match the spec: data.id: Invalid input: expected string, received number; ' +
          'data.name: Invalid input: expected string or null, received number; ' +
          'data.email: Invalid input: expected string or null, received number',
      }),
    );
  });

  it('names a fractional integer beside a nullable integer of the wrong type', () => {
    const event = eventWith('credit.low', { credits_remaining: 1.5, threshold: '3' });
    expect(() => validateWebhookData(event)).toThrow(
      expect.objectContaining({
        message:
          'the event data does not match the spec: data.credits_remaining: Invalid number: must be a multiple of 1; ' +
          'data.threshold: Invalid input: expected number or null, received string',
      }),
    );
  });

  it.each([
    // No branch of the union takes it: say which types it takes and what it got.
    [null, 'Invalid input: expected string or number or boolean or array, received null'],
    // The list branch fails inside the list (one item, or two): zod's message, no list of types.
    [[5], 'Invalid input'],
    [[5, 6], 'Invalid input'],
  ])(
    'says what a custom field of %j got as zod does, or with the types it takes',
    (value, says) => {
      const contact = {
        id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
        name: 'n',
        email: null,
        phone: null,
        custom_fields: { plan: value },
        created_at: '2026-01-01T00:00:00.000Z',
        updated_at: '2026-01-01T00:00:00.000Z',
      };
      expect(() => validateWebhookData(eventWith('contact.updated', contact))).toThrow(
        expect.objectContaining({
          code: 'invalid_data',
          message: `the event data does not match the spec: data.custom_fields.plan: ${says}`,
        }),
      );
    },
  );

  it("says a string format's rule, as the mock says it, not the pattern that checks it", () => {
    const contact = {
      id: 'not-a-uuid',
      name: 'n',
      email: 'ada.example.com',
      phone: null,
      custom_fields: {},
      created_at: '2026-01-01T00:00:00',
      updated_at: '2026-01-01T00:00:00.000Z',
    };
    expect(() => validateWebhookData(eventWith('contact.updated', contact))).toThrow(
      expect.objectContaining({
        message:
          'the event data does not match the spec: data.id: must be a UUID; ' +
          'data.email: must be an email address; ' +
          'data.created_at: must be an ISO 8601 date-time with a time zone (Z or +hh:mm)',
      }),
    );
    const relative = eventWith('message.received', {
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      conversation_id: conversation.id,
      content: 'hi',
      sender_type: 'customer',
      message_type: 'image',
      media_url: '/a.png',
      media_type: 'image/png',
      is_edited: false,
      created_at: '2026-01-01T00:00:00.000Z',
    });
    expect(() => validateWebhookData(relative)).toThrow(
      expect.objectContaining({
        message:
          'the event data does not match the spec: data.media_url: must be a URI, starting with its scheme',
      }),
    );
  });

  it('takes a field the spec does not name (the platform may add one), as zod does', () => {
    const event = eventWith('conversation.created', { ...conversation, added_later: 1.5 });
    expect(validateWebhookData(event)).toBe(event);
  });

  it('refuses a media_url that is no URI (a scheme, then a colon)', () => {
    const message = {
      id: '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
      conversation_id: conversation.id,
      content: 'hi',
      sender_type: 'customer',
      message_type: 'image',
      media_url: 'https://example.com/a.png',
      media_type: 'image/png',
      is_edited: false,
      created_at: '2026-01-01T00:00:00.000Z',
    };
    const event = eventWith('message.received', message);
    expect(validateWebhookData(event)).toBe(event);
    const relative = eventWith('message.received', { ...message, media_url: '/a.png' });
    expect(() => validateWebhookData(relative)).toThrow(
      expect.objectContaining({ message: expect.stringContaining('data.media_url') }),
    );
  });

  it('has a schema for every event, and none for inherited object keys', () => {
    expect(webhookDataSchema('credit.low')?.safeParse({ credits_remaining: 3 }).success).toBe(true);
    expect(webhookDataSchema('toString')).toBeUndefined();
  });
});
