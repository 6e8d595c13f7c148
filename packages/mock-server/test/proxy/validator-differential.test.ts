import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operations, type SchemaNode } from '../../src/generated/operations.js';
import { responses } from '../../src/generated/responses.js';
import { schemas } from '../../src/generated/schemas.js';
import { FORMATS } from '../../src/http/schema-rules.js';
import { validateSchema } from '../../src/http/schema-validator.js';
import { resolveRef } from '../../src/http/validate-request.js';
import { validateResponse } from '../../src/proxy/validate-response.js';
import { mutationOf, TRICKY_STRINGS } from '../support/json-mutation.js';
import { DEFS, randomJson, randomSchema } from '../support/random-schema.js';
import { arbitraryFor } from '../support/schema-arbitrary.js';
import { formatAccepts, specAccepts } from '../support/spec-contract.js';

// The mock's JSON Schema validator (request validation, and the contract proxy's validateResponse)
// against ajv, the reference: for valid answers made from the spec's schemas and for mutations of
// them, both must say the same. A disagreement is a false positive or a false negative of ours.

const SEED = 20261123;

interface Target {
  name: string;
  ref: string;
  /** Our validator's verdict: whether it finds nothing wrong. */
  ours: (value: unknown) => boolean;
}

const REQUEST_ID = '7f3e0c1e-4b8f-4a39-9a52-2f1c7a3d5e90';

/** Every operation's every status with a JSON body, checked through validateResponse. */
const answers: Target[] = operations.flatMap((op) =>
  Object.entries(responses[op.operationId]).flatMap(([status, response]) => {
    const ref = response.body?.$ref;
    if (typeof ref !== 'string') return [];
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    for (const header of response.headers) {
      headers[header.name] = header.schema.format === 'uuid' ? REQUEST_ID : '1';
    }
    const ours = (value: unknown) =>
      validateResponse(op, Number(status), headers, JSON.stringify(value)).length === 0;
    return [{ name: `${op.operationId} ${status}`, ref, ours }];
  }),
);

/** Every request body, checked by the same validator (its oneOf, if/then and not are there). */
const requests: Target[] = operations.flatMap((op) => {
  const ref = op.body?.schema.$ref;
  if (typeof ref !== 'string') return [];
  const schema = op.body?.schema as SchemaNode;
  const ours = (value: unknown) => validateSchema(schema, value, 'body', resolveRef).length === 0;
  return [{ name: `${op.operationId} body`, ref, ours }];
});

const cases = (targets: Target[]) =>
  fc
    .constantFrom(...targets)
    .chain((target) =>
      arbitraryFor({ $ref: target.ref }).chain((valid) =>
        fc
          .oneof(fc.constant({ value: valid, done: 'none' }), mutationOf(valid))
          .map((mutated) => ({ target, ...mutated })),
      ),
    );

/** Our verdict and ajv's on one case, through JSON as an answer comes (no undefined, no -0). */
function verdicts(target: Target, value: unknown) {
  const json = JSON.parse(JSON.stringify(value));
  return { json, ajv: specAccepts(target.ref, json), ours: target.ours(json) };
}

describe('the mock validator agrees with ajv', () => {
  it.each([
    ['answer of every operation and status', answers],
    ['request body of every operation', requests],
  ])(
    'on valid and mutated values of each %s',
    (_, targets) => {
      fc.assert(
        fc.property(cases(targets), ({ target, value }) => {
          const { ajv, ours } = verdicts(target, value);
          expect({ target: target.name, ours }).toEqual({ target: target.name, ours: ajv });
        }),
        { seed: SEED, numRuns: 4000 },
      );
      // CPU-bound, as the random schemas' test below: a loaded machine is no failure.
    },
    60_000,
  );

  it('takes every unmutated answer made from the spec (the generator makes valid ones)', () => {
    const valid = fc.sample(
      fc
        .constantFrom(...answers)
        .chain((target) => arbitraryFor({ $ref: target.ref }).map((value) => ({ target, value }))),
      { seed: SEED, numRuns: 500 },
    );
    const refused = valid.filter(({ target, value }) => !verdicts(target, value).ajv);
    expect(refused).toEqual([]);
  });
});

/**
 * Where the two differ by design: each side of the formats' lines that ajv (ajv-formats' `full`
 * mode) draws elsewhere. `ours` is the mock's verdict; ajv's is the other.
 */
