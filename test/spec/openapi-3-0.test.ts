import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { listOperations, loadSpec, type SpecNode, specNodes } from './load-spec.js';

// spec/generated/openapi.3.0.json is the spec written down to OpenAPI 3.0.3 by `pnpm generate`
// (scripts/generate/spec-3-0.mjs), for the generators of other languages that read no 3.1
// (oapi-codegen, ogen, NSwag, AutoRest). `pnpm lint:spec` validates it as 3.0 with Redocly.
const spec = loadSpec();
const text = readFileSync(
  new URL('../../spec/generated/openapi.3.0.json', import.meta.url),
  'utf8',
);
const down: SpecNode = JSON.parse(text);

describe('spec/generated/openapi.3.0.json', () => {
  it('is OpenAPI 3.0.3 with none of 3.1 in it: no type lists, const, schema example lists or webhooks', () => {
    expect(down.openapi).toBe('3.0.3');
    expect(down.webhooks).toBeUndefined();
    const found: string[] = [];
    for (const { path, node } of specNodes(down)) {
      if (Array.isArray(node.type)) found.push(`${path}: type ${JSON.stringify(node.type)}`);
      if (node.type === 'null') found.push(`${path}: type null`);
      if ('const' in node) found.push(`${path}: const`);
      for (const key of ['if', 'then', 'else', 'propertyNames']) {
        if (key in node && path.includes('/schemas/')) found.push(`${path}: ${key}`);
      }
      if (node.nullable === true && node.type === undefined)
        found.push(`${path}: nullable, no type`);
      if (node.$ref && Object.keys(node).length > 1) found.push(`${path}: beside $ref`);
    }
    expect(found).toEqual([]);
    // Only ASCII: the patterns' invisible characters are escapes (U+2028 broke a YAML 1.1 reader).
    expect(text).toMatch(/^[\x20-\x7e\n]*$/);
  });

  it('has every operation, component schema and webhook event of the 3.1 file', () => {
    const ids = (s: SpecNode) => listOperations(s).map(({ op }) => op.operationId);
    expect(ids(down)).toEqual(ids(spec));
    expect(Object.keys(down.components.schemas)).toEqual(Object.keys(spec.components.schemas));
    expect(Object.keys(down['x-webhooks'])).toEqual(Object.keys(spec.webhooks));
  });

  it('says null in 3.0 words: nullable beside the type, and an enum that lists null', () => {
    const agent = down.components.schemas.Agent.properties;
    expect(agent.description).toEqual({ type: 'string', nullable: true });
    expect(agent.status).toEqual({ $ref: '#/components/schemas/AgentStatus' });
    // A nullable reference: an allOf of it with the component's type.
    const hours = down.components.schemas.ChannelSettings.properties.business_hours;
    expect(hours).toMatchObject({
      type: 'object',
      allOf: [{ $ref: '#/components/schemas/BusinessHours' }],
      nullable: true,
    });
    // A response that named its own reason keeps it (3.0 ignores a description beside a $ref): the
    // component answer, with its words.
    const reason = "The agent (`id`) or the body's contact (`contact_id`) does not exist.";
    const path = '/v1/agents/{id}/conversation';
    expect(spec.paths[path].post.responses['404'].description).toBe(reason);
    expect(down.paths[path].post.responses['404']).toEqual({
      ...spec.components.responses.NotFound,
      description: reason,
    });
  });
});
