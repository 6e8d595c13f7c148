// The packages as users install them: pack each one, install the tarballs into fresh ESM and CJS
// projects, type-check a program there (strict; moduleResolution node16 and bundler; and without
// the DOM lib or skipLibCheck; and types.ts with TypeScript 5.0, the oldest supported, and the
// strictest settings), run it compiled to ESM and to CJS, and run the CLI from the packed
// mock-server; all without msw (mock-server's optional peer), and then mock-server/msw with it.
// Runs after `pnpm build`. Offline but for the npm registry (npm's cache first); every child
// process has a time limit.
import { execFile, spawn } from 'node:child_process';
import { access, cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const exec = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
// The oldest TypeScript the packages support (their READMEs say so), a root devDependency.
const oldestTsc = join(root, 'node_modules/typescript-5-0/bin/tsc');
const packages = ['sdk', 'mock-server', 'webhook-verify'];
// What the consumer adds from the registry (zod: webhook-verify/zod's peer); msw (mock-server/msw's
// peer) comes later, so that everything else is checked without it.
const registryDeps = { zod: '4.6.7', '@types/node': '20.19.25' };
const msw = 'msw@2.15.0';

const step = async (name, fn) => {
  const start = performance.now();
  await fn();
  console.log(`ok   ${name} (${((performance.now() - start) / 1000).toFixed(1)} s)`);
};
const run = (file, args, options = {}) =>
  exec(file, args, { timeout: 120_000, maxBuffer: 16 << 20, ...options }).catch((error) => {
    throw new Error(
      `${file} ${args.join(' ')} failed:\n${error.stdout ?? ''}${error.stderr ?? ''}`,
      { cause: error },
    );
  });

const tsconfig = (file, compilerOptions) =>
  JSON.stringify(
    {
      compilerOptions: {
        strict: true,
        target: 'ES2022',
        lib: ['ES2022', 'DOM'],
        types: ['node'],
        // As most projects do; attw --pack checks our declarations themselves (and msw's fail in CJS without it).
        skipLibCheck: true,
        ...compilerOptions,
      },
      files: [file],
    },
    null,
    2,
  );
const node16 = { module: 'node16', moduleResolution: 'node16', outDir: 'dist' };
const bundler = { module: 'preserve', moduleResolution: 'bundler', noEmit: true };
// Node without the DOM lib (the SDK's and webhook-verify's own setting), every declaration checked:
// nothing the main entries declare may need DOM-only types (RequestInfo) or msw's declarations.
const noDom = { ...node16, noEmit: true, lib: ['ES2022'], skipLibCheck: false };
// The strictest settings a user may have, every declaration checked (types.ts, compiled by the
// oldest TypeScript supported): ESM under nodenext for Node without the DOM lib, CommonJS under
// node10 (typesVersions) for an edge or browser project without @types/node.
const strictest = {
  noEmit: true,
  skipLibCheck: false,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noPropertyAccessFromIndexSignature: true,
  isolatedModules: true,
};
const oldestEsm = {
  ...strictest,
  module: 'nodenext',
  moduleResolution: 'nodenext',
  verbatimModuleSyntax: true,
  lib: ['ES2022'],
};
const oldestCjs = {
  ...strictest,
  module: 'commonjs',
  moduleResolution: 'node10',
  // As tsc --init sets it; without it zod's own CJS declarations fail (TS1259), whatever the version.
  esModuleInterop: true,
  lib: ['ES2022', 'DOM', 'DOM.Iterable'],
  types: [],
};
// Errors TypeScript before 5.4 reports in dependencies' declarations, outside our control: why
// skipLibCheck: false needs 5.4 (the READMEs say so); skipLibCheck: true hides exactly these.
const dependencyDeclarations =
  /^\.\.\/node_modules\/(openapi-fetch|openapi-typescript-helpers|zod)\//;

const work = await mkdtemp(join(tmpdir(), 'agent-platform-packages-'));
try {
  const tarballs = join(work, 'tarballs');
  await mkdir(tarballs);
  await step('pnpm pack', async () => {
    for (const name of packages) {
      await run('pnpm', ['pack', '--pack-destination', tarballs], {
        cwd: join(root, 'packages', name),
      });
    }
  });
  const files = await readdir(tarballs);
  const tarball = (name) => {
    const file = files.find((f) => f.startsWith(`agent-platform-${name}-`));
    if (!file) throw new Error(`no tarball for ${name} in ${files.join(', ')}`);
    return `file:${join(tarballs, file)}`;
  };

  // One install; the ESM and CJS projects below it share its node_modules, as a monorepo would.
  const consumer = join(work, 'consumer');
  await mkdir(consumer);
  await writeFile(
    join(consumer, 'package.json'),
    JSON.stringify(
      {
        name: 'consumer',
        private: true,
        dependencies: Object.fromEntries([
          ...packages.map((n) => [`@agent-platform/${n}`, tarball(n)]),
          ...Object.entries(registryDeps),
        ]),
      },
      null,
      2,
    ),
  );
  const npmInstall = (...args) =>
    run(
      'npm',
      ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', ...args],
      { cwd: consumer },
    );
  await step('npm install the tarballs (msw, an optional peer, is not installed)', async () => {
    await npmInstall();
    const installed = await access(join(consumer, 'node_modules/msw')).then(
      () => true,
      () => false,
    );
    if (installed) throw new Error('npm installed msw: it should be an optional peer');
  });

  const projects = [];
  for (const type of ['module', 'commonjs']) {
    const dir = join(consumer, type === 'module' ? 'esm' : 'cjs');
    await mkdir(dir);
    await writeFile(join(dir, 'package.json'), JSON.stringify({ type }));
    for (const file of ['main.ts', 'msw.ts', 'types.ts']) {
      await cp(join(root, 'test/packages/consumer', file), join(dir, file));
    }
    const configs = {
      'tsconfig.json': tsconfig('main.ts', node16),
      'tsconfig.bundler.json': tsconfig('main.ts', bundler),
      'tsconfig.no-dom.json': tsconfig('main.ts', noDom),
      'tsconfig.msw.json': tsconfig('msw.ts', node16),
      'tsconfig.msw-bundler.json': tsconfig('msw.ts', bundler),
      'tsconfig.oldest.json': tsconfig('types.ts', type === 'module' ? oldestEsm : oldestCjs),
    };
    for (const [name, text] of Object.entries(configs)) await writeFile(join(dir, name), text);
    projects.push({ type, dir });
  }
  // The type-checks of a program at once: tsc is single-threaded and CI has two cores.
  const typeCheck = (configs) =>
    Promise.all(
      projects.flatMap(({ dir }) =>
        configs.map((config) => run('node', [tsc, '-p', config], { cwd: dir })),
      ),
    );
  // Every error but those in dependencies' declarations fails the step.
  const oldestTypeCheck = async (dir) => {
    const output = await exec('node', [oldestTsc, '-p', 'tsconfig.oldest.json'], {
      cwd: dir,
      timeout: 120_000,
      maxBuffer: 16 << 20,
    }).then(
      () => '',
      (error) => {
        // 1 or 2: diagnostics (anything else, a timeout among them, fails at once).
        if (error.code !== 1 && error.code !== 2) throw error;
        return String(error.stdout);
      },
    );
    const errors = output.split('\n').filter((line) => /error TS\d+/.test(line));
    const ours = errors.filter((line) => !dependencyDeclarations.test(line));
    if (ours.length > 0) throw new Error(`TypeScript 5.0 in ${dir}:\n${output}`);
  };
  // package.json "type" makes a compiled program an ES module or a CommonJS one (require()).
  const runProgram = async (dir, file, expected) => {
    const { stdout } = await run('node', [file], { cwd: dir, timeout: 30_000 });
    if (!stdout.includes(expected)) throw new Error(`unexpected output: ${stdout}`);
  };
  await step('tsc in ESM and CJS: node16, bundler, node16 without DOM or skipLibCheck', () =>
    typeCheck(['tsconfig.json', 'tsconfig.bundler.json', 'tsconfig.no-dom.json']),
  );
  await step(
    'tsc 5.0, the oldest supported: ESM nodenext without DOM, CJS node10 without @types/node, strictest',
    () => Promise.all(projects.map(({ dir }) => oldestTypeCheck(dir))),
  );
  for (const { type, dir } of projects) {
    await step(`${type}: run, without msw`, () => runProgram(dir, 'dist/main.js', 'consumer: ok'));
  }
  await step('mock-server/msw without msw: Node says msw is missing', async () => {
    const attempts = [
      ['esm', ['--input-type=module', '-e', "await import('@agent-platform/mock-server/msw')"]],
      ['cjs', ['-e', "require('@agent-platform/mock-server/msw')"]],
    ];
    for (const [dir, args] of attempts) {
      const stderr = await exec('node', args, { cwd: join(consumer, dir), timeout: 10_000 }).then(
        () => '',
        (error) => String(error.stderr),
      );
      if (!/Cannot find (package|module) 'msw'/.test(stderr)) {
        throw new Error(`${dir}: importing /msw without msw did not say so:\n${stderr}`);
      }
    }
  });

  const cli = join(consumer, 'node_modules/.bin/agent-platform-mock');
  await step('CLI without msw: --help, a bad flag', async () => {
    const { stdout } = await run(cli, ['--help'], { timeout: 10_000 });
    if (!stdout.includes('--port')) throw new Error(`--help says: ${stdout}`);
    const bad = await exec(cli, ['--no-such-flag'], { timeout: 10_000 }).then(
      () => 0,
      (error) => error.code,
    );
    if (bad !== 2) throw new Error(`a bad flag exited with ${bad}, not 2`);
  });
  await step('CLI without msw: serves on a free port, stops on SIGTERM', () => serveOnce(cli));

  await step(`npm install ${msw}`, () => npmInstall(msw));
  await step('tsc of mock-server/msw in ESM and CJS, node16 and bundler', () =>
    typeCheck(['tsconfig.msw.json', 'tsconfig.msw-bundler.json']),
  );
  for (const { type, dir } of projects) {
    await step(`${type}: run mock-server/msw under MSW`, () =>
      runProgram(dir, 'dist/msw.js', 'consumer msw: ok'),
    );
  }
} finally {
  await rm(work, { recursive: true, force: true });
}

/** Starts the CLI on port 0, calls it, and stops it (exit code 0); rejects after 20 s whatever happens. */
function serveOnce(cli) {
  return new Promise((resolve, reject) => {
    const child = spawn(cli, ['--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('the CLI did not serve and stop within 20 s'));
    }, 20_000);
    let output = '';
    let called = false;
    child.stdout.on('data', async (chunk) => {
      output += chunk;
      const url = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
      if (!url || called) return;
      called = true;
      try {
        const res = await fetch(`${url}/v1/agents?limit=1`, {
          headers: { 'x-api-key': 'demo-key-all-scopes' },
        });
        if (res.status !== 200) throw new Error(`GET /v1/agents answered ${res.status}`);
        child.kill('SIGTERM');
      } catch (error) {
        child.kill('SIGKILL');
        reject(error);
      }
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      // Exit code 0, not death by the signal: the installed command is the server's own process,
      // which the mock-server README tells a supervisor to start rather than npx.
      if (code === 0 && called) resolve();
      else reject(new Error(`the CLI exited with ${code ?? signal}:\n${output}`));
    });
  });
}
