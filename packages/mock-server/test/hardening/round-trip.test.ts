// Round trip of every writable property, derived from the spec: for each create (POST answering 201
// with a resource) and update (PUT answering 200 with a resource) and each property of its request
// body that the resource also has, a valid non-default value sent is in the answer and in a later GET.
// Request bodies reach handlers untyped, so a handler that drops a new field is caught only here.
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { deref, loadSpec, type SpecNode } from '../../../../test/spec/load-spec.js';
import type { OperationId, OperationInfo, SchemaNode } from '../../src/generated/operations.js';
import { DEMO_API_KEY, operations } from '../../src/index.js';
import { apiClient, type Call } from '../support/api.js';
import { concretePath, createFixtures, type Fixtures } from '../support/fixtures.js';
import { useMock } from '../support/harness.js';
import {
  bodyFor,
  propertiesOf,
  refName,
  resolve,
  type ValueSource,
  variantsOf,
} from '../support/schema-values.js';
import { type Transport, transports } from '../support/transports.js';

/**
 * Cases the mock fails today, by case name, each with its reason and a reproduction: they run as
 * expected failures (`it.fails`), so that fixing the mock turns them red and they leave this list.
 * Empty: every case passes.
 */
const KNOWN_DEFECTS: Record<string, string> = {};

/** State the spec sets in prose (409 otherwise), reached before the operation runs. */
const BEFORE: Partial<Record<OperationId, (call: Call, f: Fixtures) => Promise<void>>> = {
  // Only a chat a human has taken over takes a human's message.
  chatsSendMessage: async (call, f) => {
    const res = await call('POST', `/v1/chats/${f.conversation}/start-human`, { body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  },
};

const spec: SpecNode = loadSpec();

/** The `data` schema of an operation's success answer. */
function answerData(op: OperationInfo): SchemaNode | undefined {
  const response = deref(
    spec,
    spec.paths[op.path][op.method.toLowerCase()].responses[op.successStatus],
  );
  const schema = response?.content?.['application/json']?.schema as SchemaNode | undefined;
  return schema && propertiesOf(schema).data;
}

/** The properties of the resource an operation answers with; undefined for a list or no resource. */
function resourceOf(op: OperationInfo): Record<string, SchemaNode> | undefined {
  const data = answerData(op);
  if (!data || resolve(data).type === 'array') return undefined;
  return propertiesOf(data);
}

const kindOf = (op: OperationInfo) =>
  op.method === 'POST' && op.successStatus === 201 && resourceOf(op)
    ? 'create'
    : op.method === 'PUT' && op.successStatus === 200 && resourceOf(op)
      ? 'update'
      : undefined;

const writes = operations.filter((op) => kindOf(op) && op.body);
const creates = writes.filter((op) => kindOf(op) === 'create');
const template = (path: string) => path.replace(/\{[^}]+\}/g, '{}');
const getAt = (path: string) =>
  operations.find((o) => o.method === 'GET' && template(o.path) === template(path));

/**
 * Where the written resource is read back, found by path: the same path (an update), the create's
 * path and the id, `/v1/<collection>/{id}` for a nested collection, else the list it belongs to.
 */
type ReadBack = { get: OperationInfo; by: 'self' | 'child' | 'top' | 'list' };
function readBackOf(op: OperationInfo): ReadBack | undefined {
  const segments = op.path.split('/');
  const create = kindOf(op) === 'create';
  const self = create ? undefined : getAt(op.path);
  if (self) return { get: self, by: 'self' };
  const child = create ? getAt(`${op.path}/{id}`) : undefined;
  if (child) return { get: child, by: 'child' };
  const top = getAt(`/v1/${create ? segments.at(-1) : segments.at(-2)}/{id}`);
  if (top) return { get: top, by: 'top' };
  const list = getAt(create ? op.path : segments.slice(0, -1).join('/'));
  const items = list && answerData(list);
  return items && resolve(items).type === 'array' ? { get: list, by: 'list' } : undefined;
}

/** The create that makes the resource an update changes: at the parent path, or same answer schema. */
function createFor(op: OperationInfo): OperationInfo | undefined {
  const parent = op.path.replace(/\/\{[^}]+\}$/, '');
  const answer = refName(answerData(op) ?? {});
  return (
    creates.find((c) => parent !== op.path && c.path === parent) ??
    creates.find((c) => refName(answerData(c) ?? {}) === answer)
  );
}

