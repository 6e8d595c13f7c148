import { describe } from 'vitest';
import { checkHovers } from '../../packages/sdk/test/support/operation-docs.js';
import { assertBuilt } from '../runtimes/assert-built.js';

// The SDK's built declarations, which users' editors read, keep the doc comments that
// packages/sdk/test/operation-docs.test.ts checks in the source: a build that dropped them, or
// left a {@link} to an error class unresolved, would show users a bare signature.
assertBuilt(['packages/sdk/dist/index.d.ts', 'packages/sdk/dist/index.d.cts']);

describe.each(['../dist/index.js', '../dist/index.cjs'])(
  'hovers of the methods, imported from %s',
  (entry) => {
    checkHovers(entry);
  },
);
