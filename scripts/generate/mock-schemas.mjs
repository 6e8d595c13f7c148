// The spec's component schemas as data, for the mock server's request validation.
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

/**
 * `value` as JSON with every character beyond ASCII escaped (`\u200B`): the spec's patterns hold
 * invisible characters (zero-width spaces, U+2028), which a reader of this file, a diff and some
 * tools would not see, or would take for a line's end.
 */
function asciiJson(value) {
  return JSON.stringify(value, null, 2).replace(
    /[\u007F-\uFFFF]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`,
  );
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
