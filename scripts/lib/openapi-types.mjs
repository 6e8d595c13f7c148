// openapi-typescript over the spec, run once per generate run and shared by the targets that need it.

import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { generatedHeader } from './generated-header.mjs';

const cache = new Map();

/** The TypeScript types of the whole spec, with the do-not-edit header. */
export function openapiTypes(specPath) {
  if (!cache.has(specPath)) {
    cache.set(
      specPath,
      openapiTS(pathToFileURL(specPath), { alphabetize: false, defaultNonNullable: false }).then(
        (ast) => `${generatedHeader}\n${astToString(ast)}`,
      ),
    );
  }
  return cache.get(specPath);
}
