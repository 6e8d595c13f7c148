import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../generated/operations.js';
import { validateSchema } from './schema-validator.js';

const HHMM = '^([01][0-9]|2[0-3]):[0-5][0-9]$';

const components: Record<string, SchemaNode> = {
  Hours: {
    type: 'object',
    additionalProperties: false,
    required: ['timezone', 'schedule'],
    properties: {
      timezone: { type: 'string', minLength: 1 },
      schedule: {
        type: 'array',
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['open', 'close'],
          properties: {
            open: { type: 'string', pattern: HHMM },
            close: { type: 'string', pattern: HHMM },
          },
        },
      },
    },
  },
};

// A discriminated pair, as TrainingCreate is: the tag picks the branch.
components.Text = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'content'],
  properties: { type: { const: 'text' }, content: { type: 'string' } },
};
components.Url = {
  type: 'object',
  additionalProperties: false,
  required: ['type', 'url'],
  properties: { type: { const: 'url' }, url: { type: 'string' } },
};
components.Loop = { $ref: '#/components/schemas/Loop' };

const resolve = (ref: string): SchemaNode => {
  const schema = components[ref.replace('#/components/schemas/', '')];
  if (!schema) throw new Error(`unknown schema reference ${ref}`);
  return schema;
};

const validate = (schema: SchemaNode, value: unknown) =>
  validateSchema(schema, value, 'hours', resolve);

/** `field:rule` of each detail, in order. */
const rules = (schema: SchemaNode, value: unknown) =>
  validate(schema, value).map((d) => `${d.field}:${d.rule}`);

const hours = (open: string, close: string) => ({
  timezone: 'Europe/Madrid',
  schedule: [{ open, close }],
});

const HOURS_REF = { $ref: '#/components/schemas/Hours' };

describe.each([
  ['oneOf', { oneOf: [HOURS_REF, { type: 'null' }] }, 'an object or null'],
  ['anyOf', { anyOf: [HOURS_REF, { type: 'null' }] }, 'an object or null'],
  ['anyOf, null first', { anyOf: [{ type: 'null' }, HOURS_REF] }, 'null or an object'],
])('a nullable object (%s)', (_name, schema: SchemaNode, types) => {
  it('accepts the object and null', () => {
    expect(validate(schema, hours('09:00', '18:00'))).toEqual([]);
    expect(validate(schema, null)).toEqual([]);
  });

  it('names every mistake inside an object with several, not "must be null"', () => {
    expect(validate(schema, hours('9:00', '5pm'))).toEqual([
      {
        field: 'hours.schedule[0].open',
        rule: 'pattern',
        message: `hours.schedule[0].open: must match ${HHMM}`,
      },
      {
        field: 'hours.schedule[0].close',
        rule: 'pattern',
        message: `hours.schedule[0].close: must match ${HHMM}`,
      },
    ]);
  });

  it('names the one mistake inside an object with one', () => {
    expect(rules(schema, hours('9:00', '18:00'))).toEqual(['hours.schedule[0].open:pattern']);
  });

  it('names the mistakes of an object that fails on its own keys too', () => {
    expect(rules(schema, { schedule: [{ open: 'x' }], extra: 1 })).toEqual([
      'hours.timezone:required',
      'hours.schedule[0].close:required',
      'hours.schedule[0].open:pattern',
      'hours.extra:unknown',
    ]);
  });

  it('names both types for a value of neither', () => {
    expect(validate(schema, 'Mon 9-5')).toEqual([
      { field: 'hours', rule: 'type', message: `hours: must be ${types}` },
    ]);
    expect(rules(schema, [])).toEqual(['hours:type']);
  });
});

describe('a type array [object, null]', () => {
  const schema: SchemaNode = { ...components.Hours, type: ['object', 'null'] };

  it('names every mistake inside an object with several', () => {
    expect(rules(schema, hours('9:00', '5pm'))).toEqual([
      'hours.schedule[0].open:pattern',
      'hours.schedule[0].close:pattern',
    ]);
    expect(validate(schema, null)).toEqual([]);
    expect(validate(schema, 5)).toEqual([
      { field: 'hours', rule: 'type', message: 'hours: must be an object or null' },
    ]);
  });
});

