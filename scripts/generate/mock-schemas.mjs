// The spec's component schemas as data, for the mock server's request validation.
import { generatedHeader } from '../lib/generated-header.mjs';
import { schemaLists, schemaMaps, schemaValues } from '../lib/schema-keywords.mjs';

/**
 * A copy of `schema` without its `examples`: they document the API (the reference, mock tools that
 * read the spec) and are checked against their schemas in test/spec, but the mock never reads them,
 * and they were a third of this file. Only the keyword goes: a property named `examples` stays.
 */
export function withoutExamples(schema) {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'examples') continue;
    if (schemaMaps.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutExamples(v)]));
    } else if (schemaLists.has(key) && Array.isArray(value)) out[key] = value.map(withoutExamples);
    else if (schemaValues.has(key)) out[key] = withoutExamples(value);
    else out[key] = value;
  }
  return out;
}

export default {
  output: 'packages/mock-server/src/generated/schemas.ts',
  render(spec) {
    const schemas = Object.fromEntries(
      Object.entries(spec.components.schemas).map(([name, s]) => [name, withoutExamples(s)]),
    );
    return `${generatedHeader}
import type { SchemaNode } from './operations.js';

/** Every schema of \`components.schemas\`, by name (without their \`examples\`). */
export const schemas: { readonly [name: string]: SchemaNode } = ${JSON.stringify(schemas, null, 2)};
`;
  },
};
