// The SDK's types: openapi-typescript over the whole spec.

import { pathToFileURL } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';

export default {
  output: 'packages/sdk/src/generated/schema.ts',
  async render(_spec, { specPath }) {
    const ast = await openapiTS(pathToFileURL(specPath), {
      alphabetize: false,
      defaultNonNullable: false,
    });
    return `/**\n * Generated from spec/openapi.yaml by \`pnpm generate\` - do not edit.\n */\n\n${astToString(ast)}`;
  },
};
