import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  decidedOperations,
  seedEventsA,
  seedEventsB,
  seedScopesA,
  seedScopesB,
} from './decided-operations.js';
import { deref, listOperations, loadSpec, type SpecNode } from './load-spec.js';

const spec = loadSpec();
const ops = listOperations(spec);
const key = (o: { method: string; path: string }) => `${o.method} ${o.path}`;
const authenticated = ops.filter(
  (o) => !(Array.isArray(o.op.security) && o.op.security.length === 0),
);

/** The schema a response's JSON content points at, with its references followed. */
function errorSchemaOf(response: SpecNode): SpecNode {
  return deref(spec, deref(spec, response).content?.['application/json']?.schema);
}

describe('the counts the README gives', () => {
  it("are the spec's: operations and webhook events", () => {
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const found = /\((\d+) operations, (\d+) webhook events\)/.exec(readme);
    const where = 'README.md\'s "(N operations, M webhook events)": write the spec\'s counts there';
    expect(found, where).not.toBeNull();
    expect(Number(found?.[1]), where).toBe(ops.length);
    expect(Number(found?.[2]), where).toBe(Object.keys(spec.webhooks ?? {}).length);
  });
});

describe('spec/openapi.yaml: operations', () => {
  it('is OpenAPI 3.1 at version 1.0.0', () => {
    expect(spec.openapi).toMatch(/^3\.1\./);
    expect(spec.info.version).toBe('1.0.0');
  });

  it('holds exactly the 75 operations of api-decisions section 4', () => {
    // The lists first: their difference names the operation, where a count would not.
    expect(ops.map(key).sort(), 'the spec against decided-operations.ts').toEqual(
      decidedOperations.map(key).sort(),
    );
    expect(decidedOperations).toHaveLength(75);
  });

  it('gives each operation the scopes of the decisions table, per variant', () => {
    for (const decided of decidedOperations) {
      const found = ops.find((o) => key(o) === key(decided));
      const scopes = found?.op['x-scopes'] ?? null;
      expect({ op: key(decided), A: scopes?.A ?? null, B: scopes?.B ?? null }).toEqual({
        op: key(decided),
        A: decided.scopesA,
        B: decided.scopesB,
      });
    }
  });

  it('names only scopes of the variant vocabulary (seed 5.1 / 5.2) in x-scopes', () => {
    for (const { op } of authenticated) {
      for (const scope of op['x-scopes'].A) expect(seedScopesA).toContain(scope);
      for (const scope of op['x-scopes'].B) expect(seedScopesB).toContain(scope);
    }
    expect(Object.keys(spec['x-scope-vocabulary'].A).sort()).toEqual([...seedScopesA].sort());
    expect(Object.keys(spec['x-scope-vocabulary'].B).sort()).toEqual([...seedScopesB].sort());
  });

  it('has unique camelCase operationIds prefixed by the resource', () => {
    const ids = ops.map((o) => o.op.operationId as string);
    expect(new Set(ids).size).toBe(ids.length);
    const prefixes: Record<string, string> = {
      System: '(health|me)',
      Agents: 'agents',
      Trainings: 'trainings',
      Channels: 'channels',
      Contacts: 'contacts',
      'Custom Fields': 'customFields',
      Conversations: 'conversations',
      Chats: 'chats',
      Messages: 'messages',
      MCP: 'mcpServers',
      Webhooks: 'webhooks',
      Appointments: 'appointments',
    };
    for (const { op } of ops) {
      expect(op.tags).toHaveLength(1);
      const prefix = prefixes[op.tags[0]];
      expect(prefix, `tag ${op.tags[0]}`).toBeDefined();
      expect(op.operationId).toMatch(new RegExp(`^${prefix}[A-Z][A-Za-z]*$`));
    }
    expect(ids).toContain('agentsList');
    expect(ids).toContain('chatsStartHuman');
  });

  it('secures every operation with the x-api-key header except GET /v1/health', () => {
    expect(spec.components.securitySchemes.ApiKey).toMatchObject({
      type: 'apiKey',
      in: 'header',
      name: 'x-api-key',
    });
    expect(spec.security).toEqual([{ ApiKey: [] }]);
    const open = ops.filter((o) => !authenticated.includes(o)).map(key);
    expect(open).toEqual(['GET /v1/health']);
    const health = ops.find((o) => key(o) === 'GET /v1/health')?.op;
    expect(health['x-scopes']).toBeUndefined();
    expect(Object.keys(health.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });
});

describe('spec/openapi.yaml: responses', () => {
  it('declares 400, 401, 429 and 500 with the error schema on every authenticated operation', () => {
    for (const { op, ...where } of authenticated) {
      for (const status of ['400', '401', '429', '500']) {
        const response = op.responses[status];
        expect(response, `${key(where)} ${status}`).toBeDefined();
        expect(errorSchemaOf(response)).toBe(spec.components.schemas.Error);
      }
    }
  });

  it('declares 403 where a scope is needed, 404 on paths with ids or body references, 413 where a body is read', () => {
    // These create resources that refer to others by id in the body (agent_id, contact_id).
    const bodyReferences = ['channelsCreate', 'appointmentsCreate'];
    for (const { op, method, path } of authenticated) {
      const statuses = Object.keys(op.responses);
      expect(statuses.includes('403'), `${method} ${path} 403`).toBe(op['x-scopes'].A.length > 0);
      expect(statuses.includes('404'), `${method} ${path} 404`).toBe(
        path.includes('{') || bodyReferences.includes(op.operationId),
      );
      // Every method but GET reads its body, declared or not (a DELETE's must be empty or {}).
      expect(statuses.includes('413'), `${method} ${path} 413`).toBe(method !== 'GET');
    }
  });

  it('declares 409 where the decisions name a state conflict', () => {
    const conflicts = authenticated.filter((o) => o.op.responses['409']).map(key);
    expect(conflicts).toEqual(
      expect.arrayContaining([
        'POST /v1/agents/{id}/conversation',
        'POST /v1/chats/{id}/start-human',
        'POST /v1/chats/{id}/messages',
        'POST /v1/chats/{id}/stop-human',
        'POST /v1/conversations/{id}/close',
        'POST /v1/conversations/{id}/reopen',
        'GET /v1/channels/{id}/qr-code',
        'GET /v1/channels/{id}/widget',
      ]),
    );
  });

  it('declares Retry-After on 429 and the rate-limit and request-id headers', () => {
    for (const { op, ...where } of authenticated) {
      const limited = deref(spec, op.responses['429']);
      expect(Object.keys(limited.headers), key(where)).toEqual(
        expect.arrayContaining(['Retry-After', 'X-Request-Id', 'X-RateLimit-Limit']),
      );
      const success = Object.entries<SpecNode>(op.responses).find(([s]) => s.startsWith('2'));
      expect(success, key(where)).toBeDefined();
      expect(Object.keys(deref(spec, success?.[1]).headers)).toEqual([
        'X-Request-Id',
        'X-RateLimit-Limit',
        'X-RateLimit-Remaining',
        'X-RateLimit-Reset',
      ]);
      expect(Object.keys(deref(spec, op.responses['401']).headers)).toEqual(['X-Request-Id']);
    }
  });

  it('says of every response header whether it is required: the rate-limit ones only where a key was checked', () => {
    const rateLimit = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'];
    for (const { op, ...where } of ops) {
      for (const [status, response] of Object.entries<SpecNode>(op.responses)) {
        for (const [name, header] of Object.entries<SpecNode>(
          deref(spec, response).headers ?? {},
        )) {
          const at = `${key(where)} ${status} ${name}`;
          expect(typeof deref(spec, header).required, at).toBe('boolean');
          // A 500 or a 503 may come before authentication (GET /v1/health, maintenance); a 503 of
          // an injected fault may have no Retry-After.
          const optional =
            ['500', '503'].includes(status) && [...rateLimit, 'Retry-After'].includes(name);
          expect(deref(spec, header).required, at).toBe(!optional);
        }
      }
    }
    for (const name of ['InternalError', 'ServiceUnavailable']) {
      const headers = Object.keys(spec.components.responses[name].headers);
      expect(headers, name).toEqual(expect.arrayContaining(rateLimit));
    }
  });

  it('answers 201 for creating POSTs, 204 for DELETEs and 200 for the rest', () => {
    for (const { op, method, path } of ops) {
      const success = Object.keys(op.responses).filter((s) => s.startsWith('2'));
      expect(success, `${method} ${path}`).toHaveLength(1);
      const creates =
        /^(agents|trainings|channels|contacts|customFields|mcpServers|webhooks|appointments)Create$/;
      const expected =
        method === 'DELETE'
          ? '204'
          : creates.test(op.operationId) || op.operationId === 'chatsSendMessage'
            ? '201'
            : '200';
      expect(
        success[0],
        `${method} ${path} (${op.operationId}): 201 is for the operations this test lists as creating`,
      ).toBe(expected);
    }
  });

  it('wraps single resources in data and lists in data + pagination', () => {
    for (const { op, method, path } of authenticated) {
      const [status, response] = Object.entries<SpecNode>(op.responses).find(([s]) =>
        s.startsWith('2'),
      ) ?? ['', null];
      if (status === '204') continue;
      const schema = deref(spec, response.content['application/json'].schema);
      expect(schema.required, `${method} ${path}`).toContain('data');
      const isList = (op.parameters ?? []).some((p: SpecNode) => deref(spec, p).name === 'page');
      if (isList) {
        expect(schema.required).toEqual(['data', 'pagination']);
        expect(schema.properties.data.type).toBe('array');
      }
    }
  });

  it('lists every field of a 2xx answer as required: one without a value is null, never absent', () => {
    expect(spec.info.description).toContain('never left out');
    const absent: string[] = [];
    const seen = new Set<SpecNode>();
    const visit = (node: SpecNode, where: string): void => {
      const schema = deref(spec, node);
      if (schema === null || typeof schema !== 'object' || seen.has(schema)) return;
      seen.add(schema);
      const required: string[] = schema.required ?? [];
      for (const [name, property] of Object.entries<SpecNode>(schema.properties ?? {})) {
        if (!required.includes(name)) absent.push(`${where}.${name}`);
        visit(property, `${where}.${name}`);
      }
      for (const branch of [
        ...(schema.allOf ?? []),
        ...(schema.anyOf ?? []),
        ...(schema.oneOf ?? []),
      ])
        visit(branch, where);
      if (schema.items) visit(schema.items, `${where}[]`);
      if (typeof schema.additionalProperties === 'object') {
        visit(schema.additionalProperties, `${where}.*`);
      }
    };
    for (const { op, method, path } of ops) {
      for (const [status, response] of Object.entries<SpecNode>(op.responses)) {
        if (!status.startsWith('2')) continue;
        visit(deref(spec, response).content?.['application/json']?.schema, `${method} ${path}`);
      }
    }
    expect(absent, 'optional fields of an answer (info.description: never left out)').toEqual([]);
  });

  it('pages every list with page (>= 1), limit (1..100, default 20) and order', () => {
    const { Page, Limit, Order } = spec.components.parameters;
    expect(Page.schema).toEqual({ type: 'integer', minimum: 1, default: 1 });
    expect(Limit.schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
    expect(deref(spec, Order.schema)).toMatchObject({
      type: 'string',
      enum: ['asc', 'desc'],
      default: 'desc',
    });
    // A list is an operation whose answer holds `pagination`, whatever its name.
    const answersPages = (op: SpecNode) => {
      const [, response] =
        Object.entries<SpecNode>(op.responses).find(([status]) => status.startsWith('2')) ?? [];
      const schema = deref(spec, deref(spec, response)?.content?.['application/json']?.schema);
      return schema?.properties?.pagination !== undefined;
    };
    const lists = authenticated.filter((o) => answersPages(o.op));
    // And the name says so: `...List` or `...ListSomething`.
    for (const { op } of lists) expect(op.operationId).toMatch(/List[A-Za-z]*$/);
    expect(lists.map((o) => o.op.operationId).sort()).toEqual(
      [
        'agentsList',
        'appointmentsList',
        'channelsList',
        'chatsList',
        'contactsList',
        'conversationsList',
        'conversationsListMessages',
        'customFieldsList',
        'mcpServersList',
        'mcpServersListForAgent',
        'mcpServersListTools',
        'trainingsList',
        'webhooksList',
        'webhooksListDeliveries',
      ].sort(),
    );
    for (const { op } of lists) {
      const refs = (op.parameters ?? []).map((p: SpecNode) => p.$ref);
      expect(refs, op.operationId).toEqual(
        expect.arrayContaining(['#/components/parameters/Page', '#/components/parameters/Limit']),
      );
    }
  });

  it('rejects unknown fields in every request body', () => {
    for (const { op, method, path } of ops) {
      if (!op.requestBody) continue;
      const schema = deref(spec, op.requestBody.content['application/json'].schema);
      const branches = schema.oneOf ? schema.oneOf.map((b: SpecNode) => deref(spec, b)) : [schema];
      for (const branch of branches) {
        // The fields may sit in an allOf branch beside a rule across them (ContactCreate).
        const fields = branch.properties
          ? branch
          : branch.allOf?.map((b: SpecNode) => deref(spec, b)).find((b: SpecNode) => b.properties);
        expect(fields?.additionalProperties, `${method} ${path}`).toBe(false);
      }
    }
  });
});

/** Every schema node a request can be checked against (bodies and parameters), references followed. */
function requestSchemaNodes(): SpecNode[] {
  const seen = new Set<SpecNode>();
  const visit = (node: SpecNode): void => {
    const schema = deref(spec, node);
    if (schema === null || typeof schema !== 'object' || seen.has(schema)) return;
    seen.add(schema);
    for (const value of Object.values<SpecNode>(schema)) {
      if (Array.isArray(value)) value.forEach(visit);
      else if (value !== null && typeof value === 'object') visit(value);
    }
  };
  for (const { op } of ops) {
    visit(op.requestBody?.content?.['application/json']?.schema);
    for (const parameter of op.parameters ?? []) visit(deref(spec, parameter).schema);
  }
  return [...seen];
}

describe('spec/openapi.yaml: requests', () => {
  const nodes = requestSchemaNodes();

  it('says in words what each pattern of a request asks (x-pattern-message), not as a regex', () => {
    const patterns = nodes.filter((n) => typeof n.pattern === 'string');
    expect(patterns.length).toBeGreaterThan(0);
    for (const node of patterns) {
      // The schema of a `not` says what its pattern forbids in the `not`'s words (`x-message`).
      expect(node['x-pattern-message'] ?? node['x-message'], node.pattern).toMatch(/^must /);
    }
  });

  it('refuses a blank name or title wherever an empty one is refused (rule blank)', () => {
    const names = nodes.flatMap((n) =>
      ['name', 'title'].map((k) => n.properties?.[k]).filter((p) => p?.minLength === 1),
    );
    expect(names.length).toBeGreaterThanOrEqual(12);
    for (const name of names) {
      expect(name).toMatchObject({
        // One visible character: not white space, a control character, one of Unicode's
        // default-ignorable characters (DerivedCoreProperties.txt, BMP) nor the braille blank.
        // Anchored, with the characters beyond Latin-1 written as themselves (generator-portability).
        pattern:
          '^[\\s\\S]*[^\\x00-\\x20\\x7F-\\xA0\\xAD\u034F\u061C\u115F\u1160\u1680\u17B4\u17B5\u180B-\u180F\u2000-\u200F\u2028-\u202F\u205F-\u206F\u2800\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFF8][\\s\\S]*$',
        'x-pattern-rule': 'blank',
        'x-pattern-message': 'must not be blank',
      });
    }
  });
});

describe('spec/openapi.yaml: webhooks', () => {
  const webhooks = Object.entries<SpecNode>(spec.webhooks);

  it('has one entry per event of either variant, marked with its variants', () => {
    const all = [...new Set([...seedEventsA, ...seedEventsB])].sort();
    expect(webhooks.map(([name]) => name).sort()).toEqual(all);
    for (const [name, item] of webhooks) {
      const expected = ['A', 'B'].filter((v) =>
        (v === 'A' ? seedEventsA : seedEventsB).includes(name),
      );
      expect(item.post['x-variants'], name).toEqual(expected);
    }
  });

  it('gives each event a body schema on the envelope with its name as a constant', () => {
    for (const [name, item] of webhooks) {
      const body = deref(spec, item.post.requestBody.content['application/json'].schema);
      expect(body.allOf[0].$ref).toBe('#/components/schemas/WebhookEnvelope');
      expect(body.allOf[1].properties.event.const).toBe(name);
      expect(body.allOf[1].properties.data).toBeDefined();
    }
    expect(spec.components.schemas.WebhookEnvelope.required).toEqual([
      'event',
      'timestamp',
      'webhook_id',
      'data',
    ]);
  });

  it("names a delivery's event as one of the webhooks section (webhook.test included), not any string", () => {
    const event = spec.components.schemas.WebhookDelivery.properties.event;
    expect(event.type).toBe('string');
    expect(event.enum).toEqual(webhooks.map(([name]) => name));
  });

  it('declares the signature headers of both variants', () => {
    for (const [name, item] of webhooks) {
      const headers = item.post.parameters.map((p: SpecNode) => deref(spec, p).name);
      expect(headers, name).toEqual([
        'X-Webhook-Signature',
        'X-Webhook-Timestamp',
        'X-Webhook-ID',
        'X-Service-Signature',
      ]);
    }
  });

  it('accepts every event name and category in a subscription', () => {
    const subscription = spec.components.schemas.WebhookSubscription.enum;
    for (const [name] of webhooks)
      if (name !== 'webhook.test') expect(subscription).toContain(name);
    for (const category of [
      '*',
      'conversations',
      'messages',
      'contacts',
      'agent',
      'appointments',
      'channels',
      'billing',
    ]) {
      expect(subscription).toContain(category);
    }
  });
});
