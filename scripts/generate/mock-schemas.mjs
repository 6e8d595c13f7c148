// The spec's component schemas as data, for the mock server's request validation.
import { generatedHeader } from '../lib/generated-header.mjs';

export default {
  output: 'packages/mock-server/src/generated/schemas.ts',
  render(spec) {
    return `${generatedHeader}
import type { SchemaNode } from './operations.js';

/** Every schema of \`components.schemas\`, by name. */
export const schemas: { readonly [name: string]: SchemaNode } = ${JSON.stringify(spec.components.schemas, null, 2)};
`;
  },
};
