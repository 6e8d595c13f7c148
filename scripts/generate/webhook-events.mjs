// Webhook event names and the TypeScript type of each event's `data`, for packages/webhook-verify,
// from the spec's `webhooks:` section (one entry per event name, `x-variants` says who sends it).
// The named exports are shared with webhook-data-schemas.mjs.
import openapiTS, { astToString } from 'openapi-typescript';

import { generatedHeader } from '../lib/generated-header.mjs';
import { documentRootTypes } from '../lib/openapi-types.mjs';

/** Only the event data schemas are generated here: the other root types are empty. */
const rootDocs = {
  paths: 'None: only the webhook event schemas are generated here.',
  webhooks: 'None: the events are typed by `components` and the event unions.',
  components: "The schemas of the webhook events' `data`, from the spec.",
  $defs: 'None.',
  operations: 'None: only the webhook event schemas are generated here.',
};

const schemaRef = '#/components/schemas/';

/** Every webhook of the spec: [{ name, variants, category, data }] in spec order, `data` being the JSON schema of `data`. */
export function readWebhookEvents(spec) {
  const events = [];
  for (const [name, item] of Object.entries(spec.webhooks ?? {})) {
    const op = item?.post;
    const where = `webhooks.${name}.post`;
    if (!op) throw new Error(`${where} is missing`);
    const variants = op['x-variants'];
    if (
      !Array.isArray(variants) ||
      variants.length === 0 ||
      variants.some((v) => v !== 'A' && v !== 'B')
    ) {
      throw new Error(`${where}.x-variants must be a non-empty list of A and/or B`);
    }
    const body = op.requestBody?.content?.['application/json']?.schema;
    if (!body) throw new Error(`${where}.requestBody has no application/json schema`);
    const data = findDataSchema(spec, body, new Set());
    if (!data) throw new Error(`${where}: the body schema has no \`data\` property`);
    events.push({ name, variants: [...variants].sort(), category: op['x-category'], data });
  }
  if (events.length === 0) throw new Error('the spec has no webhooks: section');
  return events;
}

/** Resolves a `#/components/schemas/X` reference. */
export function resolveRef(spec, ref) {
  if (!ref.startsWith(schemaRef)) throw new Error(`unsupported $ref ${ref}`);
  const schema = spec.components?.schemas?.[ref.slice(schemaRef.length)];
  if (!schema) throw new Error(`$ref ${ref} does not resolve`);
  return schema;
}

// The most specific `data`: allOf members are searched last first, so the event's own member wins over the envelope's generic one.
function findDataSchema(spec, schema, seen) {
  if (schema.$ref) {
    if (seen.has(schema.$ref)) return undefined;
    seen.add(schema.$ref);
    return findDataSchema(spec, resolveRef(spec, schema.$ref), seen);
  }
  if (Array.isArray(schema.allOf)) {
    for (const member of [...schema.allOf].reverse()) {
      const found = findDataSchema(spec, member, seen);
      if (found) return found;
    }
  }
  return schema.properties?.data;
}

/** Names of the component schemas that `roots` reach through $ref, in first-seen order. */
export function reachableSchemas(spec, roots) {
  const names = [];
  const visit = (node) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (node === null || typeof node !== 'object') return;
    if (typeof node.$ref === 'string') {
      const name = node.$ref.slice(schemaRef.length);
      if (!names.includes(name)) {
        names.push(name);
        visit(resolveRef(spec, node.$ref));
      }
    }
    for (const [key, value] of Object.entries(node)) {
      if (key !== '$ref' && !key.startsWith('x-') && key !== 'example' && key !== 'examples')
        visit(value);
    }
  };
  visit(roots);
  return names;
}

/** `conversation.created` -> `ConversationCreated`. */
export function pascalCase(eventName) {
  return eventName
    .split(/[._-]/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** The type expression for an event's data: the referenced component, or a synthetic one for an inline schema. */
function dataTypeName(event) {
  return event.data.$ref?.startsWith(schemaRef)
    ? event.data.$ref.slice(schemaRef.length)
    : `WebhookData${pascalCase(event.name)}`;
}

const list = (names) => `[\n${names.map((n) => `  '${n}',`).join('\n')}\n] as const`;

export default {
  output: 'packages/webhook-verify/src/generated/webhook-events.ts',
  async render(spec) {
    const events = readWebhookEvents(spec);
    // Only the schemas the events' data reach, so the package does not carry the whole API's types.
    const schemas = {};
    for (const name of reachableSchemas(
      spec,
      events.map((e) => e.data),
    )) {
      schemas[name] = spec.components.schemas[name];
    }
    for (const event of events) {
      const name = dataTypeName(event);
      if (!event.data.$ref) {
        if (schemas[name]) throw new Error(`schema name ${name} is taken`);
        schemas[name] = event.data;
      }
    }
    const doc = {
      openapi: '3.1.0',
      info: { title: spec.info?.title ?? 'webhooks', version: spec.info?.version ?? '0' },
      paths: {},
      components: { schemas },
    };
    const ast = await openapiTS(doc, { alphabetize: false, silent: true });
    const namesOf = (variant) =>
      events.filter((e) => e.variants.includes(variant)).map((e) => e.name);
    return [
      generatedHeader,
      documentRootTypes(astToString(ast), rootDocs),
      '/** Events that Variant A sends. */',
      `export const webhookEventNamesA = ${list(namesOf('A'))};`,
      '',
      '/** Events that Variant B sends. */',
      `export const webhookEventNamesB = ${list(namesOf('B'))};`,
      '',
      '/** An event name of Variant A. */',
      'export type WebhookEventNameA = (typeof webhookEventNamesA)[number];',
      '',
      '/** An event name of Variant B. */',
      'export type WebhookEventNameB = (typeof webhookEventNamesB)[number];',
      '',
      '/** The type of `data` for each event name (one shape per name, whichever variant sends it). */',
      'export interface WebhookEventDataMap {',
      ...events.map((e) => `  '${e.name}': components['schemas']['${dataTypeName(e)}'];`),
      '}',
      '',
    ].join('\n');
  },
};
