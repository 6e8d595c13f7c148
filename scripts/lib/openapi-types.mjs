// openapi-typescript over the spec, run once per generate run and shared by the targets that need it.

import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

const cache = new Map();

/** The TypeScript types of the whole spec, with the do-not-edit header. */
export function openapiTypes(specPath) {
  if (!cache.has(specPath)) {
    cache.set(
      specPath,
      openapiTS(pathToFileURL(specPath), { alphabetize: false, defaultNonNullable: false }).then(
        (ast) =>
          `/**\n * Generated from spec/openapi.yaml by \`pnpm generate\` - do not edit.\n */\n\n${astToString(ast)}`,
      ),
    );
  }
  return cache.get(specPath);
}
