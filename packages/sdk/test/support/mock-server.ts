// The mock server from its source, not its package entry (which points at dist/): vitest.config.ts
// maps the package to its source for the tests, but the benchmarks' config (vitest.bench.config.ts)
// does not; so the tests and bench/sdk-vs-openapi-fetch.bench.ts import the mock through this file.
export { createMockServer, type MockServer } from '../../../mock-server/src/index.js';
export { mswHandlers } from '../../../mock-server/src/msw.js';
