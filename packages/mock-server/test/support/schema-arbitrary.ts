// fast-check arbitraries of JSON values made from the spec's schemas (the generated `schemas`
// table), for the differential test of the mock's validator against ajv. Mostly valid values: a
// value the generator gets wrong (an `if`/`then` it does not follow) is no error, as the test asks
// the two validators to agree, not to accept.

import fc from 'fast-check';
import type { SchemaNode } from '../../src/generated/operations.js';
import { deref } from '../../src/http/schema-validator.js';
import { resolveRef } from '../../src/http/validate-request.js';

type Arb = fc.Arbitrary<unknown>;

const SCHEMES = ['http', 'https'];
const cache = new Map<SchemaNode, Arb>();

/** An arbitrary of values for a schema of the spec: every required property, some optional ones. */
export function arbitraryFor(node: SchemaNode): Arb {
  let arb = cache.get(node);
  if (!arb) {
    arb = make(node);
    cache.set(node, arb);
  }
  return arb;
}

function make(node: SchemaNode): Arb {
  const s = deref(node, resolveRef);
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  const { allOf, oneOf, anyOf, ...own } = s;
  const alternatives = (oneOf ?? anyOf) as SchemaNode[] | undefined;
  const parts: Arb[] = [];
  if (own.type !== undefined || own.properties !== undefined || own.maxLength !== undefined)
    parts.push(typed(own));
  for (const part of (allOf ?? []) as SchemaNode[]) parts.push(arbitraryFor(part));
  if (alternatives) parts.push(fc.oneof(...alternatives.map(arbitraryFor)));
  if (parts.length === 0) return fc.constant({});
  if (parts.length === 1) return parts[0] as Arb;
  // Parts of one object (allOf, or properties beside an anyOf of required ones): merged.
  return fc
    .tuple(...parts)
    .map((values) =>
      values.every((v) => v !== null && typeof v === 'object' && !Array.isArray(v))
        ? Object.assign({}, ...values)
        : values[0],
    );
}

function typed(s: SchemaNode): Arb {
  // No type: a string when it has a string's rules (a `propertyNames`), else an object.
  const untyped = 'maxLength' in s || 'pattern' in s ? 'string' : 'object';
  const types = ([] as string[]).concat((s.type as string | string[] | undefined) ?? untyped);
  const arbs = types.map((t) => ofType(t, s));
  return arbs.length === 1 ? (arbs[0] as Arb) : fc.oneof(...arbs);
}

function ofType(type: string, s: SchemaNode): Arb {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({
        min: (s.minimum as number | undefined) ?? -1000,
        max: (s.maximum as number | undefined) ?? 1_000_000,
      });
    case 'number':
      return fc.double({
        min: (s.minimum as number | undefined) ?? -1000,
        max: (s.maximum as number | undefined) ?? 1000,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'string':
      return string(s);
    case 'array':
      return array(s);
    default:
      return object(s);
  }
}

function string(s: SchemaNode): Arb {
  const min = (s.minLength as number | undefined) ?? 0;
  const max = Math.min((s.maxLength as number | undefined) ?? 30, 30);
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern, 'u') : null;
  let arb: fc.Arbitrary<string>;
  if (s.format === 'uuid') arb = fc.uuid();
  else if (s.format === 'date-time') {
    arb = fc
      .date({ min: new Date('2000-01-01Z'), max: new Date('2100-01-01Z'), noInvalidDate: true })
      .map((d) => d.toISOString());
  } else if (s.format === 'email') arb = fc.emailAddress();
  else if (s.format === 'uri')
    arb = fc.webUrl({ validSchemes: SCHEMES, withQueryParameters: true });
  else if (pattern) arb = fc.stringMatching(pattern);
  // Any code point, astral ones included: lengths are counted in code points.
  else arb = fc.string({ unit: 'binary', minLength: min, maxLength: Math.max(min, max) });
  return arb.filter(
    (v) =>
      (!pattern || pattern.test(v)) &&
      [...v].length >= min &&
      [...v].length <= ((s.maxLength as number | undefined) ?? Number.POSITIVE_INFINITY),
  );
}

function array(s: SchemaNode): Arb {
  const items = s.items ? arbitraryFor(s.items as SchemaNode) : fc.constant('x');
  const minLength = (s.minItems as number | undefined) ?? 0;
  const maxLength = Math.max(minLength, Math.min((s.maxItems as number | undefined) ?? 3, 3));
  return s.uniqueItems
    ? fc.uniqueArray(items, { selector: (v) => JSON.stringify(v), minLength, maxLength })
    : fc.array(items, { minLength, maxLength });
}

function object(s: SchemaNode): Arb {
  const properties = (s.properties ?? {}) as Record<string, SchemaNode>;
  const required = ((s.required ?? []) as string[]).filter((name) => name in properties);
  const model = Object.fromEntries(
    Object.entries(properties).map(([name, schema]) => [name, arbitraryFor(schema)]),
  );
  const known = fc.record(model, { requiredKeys: required });
  const extra = s.additionalProperties;
  if (!extra || typeof extra !== 'object') return known;
  const names = s.propertyNames
    ? (arbitraryFor(s.propertyNames as SchemaNode) as fc.Arbitrary<string>)
    : fc.string({ minLength: 1, maxLength: 10 });
  const more = fc.dictionary(
    names.filter((k) => !(k in properties) && k !== '__proto__'),
    arbitraryFor(extra as SchemaNode),
    { maxKeys: 3 },
  );
  return fc.tuple(known, more).map(([a, b]) => ({ ...b, ...a }));
}
