// The ESM build as Node before 20.16 runs it: without process.getBuiltinModule. listen() must start
// a server; it took esbuild's stand-in for `require`, which throws in an ES module
// (`Dynamic require of "node:http" is not supported`). Run by `pnpm check:package` after the build.
delete process.getBuiltinModule;
const { createMockServer } = await import('../../dist/index.js');
const server = await createMockServer({ seed: 'demo' }).listen();
const response = await fetch(`${server.url}/v1/health`);
await server.close();
if (response.status !== 200) throw new Error(`health answered ${response.status}`);
console.log('ESM build without process.getBuiltinModule: listen() serves');
