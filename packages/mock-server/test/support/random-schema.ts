// Random small schemas of the JSON Schema subset the mock's validator implements, and random JSON
// values to check against them, for the differential test against ajv: the spec's schemas reach
// only part of what the validator claims, and a corner the spec does not reach yet (a oneOf whose
// branches overlap, a const object) would be a wrong verdict the day it does.

import fc from 'fast-check';
import type { SchemaNode } from '../../src/generated/operations.js';

/** Schemas a `$ref` of a random schema may point to (`#/$defs/S`), for ajv and the validator alike. */
export const DEFS: Record<string, SchemaNode> = {
  S: { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
  T: { anyOf: [{ type: 'string', maxLength: 1 }, { type: 'array' }] },
};

// Names of Object.prototype among the keys: a value must be an object's own to count.
const key = fc.constantFrom('a', 'b', 'constructor', '__proto__', 'toString');
// ajv loses a `properties` entry named __proto__ (it takes {"__proto__": []} against a string).
const propertyKey = fc.constantFrom('a', 'b', 'constructor', 'toString');
const scalar = fc.constantFrom(null, true, false, 0, 1, 1.5, -1, 2, 5, '', 'a', 'ab', 'abc');

/** A small JSON value: scalars, arrays and objects of them. */
export const randomJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('v'), { maxLength: 3 }),
    fc.dictionary(key, tie('v'), { maxKeys: 3 }),
  ),
})).v;

const TYPES = ['string', 'integer', 'number', 'boolean', 'null', 'object', 'array'];

/** A small schema of the subset: each keyword the validator implements, nested. */
export const randomSchema = fc.letrec((tie) => ({
  s: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.record({
      type: fc.oneof(
        fc.constantFrom(...TYPES),
        fc.uniqueArray(fc.constantFrom(...TYPES), { minLength: 1, maxLength: 2 }),
      ),
    }),
    fc.record({ enum: fc.array(randomJson, { minLength: 1, maxLength: 3 }) }),
    fc.record({ const: randomJson }),
    fc.record(
      { minLength: fc.nat(3), maxLength: fc.nat(3), pattern: fc.constantFrom('^a', 'b$', '^.$') },
      { requiredKeys: [] },
    ),
    fc.record(
      { minimum: fc.integer({ min: -2, max: 2 }), maximum: fc.integer({ min: -2, max: 5 }) },
      { requiredKeys: [] },
    ),
    fc.record(
      {
        type: fc.constant('object'),
        properties: fc.dictionary(propertyKey, tie('s'), { maxKeys: 2 }),
        required: fc.uniqueArray(key, { maxLength: 2 }),
        additionalProperties: fc.oneof(fc.boolean(), tie('s')),
        maxProperties: fc.nat(3),
        propertyNames: fc.record({ maxLength: fc.nat(2) }),
      },
      { requiredKeys: [] },
    ),
    fc.record(
      { items: tie('s'), minItems: fc.nat(2), maxItems: fc.nat(3), uniqueItems: fc.boolean() },
      { requiredKeys: [] },
    ),
    fc.record({ oneOf: fc.array(tie('s'), { minLength: 1, maxLength: 3 }) }),
    fc.record({ anyOf: fc.array(tie('s'), { minLength: 1, maxLength: 3 }) }),
    // "At least one of" these names, as ContactCreate writes it (the validator's shortcut), and
    // "exactly one of" them, which the shortcut must leave to the branches' loop.
    ...(['anyOf', 'oneOf'] as const).map((of) =>
      fc.record({
        [of]: fc.array(
          fc.record({ required: fc.uniqueArray(key, { minLength: 1, maxLength: 2 }) }),
          { minLength: 1, maxLength: 3 },
        ),
      }),
    ),
    fc.record({ allOf: fc.array(tie('s'), { minLength: 1, maxLength: 2 }) }),
    fc.record({ not: tie('s') }),
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's keyword, never awaited
    fc.record({ if: tie('s'), then: tie('s'), else: tie('s') }, { requiredKeys: ['if'] }),
    fc.record(
      {
        $ref: fc.constantFrom('#/$defs/S', '#/$defs/T'),
        required: fc.uniqueArray(key, { maxLength: 2 }),
        type: fc.constantFrom('object', 'string'),
        description: fc.constant('beside the reference'),
      },
      { requiredKeys: ['$ref'] },
    ),
  ),
})).s as fc.Arbitrary<SchemaNode>;
