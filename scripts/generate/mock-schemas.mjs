// The spec's component schemas as data, for the mock server's request validation.
import { asciiJson } from '../lib/ascii-json.mjs';
import { generatedHeader } from '../lib/generated-header.mjs';
import { schemaLists, schemaMaps, schemaValues } from '../lib/schema-keywords.mjs';

/**
 * A copy of `schema` without its `examples` and `description`s: they document the API (the reference,
 * generated clients, mock tools that read the spec; test/spec checks the examples against their
 * schemas), but the mock never reads them, and they weigh on its bundles (the examples were a third
 * of this file; the descriptions 8 kB gzip of the proxy entry). Only the keywords go: a property
 * named `examples` or `description` stays.
 */
export function withoutDocs(schema) {
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return schema;
  const out = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === 'examples' || key === 'description') continue;
    if (schemaMaps.has(key) && typeof value === 'object' && value !== null) {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutDocs(v)]));
    } else if (schemaLists.has(key) && Array.isArray(value)) out[key] = value.map(withoutDocs);
    else if (schemaValues.has(key)) out[key] = withoutDocs(value);
    else out[key] = value;
  }
  return out;
}

export default {
  output: 'packages/mock-server/src/generated/schemas.ts',
  render(spec) {
    const schemas = Object.fromEntries(
      Object.entries(spec.components.schemas).map(([name, s]) => [name, withoutDocs(s)]),
    );
    return `${generatedHeader}
import type { SchemaNode } from './operations.js';

/** Every schema of \`components.schemas\`, by name (without their \`examples\` and descriptions). */
export const schemas: { readonly [name: string]: SchemaNode } = ${asciiJson(schemas)};
`;
  },
};
