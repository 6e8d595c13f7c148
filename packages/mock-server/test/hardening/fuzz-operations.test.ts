import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMockServer, type OperationInfo, operations } from '../../src/index.js';
import { apiClient } from '../support/api.js';
import { concretePath, createFixtures, type Fixtures, validBody } from '../support/fixtures.js';

// Seeded and bounded for CI; FUZZ_RUNS=1000 for a longer run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261120);

/** A body as raw bytes and the content type it is sent with. */
interface RawBody {
  bytes: Uint8Array | string | null;
  type: string | null;
}

const json = (value: unknown): RawBody => ({
  bytes: JSON.stringify(value),
  type: 'application/json',
});

function deepNesting(depth: number): string {
  return `${'['.repeat(depth)}${']'.repeat(depth)}`;
}

/** Malformed and random bodies, plus mutations of a valid one. */
function bodyArb(valid: unknown): fc.Arbitrary<RawBody> {
  const base = valid && typeof valid === 'object' ? (valid as Record<string, unknown>) : {};
  const keys = Object.keys(base);
  const mutations =
    keys.length === 0
      ? []
      : [
          fc
            .constantFrom(...keys)
            .chain((key) => fc.jsonValue().map((value) => json({ ...base, [key]: value }))),
        ];
  return fc.oneof(
    fc.jsonValue().map(json),
    fc
      .record({ extra: fc.string(), nested: fc.jsonValue() })
      .map((extra) => json({ ...base, ...extra })),
    ...mutations,
    fc.constant(json({ ...base, name: 'x'.repeat(300_000) })),
    fc.constant({ bytes: 'y'.repeat(1_100_000), type: 'application/json' }),
    fc
      .integer({ min: 2, max: 20_000 })
      .map((depth) => ({ bytes: deepNesting(depth), type: 'application/json' })),
    fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
      bytes: new Uint8Array([0x7b, 0x22, 0xff, ...bytes]),
      type: 'application/json',
    })),
    fc.string().map((text) => ({ bytes: `not json ${text}`, type: 'application/json' })),
    fc.constant({ bytes: JSON.stringify(base), type: 'text/plain' }),
    fc.constant({ bytes: null, type: null }),
  );
}

/** The operation's path with each parameter either the fixture's valid value or a random, malformed one. */
function pathArb(op: OperationInfo, f: Fixtures): fc.Arbitrary<string> {
  const params = [...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string);
  if (params.length === 0) return fc.constant(op.path);
  const valid = concretePath(op.path, f).split('/');
  const template = op.path.split('/');
  const segment = fc.oneof(
    fc.constant(null),
    fc.uuid(),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.constantFrom(
      '%00',
      '..',
      '%2F',
      'ünïcödé',
      'a'.repeat(5000),
      '00000000-0000-0000-0000-000000000000',
      ' ',
    ),
  );
  return fc.tuple(...params.map(() => segment)).map((values) => {
    let next = 0;
    return template
      .map((part, i) => {
        if (!part.startsWith('{')) return part;
        const value = values[next++];
        return value === null || value === undefined ? valid[i] : encodeURIComponent(value);
      })
      .join('/');
  });
}

const queryArb = fc
  .array(
    fc.tuple(
      fc.oneof(
        fc.constantFrom(
          'page',
          'limit',
          'order',
          'status',
          'q',
          'type',
          'agent_id',
          'include_archived',
        ),
        fc.string({ maxLength: 12 }),
      ),
      fc.oneof(
        fc.string({ maxLength: 30 }),
        fc.integer().map(String),
        fc.constantFrom('-1', '0', '101', '1e3', 'true', '', 'asc'),
      ),
    ),
    { maxLength: 4 },
  )
  .map((pairs) => (pairs.length === 0 ? '' : `?${new URLSearchParams(pairs).toString()}`));

describe('fuzzing every operation', () => {
  const mock = createMockServer({
    clock: 'manual',
    rateLimit: { limit: 10_000_000, windowMs: 60_000 },
    deliveryFetch: async () => new Response(null, { status: 204 }),
    onError: (error) => {
      throw error;
    },
  });
  const owner = mock.createApiKey({ scopes: 'all' });
  const call = apiClient(
    { fetch: mock.fetch as typeof fetch, baseUrl: mock.baseUrl, close: async () => {} },
    owner.key,
  );
  const fixtures = createFixtures(call);

  it.each(operations.map((op) => [`${op.method} ${op.path}`, op] as const))(
    '%s',
    async (_name, op) => {
      const f = await fixtures;
      await fc.assert(
        fc.asyncProperty(
          pathArb(op, f),
          queryArb,
          bodyArb(validBody(op.operationId, f)),
          async (path, query, body) => {
            const before = mock.exportState();
            const headers: Record<string, string> = { 'x-api-key': owner.key };
            if (body.type) headers['content-type'] = body.type;
            const hasBody = op.method !== 'GET' && op.method !== 'DELETE' && body.bytes !== null;
            const res = await mock.fetch(`${path}${query}`, {
              method: op.method,
              headers,
              body: hasBody ? (body.bytes as BodyInit) : undefined,
            });
            const text = await res.text();
            expect(res.status, text).toBeLessThan(500);
            if (res.status >= 400) {
              const envelope = JSON.parse(text).error;
              expect(envelope.status).toBe(res.status);
              expect(typeof envelope.code).toBe('string');
              expect(envelope.message.length).toBeGreaterThan(0);
              if (res.status === 400) {
                expect(envelope.details.length).toBeGreaterThan(0);
                for (const detail of envelope.details) {
                  expect(detail.field.length).toBeGreaterThan(0);
                  expect(detail.message.startsWith(`${detail.field}: `)).toBe(true);
                }
              }
              expect(mock.exportState()).toEqual(before);
            }
          },
        ),
        { numRuns: RUNS, seed: SEED },
      );
    },
  );
});
