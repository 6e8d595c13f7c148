// The mock server's view of the API's types, so that what it stores and answers is typed by the spec.
import { openapiTypes } from '../lib/openapi-types.mjs';

export default {
  output: 'packages/mock-server/src/generated/api-types.ts',
  render: (_spec, { specPath }) => openapiTypes(specPath),
};
