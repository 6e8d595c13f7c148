// The mock server from its source, not its package entry: the entry points at dist/, which a
// clean clone does not have when `pnpm test` runs the tests (it builds afterwards).
export { createMockServer, type MockServer } from '../../../mock-server/src/index.js';