describe('anyOf of scalars and an array (a custom field value)', () => {
  const schema: SchemaNode = {
    anyOf: [
      { type: 'string', maxLength: 5 },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'array', maxItems: 2, items: { type: 'string', maxLength: 3 } },
      { type: 'null' },
    ],
  };

  it('reports the array branch for an array, not "must be a string"', () => {
    expect(rules(schema, ['abcd'])).toEqual(['hours[0]:maxLength']);
    expect(rules(schema, ['a', 'b', 'c'])).toEqual(['hours:maxItems']);
  });

  it('reports the string branch for a string', () => {
    expect(rules(schema, 'abcdef')).toEqual(['hours:maxLength']);
  });

  it('names every type for a value of none of them', () => {
    expect(validate(schema, {})).toEqual([
      {
        field: 'hours',
        rule: 'type',
        message: 'hours: must be a string, a number, a boolean, an array or null',
      },
    ]);
  });
});

describe('a nullable enum (anyOf: [an enum, null])', () => {
  const schema: SchemaNode = {
    anyOf: [{ type: 'string', enum: ['queue_full', 'webhook_deleted'] }, { type: 'null' }],
  };

  it('accepts a listed value and null', () => {
    expect(validate(schema, 'queue_full')).toEqual([]);
    expect(validate(schema, null)).toEqual([]);
  });

  it('names null beside the values, as one enum listing null would', () => {
    expect(validate(schema, 'bogus')).toEqual([
      {
        field: 'hours',
        rule: 'enum',
        message: 'hours: must be one of "queue_full", "webhook_deleted" or null',
      },
    ]);
  });
});

describe('alternatives of the same type', () => {
  it('report the branch with the fewest issues', () => {
    const schema: SchemaNode = {
      oneOf: [
        { type: 'object', required: ['a', 'b'] },
        { type: 'object', required: ['c'] },
      ],
    };
    expect(rules(schema, {})).toEqual(['hours.c:required']);
  });

  it('of required names only ask for one of them', () => {
    const schema: SchemaNode = {
      anyOf: [{ required: ['name'] }, { required: ['email'] }],
    };
    expect(validate(schema, {})).toEqual([
      { field: 'hours', rule: 'anyOf', message: 'hours: must have at least one of name, email' },
    ]);
  });

  it('of required names and other rules check the other rules too', () => {
    const schema: SchemaNode = {
      anyOf: [
        { required: ['timezone'], maxProperties: 1 },
        { required: ['schedule'], maxProperties: 1 },
      ],
    };
    expect(rules(schema, hours('09:00', '18:00'))).toEqual(['hours:maxProperties']);
    expect(validate(schema, { timezone: 'UTC' })).toEqual([]);
  });
});

describe('a string too long', () => {
  it('is reported as too long only: its pattern and format are not run over it', () => {
    const schema: SchemaNode = { type: 'string', maxLength: 10, format: 'email', pattern: '^a' };
    expect(rules(schema, `b@${'.'.repeat(20)}@`)).toEqual(['hours:maxLength']);
    expect(rules(schema, 'b@c')).toEqual(['hours:pattern', 'hours:format']);
  });
});

describe('a pattern', () => {
  it('is named in the words of x-pattern-message, under x-pattern-rule when given', () => {
    const url: SchemaNode = {
      type: 'string',
      pattern: '^https?://',
      'x-pattern-message': 'must be an http or https URL',
    };
    expect(validate(url, 'ftp://x.y')).toEqual([
      { field: 'hours', rule: 'pattern', message: 'hours: must be an http or https URL' },
    ]);
    const name: SchemaNode = {
      type: 'string',
      pattern: '\\S',
      'x-pattern-rule': 'blank',
      'x-pattern-message': 'must not be blank',
    };
    expect(validate(name, ' \t\n')).toEqual([
      { field: 'hours', rule: 'blank', message: 'hours: must not be blank' },
    ]);
    expect(validate(name, ' a ')).toEqual([]);
  });

  it('is not run over a string too short', () => {
    const schema: SchemaNode = { type: 'string', minLength: 1, pattern: '\\S' };
    expect(rules(schema, '')).toEqual(['hours:minLength']);
  });
});

describe('propertyNames', () => {
  it('names the key that breaks them, saying that the key is wrong', () => {
    const schema: SchemaNode = {
      type: 'object',
      propertyNames: {
        maxLength: 3,
        pattern: '^[a-z]+$',
        'x-pattern-message': 'must be lower case',
      },
      additionalProperties: { type: 'string' },
    };
    expect(validate(schema, { abcd: 'x', Ab: 1, ok: 'y' })).toEqual([
      {
        field: 'hours.abcd',
        rule: 'propertyNames',
        message: 'hours.abcd: key must be at most 3 characters',
      },
      { field: 'hours.Ab', rule: 'propertyNames', message: 'hours.Ab: key must be lower case' },
    ]);
  });
});

