// Valid values and request bodies made from the spec's schemas (the generated `schemas` table), for
// tests that must follow the spec by themselves: a new property gets a value without a test edit.

import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import type { SchemaNode } from '../../src/generated/operations.js';
import { schemas } from '../../src/generated/schemas.js';

/** What a schema cannot say: the ids of resources that exist, for a uuid property such as `agent_id`. */
export interface ValueSource {
  ids(property: string): readonly string[];
}

/**
 * Samples for what generation cannot make, keyed `Schema.property` or by schema name. Each is
 * already in its canonical form, so that a value the API normalises reads back as sent.
 */
const SAMPLES: Record<string, unknown[]> = {
  // "IANA time zone ... stored in its canonical case".
  'BusinessHours.timezone': ['Europe/Madrid', 'America/New_York'],
  // "A BCP 47 tag ... stored in the case it recommends".
  'ChannelSettingsUpdate.language': ['pt-BR', 'zh-Hant-TW', 'de'],
  // Values keyed by custom-field name, checked against the definitions: `plan` is the demo seed's select.
  CustomFieldValues: [{ plan: 'pro' }, { plan: 'enterprise' }],
};

const COUNT = 3;
const HOUR = 3_600_000;
let serial = 0;

/** The name of the schema a `$ref` points to. */
export function refName(node: SchemaNode): string | undefined {
  return typeof node.$ref === 'string' ? node.$ref.split('/').pop() : undefined;
}

/** Follows `$ref`s to the schema itself. */
export function resolve(node: SchemaNode): SchemaNode {
  let current = node;
  for (let hops = 0; typeof current.$ref === 'string'; hops++) {
    const next = schemas[refName(current) as string];
    if (!next || hops > 20) throw new Error(`unresolved reference ${current.$ref}`);
    current = next;
  }
  return current;
}

/** The properties of an object schema, its `allOf` parts' included. */
export function propertiesOf(node: SchemaNode): Record<string, SchemaNode> {
  const s = resolve(node);
  const out = { ...((s.properties ?? {}) as Record<string, SchemaNode>) };
  for (const part of (s.allOf ?? []) as SchemaNode[]) Object.assign(out, propertiesOf(part));
  return out;
}

function requiredOf(s: SchemaNode): string[] {
  return [
    ...((s.required ?? []) as string[]),
    ...((s.allOf ?? []) as SchemaNode[]).flatMap((part) => requiredOf(resolve(part))),
  ];
}

/** The alternatives of a `oneOf` body (each named by its schema), or the body itself. */
export function variantsOf(node: SchemaNode): { name: string | undefined; schema: SchemaNode }[] {
  const alternatives = resolve(node).oneOf as SchemaNode[] | undefined;
  if (!alternatives) return [{ name: undefined, schema: node }];
  return alternatives.map((schema) => ({ name: refName(schema), schema }));
}

/**
 * A few valid, non-null values for a schema, best first: an enum's members but its default, a
 * boolean's non-default, a string matching its format or pattern, a number within bounds, an object
 * with its required properties, an array of one item. `label` is `Schema.property`.
 */
export function candidates(node: SchemaNode, label: string, source: ValueSource): unknown[] {
  const sample = SAMPLES[label] ?? SAMPLES[refName(node) ?? ''];
  if (sample) return sample;
  const s = resolve(node);
  const fallback = 'default' in node ? node.default : s.default;
  if ('const' in s) return [s.const];
  if (Array.isArray(s.enum)) return s.enum.filter((v) => !isDeepStrictEqual(v, fallback));
  const alternatives = (s.oneOf ?? s.anyOf) as SchemaNode[] | undefined;
  if (alternatives) {
    const value = alternatives.find((a) => resolve(a).type !== 'null');
    if (value) return candidates(value, label, source);
  }
  const types = Array.isArray(s.type) ? s.type : [s.type];
  switch (types.find((t) => t !== 'null')) {
    case 'string':
      return strings(s, label, source);
    case 'integer':
    case 'number':
      return numbers(s, fallback);
    case 'boolean':
      return typeof fallback === 'boolean' ? [!fallback] : [true, false];
    case 'array': {
      const size = Math.max(1, Number(s.minItems ?? 1));
      const items = candidates(s.items as SchemaNode, `${label}[]`, source);
      const out = [];
      for (let i = 0; i + size <= items.length && out.length < COUNT; i++) {
        out.push(items.slice(i, i + size));
      }
      return out;
    }
    case 'object': {
      const owner = refName(node) ?? label;
      const props = propertiesOf(s);
      return Array.from({ length: COUNT }, (_, i) =>
        Object.fromEntries(
          requiredOf(s).map((name) => {
            const values = candidates(props[name] ?? {}, `${owner}.${name}`, source);
            return [name, values[i % values.length]];
          }),
        ),
      );
    }
  }
  throw new Error(`${label}: no value from ${JSON.stringify(s)}; add a sample to SAMPLES`);
}

