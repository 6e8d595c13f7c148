// The mock server's view of the API's types, so that what it stores and answers is typed by the spec.
import openapiTS, { astToString } from 'openapi-typescript';
import { pathToFileURL } from 'node:url';

export default {
  output: 'packages/mock-server/src/generated/api-types.ts',
  async render(_spec, { specPath }) {
    const ast = await openapiTS(pathToFileURL(specPath), { alphabetize: false, defaultNonNullable: false });
    return `/**\n * Generated from spec/openapi.yaml by \`pnpm generate\` - do not edit.\n */\n\n${astToString(ast)}`;
  },
};
