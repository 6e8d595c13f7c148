import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../../test/spec/load-spec.js';
import { createMockServer, DEMO_API_KEY, DEMO_IDS } from '../../src/index.js';

// The rules the spec's ErrorDetail lists, in backticks: a client switches on them. Read from the spec:
// the mock's generated schemas hold no descriptions.
const ruleDoc: string = loadSpec().components.schemas.ErrorDetail.properties.rule.description;
const documented = new Set([...ruleDoc.matchAll(/`([A-Za-z]+)`/g)].map((m) => m[1]));

const CHAT = '00000000-0000-4000-8000-00000000c0de';
const textBody = (body: unknown) => ({ type: 'application/json', text: JSON.stringify(body) });

/** One request of /v1 for each rule past the JSON Schema basics, and the field it names. */
const cases: [
  string,
  string,
  string,
  { type?: string; text: string; encoding?: string },
  string,
][] = [
  ['minItems', 'POST', '/v1/webhooks', textBody({ url: 'https://h.test/x', events: [] }), 'events'],
  [
    'maxItems',
    'POST',
    '/v1/webhooks',
    textBody({ url: 'https://h.test/x', events: Array(101).fill('contacts') }),
    'events',
  ],
  [
    'uniqueItems',
    'POST',
    '/v1/custom-fields',
    textBody({ name: 'tier', type: 'select', options: ['a', 'a'] }),
    'options',
  ],
  [
    'maxProperties',
    'POST',
    '/v1/mcp-servers',
    textBody({
      name: 'Docs',
      url: 'https://mcp.test',
      headers: Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`x-h${i}`, 'v'])),
    }),
    'headers',
  ],
  [
    'propertyNames',
    'POST',
    '/v1/mcp-servers',
    textBody({ name: 'Docs', url: 'https://mcp.test', headers: { 'bad header': 'v' } }),
    'headers.bad header',
  ],
  [
    'unique',
    'POST',
    '/v1/mcp-servers',
    textBody({ name: 'Docs', url: 'https://mcp.test', headers: { 'X-A': '1', 'x-a': '2' } }),
    'headers.x-a',
  ],
  [
    'credentials',
    'POST',
    '/v1/mcp-servers',
    textBody({ name: 'Docs', url: 'https://u:p@mcp.test' }),
    'url',
  ],
  ['anyOf', 'POST', '/v1/contacts', textBody({ notes: null }), 'body'],
  [
    'not',
    'POST',
    `/v1/chats/${CHAT}/messages`,
    textBody({ content: 'Hi', media_url: 'https://cdn.test/a.png' }),
    'media_url',
  ],
  [
    'after',
    'POST',
    '/v1/appointments',
    textBody({
      contact_id: DEMO_IDS.adaContact,
      title: 'Call',
      starts_at: '2026-12-01T10:00:00Z',
      ends_at: '2026-12-01T09:00:00Z',
    }),
    'ends_at',
  ],
  [
    'overlap',
    'PUT',
    `/v1/channels/${DEMO_IDS.widgetChannel}/settings`,
    textBody({
      business_hours: {
        timezone: 'UTC',
        schedule: [
          { day: 'mon', open: '09:00', close: '13:00' },
          { day: 'mon', open: '12:00', close: '18:00' },
        ],
      },
    }),
    'business_hours.schedule[1]',
  ],
  [
    'invalid',
    'PUT',
    `/v1/channels/${DEMO_IDS.widgetChannel}/settings`,
    textBody({
      business_hours: {
        timezone: 'UTC',
        schedule: [{ day: 'mon', open: '09:00', close: '09:00' }],
      },
    }),
    'business_hours.schedule[0].close',
  ],
  [
    'exists',
    'PUT',
    `/v1/contacts/${DEMO_IDS.adaContact}`,
    textBody({ custom_fields: { nope: 1 } }),
    'custom_fields.nope',
  ],
  ['contentType', 'POST', '/v1/agents', { type: 'text/plain', text: '{"name":"x"}' }, 'body'],
  [
    'contentEncoding',
    'POST',
    '/v1/agents',
    { type: 'application/json', text: '{"name":"x"}', encoding: 'gzip' },
    'body',
  ],
  ['json', 'POST', '/v1/agents', { type: 'application/json', text: '{"name":' }, 'body'],
];

describe("the rules of /v1's 400s are the spec's", () => {
  it.each(cases)(
    '%s: answered, and listed in ErrorDetail.rule',
    async (rule, method, path, body, field) => {
      const mock = createMockServer({ clock: 'manual', seed: 'demo' });
      const headers: Record<string, string> = { 'x-api-key': DEMO_API_KEY };
      if (body.type) headers['content-type'] = body.type;
      if (body.encoding) headers['content-encoding'] = body.encoding;
      const res = await mock.fetch(path, { method, headers, body: body.text });
      const { error } = (await res.json()) as { error: { details: unknown[] } };
      expect(res.status).toBe(400);
      expect(error.details).toContainEqual(expect.objectContaining({ field, rule }));
      expect(documented).toContain(rule);
    },
  );

  it('archived: answered, and listed in ErrorDetail.rule', async () => {
    const mock = createMockServer({ clock: 'manual', seed: 'demo' });
    const headers = { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' };
    await mock.fetch(`/v1/custom-fields/${DEMO_IDS.vipField}/archive`, { method: 'POST', headers });
    const res = await mock.fetch(`/v1/contacts/${DEMO_IDS.graceContact}`, {
      method: 'PUT',
      headers,
      body: JSON.stringify({ custom_fields: { vip: true } }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: unknown[] } }).error.details).toEqual([
      expect.objectContaining({ field: 'custom_fields.vip', rule: 'archived' }),
    ]);
    expect(documented).toContain('archived');
  });

  it('https: answered by a server that requires HTTPS, and listed in ErrorDetail.rule', async () => {
    const mock = createMockServer({ clock: 'manual', seed: 'demo', requireHttps: true });
    const res = await mock.fetch('/v1/webhooks', {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
      body: JSON.stringify({ url: 'http://hooks.example.com/x', events: ['contacts'] }),
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { details: unknown[] } }).error.details).toEqual([
      expect.objectContaining({ field: 'url', rule: 'https' }),
    ]);
    expect(documented).toContain('https');
  });

  it('encoding and read (of the body): listed in ErrorDetail.rule', async () => {
    const mock = createMockServer({ clock: 'manual', seed: 'demo' });
    const res = await mock.fetch('/v1/agents', {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
      body: new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]),
    });
    expect(((await res.json()) as { error: { details: unknown[] } }).error.details).toEqual([
      expect.objectContaining({ field: 'body', rule: 'encoding' }),
    ]);
    const failing = new ReadableStream({
      pull(controller) {
        controller.error(new Error('boom'));
      },
    });
    const read = await mock.fetch('/v1/agents', {
      method: 'POST',
      headers: { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' },
      body: failing,
      duplex: 'half',
    } as RequestInit);
    expect(((await read.json()) as { error: { details: unknown[] } }).error.details).toEqual([
      expect.objectContaining({ field: 'body', rule: 'read' }),
    ]);
    expect(documented).toContain('encoding');
    expect(documented).toContain('read');
  });

  it("http (the node server's refusal of a request that is not HTTP/1.1): listed in ErrorDetail.rule", () => {
    expect(documented).toContain('http');
  });
});
