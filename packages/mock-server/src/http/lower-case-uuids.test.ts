import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../generated/operations.js';
import { lowerCaseUuids } from './lower-case-uuids.js';

const UPPER = '9CF80865-E861-40AD-9A3B-5E6F7A8B9C0D';
const LOWER = UPPER.toLowerCase();
const uuid: SchemaNode = { type: 'string', format: 'uuid' };

const components: Record<string, SchemaNode> = {
  Link: { type: 'object', properties: { kind: { const: 'link' }, target: uuid } },
  Note: { type: 'object', properties: { kind: { const: 'note' }, target: { type: 'string' } } },
  Tree: {
    type: 'object',
    properties: {
      id: uuid,
      children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } },
    },
  },
};
const resolve = (ref: string): SchemaNode => {
  const schema = components[ref.replace('#/components/schemas/', '')];
  if (!schema) throw new Error(`unknown schema reference ${ref}`);
  return schema;
};
const lower = (schema: SchemaNode, value: unknown) => lowerCaseUuids(schema, value, resolve);

describe('lowerCaseUuids', () => {
  it('lower-cases a uuid string and leaves other strings as they are', () => {
    expect(lower(uuid, UPPER)).toBe(LOWER);
    expect(lower({ type: ['string', 'null'], format: 'uuid' }, null)).toBeNull();
    expect(lower({ type: 'string' }, UPPER)).toBe(UPPER);
  });

  it('follows properties, additionalProperties, items and references', () => {
    const schema: SchemaNode = {
      type: 'object',
      properties: { ids: { type: 'array', items: uuid }, name: { type: 'string' } },
      additionalProperties: { $ref: '#/components/schemas/Link' },
    };
    const value = { ids: [UPPER], name: UPPER, extra: { kind: 'link', target: UPPER } };
    expect(lower(schema, value)).toEqual({
      ids: [LOWER],
      name: UPPER,
      extra: { kind: 'link', target: LOWER },
    });
  });

  it('walks the oneOf branch the value matches, by its discriminator or else the first that passes', () => {
    const tagged: SchemaNode = {
      oneOf: [{ $ref: '#/components/schemas/Link' }, { $ref: '#/components/schemas/Note' }],
      discriminator: {
        propertyName: 'kind',
        mapping: { link: '#/components/schemas/Link', note: '#/components/schemas/Note' },
      },
    };
    expect(lower(tagged, { kind: 'note', target: UPPER })).toEqual({ kind: 'note', target: UPPER });
    expect(lower(tagged, { kind: 'link', target: UPPER })).toEqual({ kind: 'link', target: LOWER });
    const untagged: SchemaNode = { anyOf: [{ type: 'integer' }, uuid] };
    expect(lower(untagged, UPPER)).toBe(LOWER);
    expect(lower(untagged, 3)).toBe(3);
  });

  it('walks allOf parts and the then or else of a condition', () => {
    const schema: SchemaNode = {
      allOf: [{ properties: { a: uuid } }],
      if: { properties: { kind: { const: 'x' } }, required: ['kind'] },
      // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
      then: { properties: { b: uuid } },
      else: { properties: { c: uuid } },
    };
    expect(lower(schema, { kind: 'x', a: UPPER, b: UPPER, c: UPPER })).toEqual({
      kind: 'x',
      a: LOWER,
      b: LOWER,
      c: UPPER,
    });
    expect(lower(schema, { b: UPPER, c: UPPER })).toEqual({ b: UPPER, c: LOWER });
  });

  it('follows a recursive schema', () => {
    const value = { id: UPPER, children: [{ id: UPPER, children: [] }] };
    expect(lower({ $ref: '#/components/schemas/Tree' }, value)).toEqual({
      id: LOWER,
      children: [{ id: LOWER, children: [] }],
    });
  });
});
