import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { AgentPlatform } from '../src/index.js';
import { ID, METHODS, OTHER, SPEC_URL, specOperations } from './support/operations.js';
import { json, recordingFetch } from './support/recording-fetch.js';

const operations = specOperations();

describe('every operation of the spec has a method', () => {
  it('has 75 operations, none missing from the SDK and none extra', () => {
    // The lists first: their difference names the operation, where a count would not.
    expect(
      Object.keys(METHODS).sort(),
      "METHODS (test/support/operations.ts) against the spec's operationIds",
    ).toEqual(operations.map((o) => o.operationId).sort());
    expect(operations).toHaveLength(75);
  });

  it('lists every public method of the client in the map', () => {
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test' });
    const methods = ['health', 'me'];
    for (const [group, resource] of Object.entries(client)) {
      if (group === 'raw' || typeof resource !== 'object' || resource === null) continue;
      // Up the prototype chain: `retrieve` is the groups' base class's (APIResource).
      const names = new Set<string>();
      for (let proto = Object.getPrototypeOf(resource); proto !== Object.prototype; ) {
        for (const name of Object.getOwnPropertyNames(proto)) names.add(name);
        proto = Object.getPrototypeOf(proto);
      }
      for (const name of names) if (name !== 'constructor') methods.push(`${group}.${name}`);
    }
    expect(
      methods.sort(),
      "the client's methods against METHODS (test/support/operations.ts)",
    ).toEqual(
      Object.values(METHODS)
        .map(([name]) => name)
        .sort(),
    );
  });

  it("are all in the README's Methods table, and nothing else is", () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const table = readme.split('| Group | Methods |')[1]?.split('\n\n')[0] ?? '';
    const listed: string[] = [];
    for (const [, group = '', cell = ''] of table.matchAll(/^\| `?(\w+)`? \| (.*) \|$/gm)) {
      // A method starts the cell or follows ", "; a name in a remark (after `startHuman`) is not one.
      for (const [, name] of cell.matchAll(/(?:^|, )`(\w+)/g))
        listed.push(group === 'client' ? `${name}` : `${group}.${name}`);
    }
    expect(listed.sort(), "packages/sdk/README.md's Methods table against METHODS").toEqual(
      Object.values(METHODS)
        .map(([name]) => name)
        .sort(),
    );
  });

  it.each(operations)('$operationId calls $method $path', async ({ operationId, method, path }) => {
    const { fetch, calls } = recordingFetch((call) =>
      call.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : json(200, { data: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } }),
    );
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const entry = METHODS[operationId];
    if (!entry)
      throw new Error(
        `no SDK method for ${operationId}: add one in src/resources/ and list it in METHODS (test/support/operations.ts)`,
      );
    await entry[1](client);
    expect(calls).toHaveLength(1);
    const expected = path.replace('{id}', ID).replace(/\{(messageId|toolName)\}/, OTHER);
    expect(`${calls[0]?.method} ${calls[0]?.url.pathname}`).toBe(`${method} ${expected}`);
  });
});

describe('the request bodies whose rules across fields the spec states with if/then', () => {
  it('are the ones RequestBody types by hand (BodyRules in operation-types.ts)', () => {
    const spec = parse(readFileSync(SPEC_URL, 'utf8'));
    const withIf: string[] = [];
    for (const item of Object.values<Record<string, Record<string, unknown>>>(spec.paths)) {
      for (const op of Object.values(item)) {
        const body = op?.requestBody as
          | { content?: Record<string, { schema?: { $ref?: string } }> }
          | undefined;
        const ref = body?.content?.['application/json']?.schema?.$ref;
        const schema = ref && spec.components.schemas[ref.split('/').pop() as string];
        if (schema && ('if' in schema || 'dependentRequired' in schema))
          withIf.push(op.operationId as string);
      }
    }
    // openapi-typescript leaves `if`/`then` out of the types: a new one needs its BodyRules entry.
    expect(withIf.sort()).toEqual(['chatsSendMessage', 'customFieldsCreate']);
  });
});
