// The responses each operation declares (status -> JSON body schema and headers), for the
// contract-validation proxy only: the mock itself does not import this file, so neither its
// in-process entry nor its browser build carries it.
import { deref } from '../lib/deref.mjs';
import { generatedHeader } from '../lib/generated-header.mjs';
import { specOperations } from '../lib/spec-operations.mjs';
import { withoutDocs } from './mock-schemas.mjs';

export default {
  output: 'packages/mock-server/src/generated/responses.ts',
  render(spec) {
    // A response of components.responses is written once and shared by the operations that use it.
    const shared = Object.entries(spec.components.responses ?? {}).map(
      ([name, response]) =>
        `const ${name}: ResponseInfo = ${JSON.stringify(info(spec, response))};`,
    );
    const rows = [];
    for (const { op } of specOperations(spec)) {
      const statuses = Object.entries(op.responses).map(([status, response]) => {
        // validateResponse looks a status up as it is: a range (4XX) or `default` would make
        // every answer it covers read as undeclared, so refuse it here rather than there.
        if (!/^[1-5]\d\d$/.test(status)) {
          throw new Error(
            `mock-responses: ${op.operationId} declares the response '${status}'; only exact status codes are supported (validateResponse would take every answer it covers for an undeclared status)`,
          );
        }
        const ref = /^#\/components\/responses\/(\w+)$/.exec(response.$ref ?? '')?.[1];
        const value = ref ?? JSON.stringify(info(spec, response));
        return `    '${status}': ${value},`;
      });
      rows.push(`  ${op.operationId}: {\n${statuses.join('\n')}\n  },`);
    }
    return `${generatedHeader}
import type { OperationId, SchemaNode } from './operations.js';

/** A response header the spec declares. */
export interface ResponseHeaderInfo {
  /** Its name, as the spec writes it (\`X-Request-Id\`). */
  readonly name: string;
  /** Whether every such answer must carry it. */
  readonly required: boolean;
  /** The schema of its value. */
  readonly schema: SchemaNode;
}

/** One declared response of an operation. */
export interface ResponseInfo {
  /** The schema of its \`application/json\` body; null when it has no body (204). */
  readonly body: SchemaNode | null;
  /** The headers it declares. */
  readonly headers: readonly ResponseHeaderInfo[];
}

${shared.join('\n')}

/** Every operation's declared responses, by operationId and status (\`'200'\`, \`'404'\`). */
export const responses: {
  readonly [id in OperationId]: { readonly [status: string]: ResponseInfo };
} = {
${rows.join('\n')}
};
`;
  },
};

function info(spec, response) {
  const content = response.content ?? {};
  const types = Object.keys(content);
  if (types.some((t) => t !== 'application/json')) {
    throw new Error(`mock-responses: only application/json bodies are supported, not ${types}`);
  }
  const json = content['application/json'];
  const headers = Object.entries(response.headers ?? {}).map(([name, header]) => {
    const h = deref(spec, header);
    return { name, required: Boolean(h.required), schema: withoutDocs(h.schema ?? {}) };
  });
  return { body: json ? withoutDocs(json.schema) : null, headers };
}
