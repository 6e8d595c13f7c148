import { describe, expect, it } from 'vitest';
import type { OperationInfo, SchemaNode } from '../generated/operations.js';
import { bodyFields } from './body-fields.js';

/** An operation whose body has `schema`, as the generated table holds one. */
const op = (schema: SchemaNode) => ({ body: { schema } }) as unknown as OperationInfo;
const closed = (name: string): SchemaNode => ({
  type: 'object',
  additionalProperties: false,
  properties: { [name]: { type: 'string' } },
});
const open = (name: string): SchemaNode => ({
  type: 'object',
  properties: { [name]: { type: 'string' } },
});

describe('bodyFields', () => {
  it('lists the fields of a closed schema and of each of its branches', () => {
    expect(bodyFields(op(closed('a')))).toEqual(new Set(['a']));
    expect(bodyFields(op({ oneOf: [closed('a'), closed('b')] }))).toEqual(new Set(['a', 'b']));
    expect(bodyFields(op({ anyOf: [closed('a'), closed('b')] }))).toEqual(new Set(['a', 'b']));
    expect(bodyFields(op({ allOf: [closed('a'), open('b')] }))).toEqual(new Set(['a', 'b']));
  });

  it('is null for a body that takes any field: an open schema, or an open branch of anyOf or oneOf', () => {
    expect(bodyFields(op(open('a')))).toBeNull();
    // {"zzz": 1} satisfies the open branch, so a fault on it may fire.
    expect(bodyFields(op({ anyOf: [closed('a'), open('b')] }))).toBeNull();
    expect(bodyFields(op({ oneOf: [open('a'), closed('b')] }))).toBeNull();
    expect(bodyFields(op({ allOf: [open('a'), open('b')] }))).toBeNull();
  });
});