type Variant = ReturnType<typeof variantsOf>[number];

/** Whether the read-back resource of an operation has the property. */
function readBackHas(op: OperationInfo, property: string): boolean {
  const how = readBackOf(op);
  const data = how && answerData(how.get);
  if (!data) return false;
  const resource = resolve(data).type === 'array' ? (resolve(data).items as SchemaNode) : data;
  return property in propertiesOf(resource);
}

interface Case {
  name: string;
  op: OperationInfo;
  variant: SchemaNode;
  property: string;
}

const cases: Case[] = writes.flatMap((op) => {
  const returned = resourceOf(op) ?? {};
  const variants = variantsOf(op.body?.schema ?? {});
  return variants.flatMap(({ name, schema }) =>
    Object.keys(propertiesOf(schema))
      .filter((property) => property in returned)
      .map((property) => ({
        name: `${op.operationId}${variants.length > 1 ? ` (${name})` : ''} ${property}`,
        op,
        variant: schema,
        property,
      })),
  );
});

const pairs = new Set(cases.map((c) => `${c.op.operationId} ${c.property}`)).size;
const tally = { checked: 0, readBack: 0, notInReadBack: [] as string[] };
afterAll(() => {
  // The size of the check, printed so that CI logs show what it covered.
  console.log(
    `round trip: ${tally.checked} of ${cases.length} cases, ${pairs} (operation, property) pairs of ${writes.length} operations; ${tally.readBack} also read back by GET; not in the read-back resource: ${tally.notInReadBack.join(', ') || 'none'}; known defects: ${Object.keys(KNOWN_DEFECTS).length}`,
  );
});