describe('uniqueItems', () => {
  it('names the first item that repeats', () => {
    const tags: SchemaNode = { type: 'array', uniqueItems: true, items: { type: 'string' } };
    expect(validate(tags, ['a', 'b', 'b', 'a'])).toEqual([
      {
        field: 'hours',
        rule: 'uniqueItems',
        message: 'hours: must not contain duplicates ("b" is repeated)',
      },
    ]);
    expect(validate(tags, ['a', 'A'])).toEqual([]);
    expect(validate(tags, ['x'.repeat(100), 'x'.repeat(100)])[0]?.message).toBe(
      `hours: must not contain duplicates ("${'x'.repeat(56)}... is repeated)`,
    );
  });
});

describe('a not', () => {
  it('is named in the words of x-message, under x-rule when given', () => {
    const url: SchemaNode = {
      type: 'string',
      not: {
        type: 'string',
        pattern: '@',
        'x-rule': 'credentials',
        'x-message': 'must not contain credentials',
      },
    };
    expect(validate(url, 'https://u:p@h.test')).toEqual([
      { field: 'hours', rule: 'credentials', message: 'hours: must not contain credentials' },
    ]);
    expect(validate(url, 'https://h.test')).toEqual([]);
    // A value of another type is told its type only.
    expect(rules(url, 5)).toEqual(['hours:type']);
    expect(rules({ not: { type: 'string' } }, 'x')).toEqual(['hours:not']);
  });
});

describe('required', () => {
  it('asks for an own property: a name of Object.prototype (constructor, toString) is missing all the same', () => {
    const schema: SchemaNode = {
      type: 'object',
      required: ['constructor', 'toString', '__proto__'],
    };
    expect(rules(schema, {})).toEqual([
      'hours.constructor:required',
      'hours.toString:required',
      'hours.__proto__:required',
    ]);
    expect(validate(schema, JSON.parse('{"constructor":1,"toString":2,"__proto__":3}'))).toEqual(
      [],
    );
  });
});

describe('an enum', () => {
  const events = ['conversation.created', 'conversation.closed', 'message.received', 'contacts'];
  const message = (value: unknown) => validate({ enum: events }, value)[0]?.message;

  it('names the value a string is a slip for: another case, a typo, a missing letter', () => {
    const list = '"conversation.created", "conversation.closed", "message.received", "contacts"';
    expect(message('Conversation.Created')).toBe(
      `hours: must be one of ${list}; did you mean "conversation.created"?`,
    );
    expect(message('message.recieved')).toMatch(/; did you mean "message\.received"\?$/);
    expect(message('contact')).toMatch(/; did you mean "contacts"\?$/);
  });

  it('names none for a value near none of them, or one that is no string', () => {
    expect(message('billing')).toBe(
      'hours: must be one of "conversation.created", "conversation.closed", "message.received", "contacts"',
    );
    expect(message(12)).not.toMatch(/did you mean/);
  });
});