function strings(s: SchemaNode, label: string, source: ValueSource): string[] {
  const property = label.split('.').pop() as string;
  const fresh = (make: (n: number) => string) =>
    Array.from({ length: COUNT }, () => make(++serial));
  let values: readonly string[];
  if (s.format === 'uuid') values = source.ids(property);
  // Canonical date-times (UTC, milliseconds), each later than the one before (an end after a start).
  else if (s.format === 'date-time')
    values = fresh((n) => new Date(Date.UTC(2027, 0, 1) + n * HOUR).toISOString());
  else if (s.format === 'uri') values = fresh((n) => `http://127.0.0.1:9/${property}/${n}`);
  else if (s.format === 'email') values = fresh((n) => `${property}${n}@example.com`);
  else if (typeof s.pattern === 'string') {
    // Plain fresh text first when the pattern allows it (a name's `\S`): a sample drawn from the
    // pattern repeats across calls, and a name must be unique for some resources.
    const arbitrary = fc.stringMatching(new RegExp(s.pattern as string));
    values = [
      ...fresh((n) => `${property} ${n}`),
      ...fc.sample(arbitrary, { seed: 20261120, numRuns: 40 }),
    ];
  } else values = fresh((n) => `${property} ${n}`);
  const pattern = typeof s.pattern === 'string' ? new RegExp(s.pattern) : null;
  const fits = (v: string) =>
    (!pattern || pattern.test(v)) &&
    [...v].length >= Number(s.minLength ?? 0) &&
    [...v].length <= Number(s.maxLength ?? Number.POSITIVE_INFINITY);
  const out = [...new Set(values.filter(fits))].slice(0, COUNT);
  if (out.length === 0) throw new Error(`${label}: no string fits ${JSON.stringify(s)}`);
  return out;
}

function numbers(s: SchemaNode, fallback: unknown): number[] {
  const min = s.minimum as number | undefined;
  const max = s.maximum as number | undefined;
  const pool = [
    min !== undefined && max !== undefined ? (min + max) / 2 : 7,
    ...[min, max, 1, 2, 42].filter((v) => v !== undefined),
  ] as number[];
  const fits = (v: number) =>
    (min === undefined || v >= min) &&
    (max === undefined || v <= max) &&
    (s.exclusiveMinimum === undefined || v > (s.exclusiveMinimum as number)) &&
    (s.exclusiveMaximum === undefined || v < (s.exclusiveMaximum as number)) &&
    (s.type !== 'integer' || Number.isInteger(v)) &&
    v !== fallback;
  return [...new Set(pool.filter(fits))];
}

/** Each `anyOf` of the schema (or of its `allOf` parts) that lists sets of required properties. */
function requiredGroups(s: SchemaNode): string[][][] {
  const groups: string[][][] = [];
  for (const part of [s, ...((s.allOf ?? []) as SchemaNode[]).map(resolve)]) {
    const alternatives = part.anyOf as SchemaNode[] | undefined;
    if (alternatives?.every((a) => Array.isArray(a.required))) {
      groups.push(alternatives.map((a) => a.required as string[]));
    }
  }
  return groups;
}

/** Whether a body meets an `if` of the kind the spec writes: required names and enum/const values. */
function meets(condition: SchemaNode, body: Record<string, unknown>): boolean {
  if (!((condition.required ?? []) as string[]).every((name) => name in body)) return false;
  return Object.entries((condition.properties ?? {}) as Record<string, SchemaNode>).every(
    ([name, rule]) =>
      !(name in body) ||
      ((Array.isArray(rule.enum) ? rule.enum.includes(body[name]) : true) &&
        ('const' in rule ? rule.const === body[name] : true)),
  );
}

/**
 * A valid body for an object schema: its required properties, one set of each `anyOf` of required
 * ones, what its `if`/`then`/`else` requires, and the property under test with the value `choose`
 * takes from its candidates. When the property is one a `then` requires, the `if` is made true
 * (`options` needs a `select` type).
 */
export function bodyFor(
  node: SchemaNode,
  source: ValueSource,
  test?: { property: string; choose: (values: unknown[]) => unknown },
): Record<string, unknown> {
  const s = resolve(node);
  const owner = refName(node) ?? 'body';
  const props = propertiesOf(s);
  const pick = (name: string) => {
    const values = candidates(props[name] ?? {}, `${owner}.${name}`, source);
    if (values.length === 0) throw new Error(`${owner}.${name}: no value`);
    return values[0];
  };
  const body: Record<string, unknown> = {};
  for (const name of requiredOf(s)) body[name] = pick(name);
  const condition = s.if as SchemaNode | undefined;
  const then = s.then as SchemaNode | undefined;
  if (test) {
    if (condition && ((then?.required ?? []) as string[]).includes(test.property)) {
      for (const [name, rule] of Object.entries(
        (condition.properties ?? {}) as Record<string, SchemaNode>,
      )) {
        if (Array.isArray(rule.enum)) body[name] = rule.enum[0];
        else if ('const' in rule) body[name] = rule.const;
      }
    }
    // Made after the others: a later date-time, so an end comes after the start filled in.
    body[test.property] = test.choose(
      candidates(props[test.property] ?? {}, `${owner}.${test.property}`, source),
    );
  }
  for (const group of requiredGroups(s)) {
    if (group.some((names) => names.every((name) => name in body))) continue;
    for (const name of group[0] ?? []) body[name] ??= pick(name);
  }
  if (condition) {
    const branch = (meets(condition, body) ? then : s.else) as SchemaNode | undefined;
    for (const name of (branch?.required ?? []) as string[]) body[name] ??= pick(name);
  }
  return body;
}