describe('round trip of every writable property', () => {
  const h = useMock(transports.find((t) => t.name === 'fetch handler') as Transport, {
    seed: 'demo',
    ids: { seed: 20261120 },
    rateLimit: { limit: 1_000_000, windowMs: 60_000 },
    deliveryFetch: async () => new Response(null, { status: 204 }),
  });

  it('finds every create and update of the spec, each with a property to check', () => {
    expect(creates.length).toBeGreaterThan(0);
    const unchecked = writes.filter((op) => !cases.some((c) => c.op === op));
    expect(unchecked.map((op) => op.operationId)).toEqual([]);
    expect(writes.filter((op) => !readBackOf(op)).map((op) => op.operationId)).toEqual([]);
    const names = new Set(cases.map((c) => c.name));
    expect(Object.keys(KNOWN_DEFECTS).filter((name) => !names.has(name))).toEqual([]);
  });

  /** A connection's client with the demo key, the fixtures and ids of existing resources. */
  async function world() {
    const call = apiClient(h.connection, DEMO_API_KEY);
    const f = await createFixtures(call);
    const pools = new Map<string, string[]>();
    // Every top-level list (`/v1/agents`, ...): `agent_id` refers to one of `agents`.
    for (const list of operations.filter(
      (o) =>
        o.method === 'GET' &&
        /^\/v1\/[\w-]+$/.test(o.path) &&
        o.parameters.some((p) => p.name === 'limit'),
    )) {
      const res = await call('GET', `${list.path}?limit=100`);
      pools.set(
        list.path.slice(4),
        (res.body.data as { id: string }[]).map((r) => r.id),
      );
    }
    const source: ValueSource = {
      ids(property) {
        const collection = `${property.replace(/_id$/, '').replaceAll('_', '-')}s`;
        const ids = pools.get(collection) ?? [];
        if (ids.length < 2)
          throw new Error(`${property}: fewer than two ${collection} to refer to`);
        return ids;
      },
    };
    return { call, f, source };
  }

  /** The resource as a GET reads it back after `op` answered `data` at `path`. */
  async function readBack(call: Call, op: OperationInfo, path: string, data: SpecNode) {
    const how = readBackOf(op) as ReadBack;
    const key = (data.id as string | undefined) ?? decodeURIComponent(path.split('/').at(-1) ?? '');
    const at = {
      self: path,
      child: `${path}/${key}`,
      top: how.get.path.replace(/\{[^}]+\}/, key),
      list: `${kindOf(op) === 'create' ? path : path.replace(/\/[^/]+$/, '')}?limit=100`,
    }[how.by];
    const res = await call('GET', at);
    expect(res.status, `GET ${at}: ${JSON.stringify(res.body)}`).toBe(200);
    if (how.by !== 'list') return res.body.data;
    return (res.body.data as SpecNode[]).find((item) => item.id === key || item.name === key);
  }

  /** The first candidate that differs from what the resource holds without it. */
  function differentFrom(values: unknown[], current: unknown, c: Case): unknown {
    const value = values.find((v) => !isDeepStrictEqual(v, current));
    if (value !== undefined) return value;
    // A property of one allowed value (`const`, or a one-value `enum` such as a union's tag).
    const schema = resolve(propertiesOf(c.variant)[c.property] ?? {});
    if (values.length === 1 && ('const' in schema || (schema.enum as unknown[])?.length === 1)) {
      return values[0];
    }
    throw new Error(
      `${c.name}: no generated value differs from ${JSON.stringify(current)}; add one to SAMPLES in test/support/schema-values.ts`,
    );
  }

  /** The concrete path of the resource an update changes: a fresh one made by its create if any. */
  async function target(call: Call, f: Fixtures, source: ValueSource, c: Case): Promise<string> {
    const create = createFor(c.op);
    if (!create) return concretePath(c.op.path, f);
    await BEFORE[create.operationId]?.(call, f);
    const variants = variantsOf(create.body?.schema ?? {});
    const variant =
      variants.find((v) => c.property in propertiesOf(v.schema)) ?? (variants[0] as Variant);
    const test =
      c.property in propertiesOf(variant.schema)
        ? { property: c.property, choose: (values: unknown[]) => values[0] }
        : undefined;
    const at = concretePath(create.path, f);
    const res = await call('POST', at, { body: bodyFor(variant.schema, source, test) });
    expect(res.status, `POST ${at}: ${JSON.stringify(res.body)}`).toBe(201);
    if (!/\{[^}]+\}$/.test(c.op.path)) throw new Error(`${c.op.path}: no id to put the new one at`);
    return concretePath(c.op.path.replace(/\{[^}]+\}$/, res.body.data.id), f);
  }

  for (const c of cases) {
    const test = c.name in KNOWN_DEFECTS ? it.fails : it;
    test(c.name, async () => {
      const { call, f, source } = await world();
      const { op, property } = c;
      let path = concretePath(op.path, f);
      const send = async (body: unknown) => {
        const res = await call(op.method, path, { body });
        const sent = `${op.method} ${path} ${JSON.stringify(body)}`;
        expect(res.status, `${sent}: ${JSON.stringify(res.body)}`).toBe(op.successStatus);
        return res.body.data;
      };

      await BEFORE[op.operationId]?.(call, f);
      let current: unknown;
      if (kindOf(op) === 'create') {
        // What the resource holds when the property is left out: the value sent must differ.
        current = (await send(bodyFor(c.variant, source)))[property];
      } else {
        path = await target(call, f, source, c);
        current = (await readBack(call, op, path, {}))?.[property];
      }
      const body = bodyFor(c.variant, source, {
        property,
        choose: (values) => differentFrom(values, current, c),
      });
      const value = body[property];
      const data = await send(body);
      expect(data[property], 'the answer').toEqual(value);
      tally.checked++;
      if (!readBackHas(op, property)) {
        tally.notInReadBack.push(c.name);
        return;
      }
      expect((await readBack(call, op, path, data))?.[property], 'read back by GET').toEqual(value);
      tally.readBack++;
    });
  }
});
