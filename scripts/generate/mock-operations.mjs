// The mock server's operation table: method, path, scopes per variant, success status,
// and the request's parameters and body schema, all read from the spec.

import { deref } from '../lib/deref.mjs';
import { generatedHeader } from '../lib/generated-header.mjs';
import { specOperations } from '../lib/spec-operations.mjs';
import { readWebhookEvents } from './webhook-events.mjs';

export default {
  output: 'packages/mock-server/src/generated/operations.ts',
  render(spec) {
    const rows = specOperations(spec).map(({ path, method, op }) => row(spec, path, method, op));
    const vocab = spec['x-scope-vocabulary'];
    const events = readWebhookEvents(spec).map((e) => ({
      event: e.name,
      variants: e.variants,
      category: e.category ?? null,
      data: e.data.$ref,
    }));
    return `${generatedHeader}
/** A JSON Schema node of the spec (references stay \`{ $ref }\`, resolved against \`schemas\`). */
export type SchemaNode = { readonly [key: string]: unknown };

/** A path or query parameter of an operation. */
export interface ParameterInfo {
  readonly name: string;
  readonly in: 'path' | 'query';
  readonly required: boolean;
  readonly schema: SchemaNode;
}

/** One operation of the API, as the spec declares it. */
export interface OperationInfo {
  /** The spec's operationId, e.g. \`agentsList\`. */
  readonly operationId: OperationId;
  /** The HTTP method, in upper case (HEAD is served as GET). */
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path template, e.g. \`/v1/agents/{id}\`. */
  readonly path: string;
  /** The spec's first tag for it, its resource group: \`Agents\`, \`Webhooks\`, ... */
  readonly tag: string;
  /** Scopes that grant the operation per variant (any one suffices; empty: any key); null: no key needed. */
  readonly scopes: {
    /** Variant A's scopes that grant it. */
    readonly A: readonly string[];
    /** Variant B's scopes that grant it. */
    readonly B: readonly string[];
  } | null;
  /** The status of its success answer: 200, 201 (a create) or 204 (no body). */
  readonly successStatus: number;
  /** Its path and query parameters, in the spec's order. */
  readonly parameters: readonly ParameterInfo[];
  /** The JSON body: whether it is required and its schema; null when the operation takes none. */
  readonly body: {
    /** Whether a request without a body is refused (400). */
    readonly required: boolean;
    /** The body's JSON Schema, as the spec gives it. */
    readonly schema: SchemaNode;
  } | null;
}

/** The operationId of every operation. */
export type OperationId =
${rows.map((r) => `  | '${r.operationId}'`).join('\n')};

/** Every operation of the spec, in spec order. */
export const operations: readonly OperationInfo[] = ${JSON.stringify(rows, null, 2)};

/** Every webhook event of the spec: which variants send it and its subscription category. */
export const webhookEventCatalog: readonly {
  readonly event: string;
  readonly variants: readonly ('A' | 'B')[];
  readonly category: string | null;
  /** The schema of the event's \`data\`, e.g. \`#/components/schemas/Conversation\`. */
  readonly data: string;
}[] = ${JSON.stringify(events, null, 2)};

/** The scope vocabulary of each variant, scope -> what it permits. */
export const scopeVocabulary = ${JSON.stringify(vocab, null, 2)} as const;
`;
  },
};

function row(spec, path, method, op) {
  const success = Object.keys(op.responses).find((s) => s.startsWith('2'));
  const parameters = (op.parameters ?? []).map((p) => {
    const param = deref(spec, p);
    return {
      name: param.name,
      in: param.in,
      required: Boolean(param.required),
      schema: param.schema,
    };
  });
  const content = op.requestBody?.content?.['application/json'];
  return {
    operationId: op.operationId,
    method: method.toUpperCase(),
    path,
    tag: op.tags[0],
    scopes: op['x-scopes'] ?? null,
    successStatus: Number(success),
    parameters,
    body: content ? { required: Boolean(op.requestBody.required), schema: content.schema } : null,
  };
}
