// The CJS build as Jest runs it: through vm, whose scripts get no import() loader, and with
// process.getBuiltinModule hidden (Node before 20.16). listen() must still start a server.
// Its module object is as jest-runtime's `_execModule` makes it: `module.require` is the module's
// require (a non-enumerable property), the same function its code gets as `require`.
// Run by `pnpm check:package` after the build.
const { readFileSync } = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const vm = require('node:vm');

const file = path.join(__dirname, '../../dist/index.cjs');
const wrapper = vm.runInThisContext(Module.wrap(readFileSync(file, 'utf8')), { filename: file });
const moduleRequire = Module.createRequire(file);
const exported = { exports: {} };
Object.defineProperty(exported, 'require', { value: moduleRequire });
wrapper(exported.exports, moduleRequire, exported, file, path.dirname(file));

const saved = process.getBuiltinModule;
process.getBuiltinModule = undefined;
(async () => {
  const mock = exported.exports.createMockServer({ seed: 'demo' });
  const server = await mock.listen();
  process.getBuiltinModule = saved;
  const response = await fetch(`${server.url}/v1/health`);
  await server.close();
  if (response.status !== 200) throw new Error(`health answered ${response.status}`);
  console.log('CJS build under a Jest-like vm: listen() serves');
})().catch((error) => {
  console.error(error);
  process.exit(1);
});
