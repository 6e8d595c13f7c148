// openapi-typescript over the spec, run once per generate run and shared by the targets that need it.

import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { generatedHeader } from './generated-header.mjs';

const cache = new Map();

/** The one-line doc comment of each root type openapi-typescript writes (each is public API). */
const rootDocs = {
  paths: 'Every path of the spec: per method, its parameters, request body and responses.',
  webhooks: "Every event of the spec's `webhooks:` section: its headers and body.",
  components: "The spec's components: schemas, responses, parameters, request bodies and headers.",
  $defs: 'The `$defs` of the spec (none).',
  operations: 'Every operation by its operationId: parameters, request body and responses.',
};

/** openapi-typescript's output with a doc comment on each root type (`paths`, `components`, ...). */
export function documentRootTypes(types, docs = rootDocs) {
  return types.replace(
    /^export (interface|type) (paths|webhooks|components|\$defs|operations)\b/gm,
    (line, _kind, name) => `/** ${docs[name]} */\n${line}`,
  );
}

/** The TypeScript types of the whole spec, with the do-not-edit header. */
export function openapiTypes(specPath) {
  if (!cache.has(specPath)) {
    cache.set(
      specPath,
      openapiTS(pathToFileURL(specPath), { alphabetize: false, defaultNonNullable: false }).then(
        (ast) => `${generatedHeader}\n${documentRootTypes(astToString(ast))}`,
      ),
    );
  }
  return cache.get(specPath);
}