describe('const, enum and uniqueItems', () => {
  it('compare objects and arrays by their JSON value, in any order of keys', () => {
    expect(validate({ const: {} }, {})).toEqual([]);
    expect(validate({ const: { a: 1, b: [2] } }, { b: [2], a: 1 })).toEqual([]);
    expect(rules({ const: { a: 1 } }, { a: 2 })).toEqual(['hours:const']);
    expect(validate({ enum: [[1, 2], 'x'] }, [1, 2])).toEqual([]);
    expect(rules({ enum: [[1, 2]] }, [2, 1])).toEqual(['hours:enum']);
    expect(rules({ not: { const: [] } }, [])).toEqual(['hours:not']);
    expect(
      rules({ uniqueItems: true }, [
        { a: 1, b: 2 },
        { b: 2, a: 1 },
      ]),
    ).toEqual(['hours:uniqueItems']);
    expect(validate({ uniqueItems: true }, [{ a: 1 }, { a: '1' }])).toEqual([]);
  });

  it('compare items nested 100 000 deep without overflowing the stack (a 400, not a 500)', () => {
    const deep = JSON.parse(`${'['.repeat(100_000)}${']'.repeat(100_000)}`);
    const tags: SchemaNode = { type: 'array', uniqueItems: true, items: { type: 'string' } };
    expect(rules(tags, [deep, 'a'])).toEqual(['hours[0]:type']);
    expect(rules({ uniqueItems: true }, [deep, deep])).toEqual(['hours:uniqueItems']);
    const object = JSON.parse(`${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    expect(rules({ uniqueItems: true }, [object, object, deep])).toEqual(['hours:uniqueItems']);
  });
});

describe('a oneOf', () => {
  it('takes a value that matches exactly one branch, not one that matches several (anyOf does)', () => {
    const branches: SchemaNode[] = [{ type: 'integer' }, { type: 'number', maximum: 10 }];
    expect(validate({ oneOf: branches }, 20)).toEqual([]);
    expect(validate({ oneOf: branches }, 2.5)).toEqual([]);
    expect(validate({ oneOf: branches }, 3)).toEqual([
      {
        field: 'hours',
        rule: 'oneOf',
        message:
          'hours: must match exactly one of its 2 alternatives, not several (it matches #1 and #2)',
      },
    ]);
    expect(validate({ anyOf: branches }, 3)).toEqual([]);
  });

  it('of required names alone refuses a value that has the names of two branches (anyOf takes it)', () => {
    // The "at least one of" shortcut is an anyOf's: a oneOf of names means exactly one of them.
    const branches: SchemaNode[] = [{ required: ['timezone'] }, { required: ['schedule'] }];
    expect(validate({ oneOf: branches }, { timezone: 'UTC' })).toEqual([]);
    expect(rules({ oneOf: branches }, hours('09:00', '18:00'))).toEqual(['hours:oneOf']);
    expect(rules({ oneOf: branches }, {})).not.toEqual([]);
    expect(validate({ anyOf: branches }, hours('09:00', '18:00'))).toEqual([]);
  });
});

describe('rules beside an anyOf or a oneOf', () => {
  it('apply as well when an alternative passes', () => {
    const names: SchemaNode[] = [{ required: ['a'] }, { required: ['b'] }];
    const any: SchemaNode = { type: 'object', required: ['c'], anyOf: names };
    expect(rules(any, 5)).toEqual(['hours:type']);
    expect(rules(any, { a: 1 })).toEqual(['hours.c:required']);
    const one: SchemaNode = { type: 'object', required: ['c'], oneOf: names };
    expect(rules(one, { a: 1 })).toEqual(['hours.c:required']);
  });
});

describe('an anyOf of required names beside other branches', () => {
  it('is not read as "at least one of": the other branch may take the value', () => {
    const schema: SchemaNode = {
      anyOf: [{ required: ['a'] }, { type: 'object', maxProperties: 1 }],
    };
    expect(validate(schema, { x: 1 })).toEqual([]);
    expect(rules(schema, { x: 1, y: 2 })).toEqual(['hours.a:required']);
  });
});

describe('alternatives that fail alike', () => {
  it('report the first branch as written among those with the fewest issues', () => {
    const schema: SchemaNode = {
      oneOf: [
        { type: 'object', required: ['a'] },
        { type: 'object', required: ['b'] },
        { type: 'object', required: ['c', 'd'] },
      ],
    };
    expect(rules(schema, {})).toEqual(['hours.a:required']);
  });

  it('name null beside an enum only for the value itself, an enum, and a branch that is null', () => {
    const nested: SchemaNode = {
      anyOf: [{ type: 'object', properties: { k: { enum: ['a'] } } }, { type: 'null' }],
    };
    expect(validate(nested, { k: 'b' })[0]?.message).toBe('hours.k: must be one of "a"');
    const short: SchemaNode = { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'null' }] };
    expect(validate(short, 'abc')[0]?.message).toBe('hours: must be at most 2 characters');
    const notNull: SchemaNode = { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'number' }] };
    expect(validate(notNull, 'b')[0]?.message).toBe('hours: must be one of "a"');
  });
});

describe('a $ref with rules beside it', () => {
  it('checks both the target and the rules beside it (2020-12), and takes a default or description as is', () => {
    const ref = '#/components/schemas/Hours';
    expect(rules({ $ref: ref, required: ['note'] }, hours('09:00', '18:00'))).toEqual([
      'hours.note:required',
    ]);
    // Hours takes no other key, whatever the rules beside its reference say.
    expect(rules({ $ref: ref, required: ['note'] }, { note: 'x' })).toEqual([
      'hours.timezone:required',
      'hours.schedule:required',
      'hours.note:unknown',
    ]);
    expect(rules({ $ref: ref, maxProperties: 1 }, hours('09:00', '18:00'))).toEqual([
      'hours:maxProperties',
    ]);
    // As a branch of a oneOf or anyOf too.
    const nullable = { oneOf: [{ $ref: ref, required: [] }, { type: 'null' }] };
    expect(rules(nullable, {})).toEqual(['hours.timezone:required', 'hours.schedule:required']);
    const described = { $ref: ref, description: 'Opening hours', default: hours('09:00', '18:00') };
    expect(validate(described, hours('09:00', '18:00'))).toEqual([]);
  });
});

describe('the words of a limit', () => {
  it('say "not empty" for a minimum length of 1 and the limit otherwise', () => {
    expect(validate({ type: 'string', minLength: 1 }, '')).toEqual([
      { field: 'hours', rule: 'minLength', message: 'hours: must not be empty' },
    ]);
    expect(validate({ type: 'string', minLength: 3 }, 'ab')).toEqual([
      { field: 'hours', rule: 'minLength', message: 'hours: must be at least 3 characters' },
    ]);
  });

  it('say "item" for one and "items" for more, and name the limit of items and keys', () => {
    expect(validate({ type: 'array', minItems: 1 }, [])).toEqual([
      { field: 'hours', rule: 'minItems', message: 'hours: must have at least 1 item' },
    ]);
    expect(validate({ type: 'array', minItems: 2 }, ['a'])).toEqual([
      { field: 'hours', rule: 'minItems', message: 'hours: must have at least 2 items' },
    ]);
    expect(validate({ type: 'array', maxItems: 2 }, [1, 2, 3])).toEqual([
      { field: 'hours', rule: 'maxItems', message: 'hours: must have at most 2 items' },
    ]);
    expect(validate({ type: 'object', maxProperties: 2 }, { a: 1, b: 2, c: 3 })).toEqual([
      { field: 'hours', rule: 'maxProperties', message: 'hours: must have at most 2 keys' },
    ]);
    expect(validate({ type: 'object', minProperties: 1 }, {})).toEqual([
      { field: 'hours', rule: 'minProperties', message: 'hours: must have at least 1 key' },
    ]);
    expect(validate({ type: 'object', minProperties: 2 }, { a: 1 })).toEqual([
      { field: 'hours', rule: 'minProperties', message: 'hours: must have at least 2 keys' },
    ]);
    expect(validate({ type: 'object', minProperties: 1 }, { a: 1 })).toEqual([]);
  });

  it('say the singular for a maximum of 1 (item, key, character)', () => {
    expect(validate({ type: 'array', maxItems: 1 }, [1, 2])).toEqual([
      { field: 'hours', rule: 'maxItems', message: 'hours: must have at most 1 item' },
    ]);
    expect(validate({ type: 'object', maxProperties: 1 }, { a: 1, b: 2 })).toEqual([
      { field: 'hours', rule: 'maxProperties', message: 'hours: must have at most 1 key' },
    ]);
    expect(validate({ type: 'string', maxLength: 1 }, 'ab')).toEqual([
      { field: 'hours', rule: 'maxLength', message: 'hours: must be at most 1 character' },
    ]);
  });

  it('name the value a const asks for, and a not without words of its own', () => {
    expect(validate({ const: 'v1' }, 'v2')).toEqual([
      { field: 'hours', rule: 'const', message: 'hours: must be "v1"' },
    ]);
    expect(validate({ not: { type: 'string' } }, 'x')).toEqual([
      { field: 'hours', rule: 'not', message: 'hours: is not allowed here' },
    ]);
  });

  it('quote a repeated item of 60 characters whole, and cut one of 61', () => {
    const tags: SchemaNode = { uniqueItems: true };
    const fits = 'x'.repeat(58);
    expect(validate(tags, [fits, fits])[0]?.message).toBe(
      `hours: must not contain duplicates ("${fits}" is repeated)`,
    );
    const long = 'x'.repeat(59);
    expect(validate(tags, [long, long])[0]?.message).toBe(
      `hours: must not contain duplicates ("${'x'.repeat(56)}... is repeated)`,
    );
  });
});

describe('a pattern and a format', () => {
  it('read a pattern in code points, as the lengths are counted', () => {
    // One emoji is one character to `^.$` under the u flag, two UTF-16 units without it.
    expect(validate({ type: 'string', pattern: '^.$' }, '😀')).toEqual([]);
  });

  it('take a format the validator does not know as a description (2020-12)', () => {
    expect(validate({ type: 'string', format: 'password' }, 'x')).toEqual([]);
  });

  it.each(['constructor', 'toString', '__proto__'])(
    "take a format named %s as one it does not know, not Object.prototype's member",
    (format) => {
      expect(validate({ type: 'string', format }, 'x')).toEqual([]);
    },
  );
});

describe('a discriminator', () => {
  const training: SchemaNode = {
    oneOf: [{ $ref: '#/components/schemas/Text' }, { $ref: '#/components/schemas/Url' }],
    discriminator: {
      propertyName: 'type',
      mapping: { text: '#/components/schemas/Text', url: '#/components/schemas/Url' },
    },
  };

  it('reports the mistakes of the branch its tag names, not of the closest branch', () => {
    // The text branch has one mistake (the tag), the url branch two: the tag says url.
    expect(validate(training, { type: 'url', content: 'x' })).toEqual([
      { field: 'hours.url', rule: 'required', message: 'hours.url: is required' },
      { field: 'hours.content', rule: 'unknown', message: 'hours.content: is not a known field' },
    ]);
    expect(validate(training, { type: 'url', url: 'https://x.test' })).toEqual([]);
  });

  it('names a missing tag, and a tag it does not map, own names of objects too', () => {
    expect(validate(training, { content: 'x' })).toEqual([
      { field: 'hours.type', rule: 'required', message: 'hours.type: is required' },
    ]);
    for (const type of ['pdf', 'toString', 5, ['url']]) {
      expect(validate(training, { type, url: 'https://x.test' }), JSON.stringify(type)).toEqual([
        { field: 'hours.type', rule: 'enum', message: 'hours.type: must be one of "text", "url"' },
      ]);
    }
  });

  it('leaves a value that is not an object to the alternatives', () => {
    for (const value of [null, 'x', []]) {
      expect(validate(training, value), JSON.stringify(value)).toEqual([
        { field: 'hours', rule: 'type', message: 'hours: must be an object' },
      ]);
    }
  });
});

describe('a then or an else', () => {
  const media: SchemaNode = {
    if: { required: ['type'], properties: { type: { const: 'image' } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
    then: {
      required: ['media_url'],
      properties: { media_url: { type: 'string', minLength: 1 } },
      'x-message': 'is required for images',
    },
    else: { required: ['text'] },
  };

  it('says its x-message for a missing name, and its own words for the other rules', () => {
    expect(validate(media, { type: 'image' })).toEqual([
      {
        field: 'hours.media_url',
        rule: 'required',
        message: 'hours.media_url: is required for images',
      },
    ]);
    expect(validate(media, { type: 'image', media_url: '' })).toEqual([
      {
        field: 'hours.media_url',
        rule: 'minLength',
        message: 'hours.media_url: must not be empty',
      },
    ]);
    expect(validate(media, { type: 'text' })).toEqual([
      { field: 'hours.text', rule: 'required', message: 'hours.text: is required' },
    ]);
  });
});

describe('a field name', () => {
  it('shows an empty key as [""], under body at the top', () => {
    const schema: SchemaNode = { type: 'object', required: [''], additionalProperties: false };
    for (const [field, at] of [
      ['hours', 'hours[""]'],
      ['body', 'body[""]'],
      ['', 'body[""]'],
    ]) {
      expect(
        validateSchema(schema, { a: 1 }, field as string, resolve).map((d) => d.field),
        field,
      ).toEqual([at, field === 'hours' ? 'hours.a' : 'a']);
    }
  });

  it('shows a key a dot would misread in brackets, its quotes escaped', () => {
    const schema: SchemaNode = { type: 'object', additionalProperties: false };
    const fields = (field: string) =>
      validateSchema(schema, { 'a.b': 1, '[0]': 2, 'say "hi"': 3, ok: 4 }, field, resolve).map(
        (d) => d.field,
      );
    expect(fields('hours')).toEqual([
      'hours["a.b"]',
      'hours["[0]"]',
      'hours["say \\"hi\\""]',
      'hours.ok',
    ]);
    expect(fields('body')).toEqual(['body["a.b"]', 'body["[0]"]', 'body["say \\"hi\\""]', 'ok']);
  });
});

describe('a reference cycle', () => {
  it('is named, not followed forever', () => {
    expect(() => validate({ $ref: '#/components/schemas/Loop' }, 1)).toThrow(
      'reference cycle at #/components/schemas/Loop',
    );
  });
});
