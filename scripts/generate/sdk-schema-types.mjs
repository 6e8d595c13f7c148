// A named type per schema of the spec for the SDK (`import type { Agent } from '@agent-platform/sdk'`),
// each an alias of `Schemas['Agent']`, with the schema's description as its doc comment; and the
// webhooks' operationIds, which the SDK's OperationId leaves out.
import { generatedHeader } from '../lib/generated-header.mjs';
import { specOperations } from '../lib/spec-operations.mjs';

/**
 * Schemas the SDK exports under these names already, from its own modules (its error types and
 * `Pagination`), and `Error`, which would shadow the global in a file that imports it: reached as
 * `Schemas['Error']`.
 */
const SKIPPED = new Set(['Error', 'ErrorCode', 'ErrorDetail', 'Pagination']);

const schemaRef = '#/components/schemas/';

/** Per schema name, the operations whose JSON request body it is: `agentsCreate (POST /v1/agents)`. */
function requestBodies(spec) {
  const bodies = new Map();
  for (const { path, method, op } of specOperations(spec)) {
    const ref = op.requestBody?.content?.['application/json']?.schema?.$ref;
    if (!ref?.startsWith(schemaRef)) continue;
    const name = ref.slice(schemaRef.length);
    bodies.set(name, [
      ...(bodies.get(name) ?? []),
      `\`${op.operationId}\` (${method.toUpperCase()} ${path})`,
    ]);
  }
  return bodies;
}

/** The first sentence of a description, on one line, safe inside a doc comment. */
function firstSentence(text) {
  const flat = text.replace(/\s+/g, ' ').trim();
  const end = flat.search(/[.!?](\s|$)/);
  return (end < 0 ? `${flat}.` : flat.slice(0, end + 1)).replaceAll('*/', '*\\/');
}

/** The alias's one-line doc comment. */
function docOf(name, schema, bodies) {
  if (schema.description) return firstSentence(schema.description);
  const ops = bodies.get(name);
  if (ops) return `The request body of ${ops.join(', ')}.`;
  return `The spec's \`${name}\` schema.`;
}

export default {
  output: 'packages/sdk/src/generated/schema-types.ts',
  render(spec) {
    const bodies = requestBodies(spec);
    const lines = [
      generatedHeader,
      "import type { components } from './schema.js';",
      '',
      "type Schemas = components['schemas'];",
    ];
    const webhookIds = Object.values(spec.webhooks ?? {}).map((item) => item?.post?.operationId);
    if (webhookIds.some((id) => typeof id !== 'string')) {
      throw new Error('every webhook of the spec needs a post with an operationId');
    }
    lines.push(
      '',
      "/** The operationIds of the spec's webhooks: deliveries the API sends, which no method calls. */",
      `export type WebhookOperationId =\n${webhookIds.map((id) => `  | '${id}'`).join('\n')};`,
    );
    for (const [name, schema] of Object.entries(spec.components.schemas)) {
      if (SKIPPED.has(name)) continue;
      if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`schema ${name}: not a type name`);
      lines.push(
        '',
        `/** ${docOf(name, schema, bodies)} */`,
        `export type ${name} = Schemas['${name}'];`,
      );
    }
    return `${lines.join('\n')}\n`;
  },
};
