import { describe, expect, it } from 'vitest';
import { schemas as mockSchemas } from '../../packages/mock-server/src/generated/schemas.js';
import { loadSpec, type SpecNode } from './load-spec.js';
import { exampleProblems, exampleSites, missingExamples, schemaSites } from './spec-examples.js';

const spec = loadSpec();

describe('spec/openapi.yaml: examples', () => {
  it('finds the examples of schemas, media types and parameters', () => {
    const found = exampleSites(spec).map((s) => s.example);
    expect(found).toContain('/components/schemas/Agent/examples/0');
    expect(found).toContain('/components/schemas/WebhookEventMessageSent/examples/0');
    expect(found).toContain('/components/responses/NotFound/content/application~1json/example');
  });

  it('finds an example under each keyword of JSON Schema 2020-12 that holds a subschema', () => {
    const doc: SpecNode = {
      components: {
        schemas: {
          S: {
            unevaluatedProperties: { type: 'string', examples: ['a'] },
            unevaluatedItems: { type: 'integer', examples: [1] },
            contentSchema: { type: 'object', examples: [{}] },
          },
        },
      },
    };
    expect(exampleSites(doc).map((s) => s.example)).toEqual([
      '/components/schemas/S/unevaluatedProperties/examples/0',
      '/components/schemas/S/unevaluatedItems/examples/0',
      '/components/schemas/S/contentSchema/examples/0',
    ]);
  });

  it('gives every example a value its own schema accepts', () => {
    expect(exampleProblems(spec)).toEqual([]);
  });

  it('fails on an example that breaks its schema, naming it and the rule', () => {
    const broken = structuredClone(spec);
    broken.components.schemas.Agent.examples[0].temperature = 3;
    delete broken.components.schemas.Conversation.examples[0].agent_id;
    broken.components.schemas.Contact.examples[0].email = 'not an address';
    broken.components.responses.NotFound.content['application/json'].example.error.status = '404';
    // A media type's example in a path (its pointer holds `{id}`), against the schema beside it.
    broken.paths['/v1/agents/{id}'].get.responses['200'].content['application/json'].example = {
      data: {},
    };
    const problems = exampleProblems(broken);
    expect(problems).toHaveLength(5);
    expect(problems[0]).toMatch(
      /^\/components\/schemas\/Agent\/examples\/0: .*temperature must be <= 2/,
    );
    expect(problems.join('\n')).toMatch(
      /Conversation\/examples\/0: .*must have required property 'agent_id'/,
    );
    expect(problems.join('\n')).toMatch(/Contact\/examples\/0: .*email must match format "email"/);
    expect(problems.join('\n')).toMatch(
      /NotFound\/content\/application~1json\/example: .*must be integer/,
    );
    expect(problems.join('\n')).toMatch(
      /^\/paths\/~1v1~1agents~1\{id\}\/get\/responses\/200\/content\/application~1json\/example: .*must have required property 'id'/m,
    );
  });

  it('gives every request body, success resource and error response an example', () => {
    expect(
      missingExamples(spec),
      'each schema named here needs `examples: [...]` (a list of values it accepts), as Agent has',
    ).toEqual([]);
  });

  it('names what lacks an example', () => {
    const bare = structuredClone(spec);
    delete bare.components.schemas.Agent.examples;
    delete bare.components.schemas.WebhookCreate.examples;
    delete bare.components.schemas.WebhookEventWebhookTest.examples;
    const missing = missingExamples(bare);
    expect(missing).toContain('GET /v1/agents 200: #/components/schemas/Agent');
    expect(missing).toContain('POST /v1/agents 201: #/components/schemas/Agent');
    expect(missing).toContain('POST /v1/webhooks request body: #/components/schemas/WebhookCreate');
    expect(missing).toContain(
      'webhook webhook.test request body: #/components/schemas/WebhookEventWebhookTest',
    );
  });

  it('names an inline schema that lacks an example by where it is', () => {
    const bare = structuredClone(spec);
    const { examples: _, ...agent } = bare.components.schemas.Agent;
    bare.components.schemas.AgentResponse.properties.data = agent;
    bare.components.schemas.AgentList.properties.data.items = agent;
    const missing = missingExamples(bare);
    expect(missing).toContain(
      'GET /v1/agents/{id} 200: #/components/schemas/AgentResponse/properties/data',
    );
    expect(missing).toContain(
      'GET /v1/agents 200: #/components/schemas/AgentList/properties/data/items',
    );
  });
});

/** Every object inside the examples of the component schemas, with where it is. */
function exampleObjects(doc: SpecNode): { where: string; value: Record<string, unknown> }[] {
  const out: { where: string; value: Record<string, unknown> }[] = [];
  const walk = (value: unknown, where: string) => {
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) walk(v, `${where}/${i}`);
    } else if (typeof value === 'object' && value !== null) {
      out.push({ where, value: value as Record<string, unknown> });
      for (const [k, v] of Object.entries(value)) walk(v, `${where}/${k}`);
    }
  };
  for (const site of exampleSites(doc)) {
    if (site.example.startsWith('/components/schemas/')) walk(site.value, site.example);
  }
  return out;
}

describe("the mock's generated schemas", () => {
  it("are the spec's without their examples and descriptions, which the mock never reads", () => {
    // The proxy entry carries them: the descriptions alone were 8 kB gzip of its 32 kB budget.
    const stripped = structuredClone(spec);
    for (const { node } of schemaSites(stripped)) {
      delete node.examples;
      delete node.description;
    }
    expect(mockSchemas).toEqual(stripped.components.schemas);
    expect(JSON.stringify(mockSchemas)).not.toContain('"examples"');
  });
});

describe('spec/openapi.yaml: the examples tell one story', () => {
  const objects = exampleObjects(spec);
  const idsOf = (...names: string[]) =>
    new Set(names.flatMap((n) => spec.components.schemas[n].examples.map((e: SpecNode) => e.id)));

  it('names, in every *_id, a record that has an example of its own', () => {
    const known: Record<string, Set<string>> = {
      agent_id: idsOf('Agent'),
      contact_id: idsOf('Contact'),
      channel_id: idsOf('Channel'),
      conversation_id: idsOf('Conversation'),
      webhook_id: idsOf('Webhook', 'WebhookWithSecret'),
      mcp_id: idsOf('McpServer'),
    };
    const unknown: string[] = [];
    for (const { where, value } of objects) {
      for (const [key, ids] of Object.entries(known)) {
        const id = value[key];
        if (typeof id === 'string' && !ids.has(id)) unknown.push(`${where}/${key}: ${id}`);
      }
    }
    expect(unknown).toEqual([]);
  });

  it('keeps the times of each record in order', () => {
    const order = (where: string, a: unknown, b: unknown, what: string) =>
      typeof a === 'string' && typeof b === 'string' && Date.parse(a) > Date.parse(b)
        ? [`${where}: ${what}`]
        : [];
    const wrong = objects.flatMap(({ where, value: v }) => [
      ...order(where, v.created_at, v.updated_at, 'created_at after updated_at'),
      ...order(where, v.created_at, v.human_started_at, 'human_started_at before created_at'),
      ...order(where, v.starts_at, v.ends_at, 'ends_at before starts_at'),
      ...order(where, (v.data as SpecNode)?.updated_at, v.timestamp, 'event before its data'),
    ]);
    expect(wrong).toEqual([]);
  });
});
