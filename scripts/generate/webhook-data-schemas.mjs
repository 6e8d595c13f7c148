// JSON Schemas (2020-12) of each webhook event's `data`, for the optional zod validation in
// packages/webhook-verify (`@agent-platform/webhook-verify/zod` turns them into zod schemas).
import { generatedHeader } from '../lib/generated-header.mjs';
import { reachableSchemas, readWebhookEvents } from './webhook-events.mjs';

// Keywords that validate; annotations (description, examples, default, readOnly, x-*) are dropped
// so that validation never rewrites the data it checks.
const keep = new Set([
  'type',
  'enum',
  'const',
  'format',
  'required',
  'additionalProperties',
  'properties',
  'patternProperties',
  'items',
  'prefixItems',
  'minItems',
  'maxItems',
  'uniqueItems',
  'minLength',
  'maxLength',
  'pattern',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minProperties',
  'maxProperties',
  'allOf',
  'anyOf',
  'oneOf',
  '$ref',
]);
const schemaMaps = new Set(['properties', 'patternProperties']);
const schemaLists = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
const schemaValues = new Set(['items', 'additionalProperties']);

/** A copy of `schema` with only validation keywords, and refs pointing into `$defs`. */
export function toValidationSchema(schema) {
  if (typeof schema !== 'object' || schema === null) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!keep.has(key)) continue;
    if (key === '$ref') out.$ref = value.replace('#/components/schemas/', '#/$defs/');
    else if (schemaMaps.has(key)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([k, v]) => [k, toValidationSchema(v)]),
      );
    } else if (schemaLists.has(key)) out[key] = value.map(toValidationSchema);
    else if (schemaValues.has(key)) out[key] = toValidationSchema(value);
    else out[key] = value;
  }
  return out;
}

export default {
  output: 'packages/webhook-verify/src/generated/webhook-data-schemas.ts',
  render(spec) {
    const events = readWebhookEvents(spec);
    const $defs = {};
    for (const name of reachableSchemas(
      spec,
      events.map((e) => e.data),
    )) {
      $defs[name] = toValidationSchema(spec.components.schemas[name]);
    }
    const data = Object.fromEntries(events.map((e) => [e.name, toValidationSchema(e.data)]));
    return [
      generatedHeader,
      "/** JSON Schema of each event's `data`; `$ref`s point into `$defs`. */",
      'export const webhookDataJsonSchemas: {',
      '  $defs: Record<string, object>;',
      '  events: Record<string, object>;',
      `} = ${JSON.stringify({ $defs, events: data }, null, 2)};`,
      '',
    ].join('\n');
  },
};
