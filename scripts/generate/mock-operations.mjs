// The mock server's operation table: method, path, scopes per variant, success status, body rule.
const METHODS = ['get', 'post', 'put', 'delete'];

export default {
  output: 'packages/mock-server/src/generated/operations.ts',
  render(spec) {
    const rows = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      for (const method of METHODS) {
        const op = item[method];
        if (!op) continue;
        const success = Object.keys(op.responses).find((s) => s.startsWith('2'));
        const body = op.requestBody ? (op.requestBody.required ? 'required' : 'optional') : 'none';
        const scopes = op['x-scopes'] ?? null;
        rows.push(
          `  {\n    operationId: '${op.operationId}',\n    method: '${method.toUpperCase()}',\n    path: '${path}',\n` +
            `    tag: '${op.tags[0]}',\n    scopes: ${scopes ? `{ A: ${list(scopes.A)}, B: ${list(scopes.B)} }` : 'null'},\n` +
            `    successStatus: ${success},\n    requestBody: '${body}',\n  },`,
        );
      }
    }
    const vocab = spec['x-scope-vocabulary'];
    return `/**
 * Generated from spec/openapi.yaml by \`pnpm generate\` - do not edit.
 */

/** One operation of the API, as the spec declares it. */
export interface OperationInfo {
  /** The spec's operationId, e.g. \`agentsList\`. */
  readonly operationId: string;
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The path template, e.g. \`/v1/agents/{id}\`. */
  readonly path: string;
  readonly tag: string;
  /** Scopes that grant the operation per variant (any one suffices; empty: any key); null: no key needed. */
  readonly scopes: { readonly A: readonly string[]; readonly B: readonly string[] } | null;
  readonly successStatus: number;
  readonly requestBody: 'required' | 'optional' | 'none';
}

/** Every operation of the spec, in spec order. */
export const operations: readonly OperationInfo[] = [
${rows.join('\n')}
];

/** The scope vocabulary of each variant, scope -> what it permits. */
export const scopeVocabulary = {
  A: ${obj(vocab.A)},
  B: ${obj(vocab.B)},
} as const;
`;
  },
};

function list(items) {
  return `[${items.map((s) => `'${s}'`).join(', ')}]`;
}

function obj(map) {
  const lines = Object.entries(map).map(([k, v]) => `    '${k}': ${JSON.stringify(v)},`);
  return `{\n${lines.join('\n')}\n  }`;
}
