// The SDK's types: openapi-typescript over the whole spec.
import { openapiTypes } from '../lib/openapi-types.mjs';

export default {
  output: 'packages/sdk/src/generated/schema.ts',
  render: (_spec, { specPath }) => openapiTypes(specPath),
};