const DELIBERATE: [format: string, value: string, ours: boolean, why: string][] = [
  // ajv is laxer than the standards here: ours follows them.
  [
    'date-time',
    '2026-11-20 10:00:00Z',
    false,
    "RFC 3339's date-time has a T (a space is an aside)",
  ],
  ['uuid', 'urn:uuid:0b6f3c1e-4b8f-4a39-9a52-2f1c7a3d5e90', false, 'a URN, not the UUID itself'],
  [
    'uri',
    'http://a@b@example.com/',
    false,
    'RFC 3986 has one @ in an authority; the spec refuses it',
  ],
  ['uri', 'x:', true, 'RFC 3986: a scheme and an empty path is a URI (ajv refuses it)'],
  ['email', 'ann@[192.0.2.1]', true, "RFC 5321's address literal (ajv refuses it)"],
  // The spec's own lines, stricter than RFC 3339 and RFC 3986.
  ['date-time', '2026-12-31T23:59:60Z', false, 'the API counts time without leap seconds'],
  [
    'date-time',
    '2026-11-20T10:00:00.1234567891Z',
    false,
    'nine fraction digits at most, as stored',
  ],
  ['date-time', '0000-01-01T00:00:00+01:00', false, 'an instant of years 0000-9999 in UTC'],
  ['uri', 'https://', false, 'its host and port are valid (spec, info)'],
  ['uri', 'https://example.com:99999/', false, 'its host and port are valid'],
  ['uri', 'https://[v1.x]/', false, 'its host and port are valid'],
  ['uri', 'http://256.0.0.1/', false, 'its host and port are valid'],
  // The platform's email rule is an addr-spec in any letters (webhook-verify's platform-formats).
  ['email', 'ännchen@example.com', true, 'an address in other letters (RFC 6531) is taken'],
  ['email', 'ann@exämple.com', true, 'an address in other letters (RFC 6531) is taken'],
  ['email', 'ann@exa_mple.com', true, 'the domain is not checked as a host name'],
  ['email', 'ann@-example.com', true, 'the domain is not checked as a host name'],
  // Empty labels: kept from the rule it replaced (^[^\s@]+@[^\s@]+\.[^\s@]+$, schema-rules.test.ts).
  ['email', 'ann..lee@example.com', true, 'a dot anywhere in the local part'],
  ['email', '.ann@example.com', true, 'a dot anywhere in the local part'],
  ['email', 'ann@example..com', true, 'one dot inside the domain suffices'],
  ['email', 'ann@.example.com', true, 'one dot inside the domain suffices'],
  ['email', 'ann@example.com.', true, 'one dot inside the domain suffices'],
];

describe('the mock validator agrees with ajv over random schemas of its subset', () => {
  // ownProperties: a `properties` or `required` name of Object.prototype is an object's own only.
  const ajv = new Ajv2020({ strict: false, allErrors: true, ownProperties: true });
  const resolve = (ref: string) => DEFS[ref.replace('#/$defs/', '')] as SchemaNode;
  it('on random values', () => {
    fc.assert(
      fc.property(randomSchema, randomJson, (written, raw) => {
        // Both through JSON, as the spec and an answer come: `__proto__` an own key, no undefined.
        const schema: SchemaNode = JSON.parse(JSON.stringify(written));
        const value = JSON.parse(JSON.stringify(raw));
        let reference: boolean;
        try {
          reference = ajv.validate({ ...schema, $defs: DEFS }, value) as boolean;
        } catch {
          // ajv's deep equality (enum, const, uniqueItems) calls an own `toString` key: no verdict.
          fc.pre(false);
          return;
        }
        expect(validateSchema(schema, value, 'body', resolve).length === 0).toBe(reference);
      }),
      { seed: SEED, numRuns: 3000 },
    );
    // CPU-bound (ajv compiles each of 3000 schemas), about 2 s alone: vitest's 5 s default failed it
    // once on this shared 2-core machine with other suites running. It waits on nothing.
  }, 60_000);
});

// What the validator implements (and what only describes): a keyword the spec starts using beyond
// these (exclusiveMinimum, prefixItems) would be skipped without a word, the random schemas above
// would not have it, and a mutation would have to stumble on it.
const KEYWORDS = new Set(
  [
    '$ref allOf anyOf oneOf discriminator not if then else const type enum',
    'minLength maxLength pattern format minimum maximum minItems maxItems uniqueItems items',
    'properties required additionalProperties maxProperties propertyNames',
    'description default examples example title deprecated readOnly writeOnly',
  ].flatMap((line) => line.split(' ')),
);

function keywordsOf(node: SchemaNode, out: Set<string>): Set<string> {
  for (const [key, sub] of Object.entries(node)) {
    if (!key.startsWith('x-')) out.add(key === 'format' ? `format: ${sub}` : key);
    const subs: SchemaNode[] = ['allOf', 'anyOf', 'oneOf'].includes(key)
      ? (sub as SchemaNode[])
      : key === 'properties'
        ? Object.values(sub as Record<string, SchemaNode>)
        : ['items', 'propertyNames', 'not', 'if', 'then', 'else'].includes(key) ||
            (key === 'additionalProperties' && typeof sub === 'object')
          ? [sub as SchemaNode]
          : [];
    for (const s of subs) keywordsOf(s, out);
  }
  return out;
}

describe('the spec', () => {
  it('uses only the keywords and formats the validator implements', () => {
    const used = new Set<string>();
    for (const schema of Object.values(schemas)) keywordsOf(schema, used);
    const formats = Object.keys(FORMATS).map((name) => `format: ${name}`);
    expect([...used].filter((k) => !KEYWORDS.has(k) && !formats.includes(k))).toEqual([]);
  });
});

describe('the mock formats agree with ajv-formats', () => {
  it.each(Object.keys(FORMATS))('on every tricky string for %s', (name) => {
    const differ = TRICKY_STRINGS.filter(
      (value) => formatAccepts(name, value) !== (FORMATS[name]?.(value) === null),
    );
    expect(differ).toEqual([]);
  });
});

describe('the mock validator and ajv differ by design', () => {
  it.each(DELIBERATE)('on a %s: %j (ours %s: %s)', (name, value, ours) => {
    expect({ ajv: formatAccepts(name, value), ours: FORMATS[name]?.(value) === null }).toEqual({
      ajv: !ours,
      ours,
    });
  });
});
