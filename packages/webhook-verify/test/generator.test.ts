import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Target {
  output: string;
  render(spec: unknown, ctx: { root: string; specPath: string }): string | Promise<string>;
}
// Imported by URL: the generators are plain .mjs scripts outside the package.
const load = async (name: string): Promise<Target> =>
  (await import(new URL(`../../../scripts/generate/${name}`, import.meta.url).href)).default;
const ctx = { root: fileURLToPath(new URL('../../..', import.meta.url)), specPath: 'inline' };

const webhook = (variants: string[], schema: string) => ({
  post: {
    'x-variants': variants,
    'x-category': 'test',
    requestBody: {
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${schema}` } } },
    },
  },
});
const fixture = {
  openapi: '3.1.0',
  info: { title: 'fixture', version: '1' },
  paths: {},
  webhooks: {
    'thing.created': webhook(['A', 'B'], 'EventThingCreated'),
    'thing.pinged': webhook(['B'], 'EventThingPinged'),
  },
  components: {
    schemas: {
      Envelope: {
        type: 'object',
        required: ['event', 'data'],
        properties: { event: { type: 'string' }, data: { type: 'object' } },
      },
      Thing: {
        type: 'object',
        description: 'dropped from validation',
        required: ['id'],
        properties: {
          id: { type: 'string', format: 'uuid' },
          part: { $ref: '#/components/schemas/Part' },
        },
      },
      Part: { type: 'object', properties: { n: { type: 'integer', default: 1 } } },
      Unused: { type: 'string' },
      EventThingCreated: {
        allOf: [
          { $ref: '#/components/schemas/Envelope' },
          { type: 'object', properties: { data: { $ref: '#/components/schemas/Thing' } } },
        ],
      },
      EventThingPinged: {
        allOf: [
          { $ref: '#/components/schemas/Envelope' },
          {
            type: 'object',
            properties: { data: { type: 'object', properties: { at: { type: 'string' } } } },
          },
        ],
      },
    },
  },
};

// Each case runs a generator (openapi-typescript and a TypeScript program): seconds on a loaded machine.
describe('scripts/generate/webhook-*.mjs on an inline spec', { timeout: 60_000 }, () => {
  it('webhook-events: names per variant, a data type per event, only reachable schemas', async () => {
    const target = await load('webhook-events.mjs');
    expect(target.output).toBe('packages/webhook-verify/src/generated/webhook-events.ts');
    const text = await target.render(fixture, ctx);
    expect(
      text.startsWith('/**\n * Generated from spec/openapi.yaml by `pnpm generate` - do not edit.'),
    ).toBe(true);
    expect(text).toContain("export const webhookEventNamesA = [\n  'thing.created',\n] as const;");
    expect(text).toContain(
      "export const webhookEventNamesB = [\n  'thing.created',\n  'thing.pinged',\n] as const;",
    );
    expect(text).toContain("  'thing.created': components['schemas']['Thing'];");
    expect(text).toContain("  'thing.pinged': components['schemas']['WebhookDataThingPinged'];");
    expect(text).toMatch(/Part: \{/);
    expect(text).not.toMatch(/Unused:/);
    expect(text).not.toMatch(/Envelope:/);
  });

  it('webhook-data-schemas: validation keywords only, refs into $defs', async () => {
    const target = await load('webhook-data-schemas.mjs');
    const text = await target.render(fixture, ctx);
    const json = JSON.parse(text.slice(text.indexOf('} = ') + 4, text.lastIndexOf(';')));
    expect(json.events['thing.created']).toEqual({ $ref: '#/$defs/Thing' });
    expect(Object.keys(json.$defs)).toEqual(['Thing', 'Part']);
    expect(json.$defs.Thing.description).toBeUndefined();
    expect(json.$defs.Part.properties.n).toEqual({ type: 'integer' });
  });

  it.each([
    ['no webhooks section', { ...fixture, webhooks: {} }, /no webhooks/],
    [
      'a bad x-variants',
      { ...fixture, webhooks: { x: { post: { ...webhook(['C'], 'Thing').post } } } },
      /x-variants/,
    ],
    ['a body without data', { ...fixture, webhooks: { x: webhook(['A'], 'Part') } }, /no `data`/],
    [
      'a dangling $ref',
      { ...fixture, webhooks: { x: webhook(['A'], 'Missing') } },
      /does not resolve/,
    ],
  ])('fails clearly on %s', async (_name, spec, message) => {
    const target = await load('webhook-events.mjs');
    await expect(async () => target.render(spec, ctx)).rejects.toThrow(message);
  });
});
