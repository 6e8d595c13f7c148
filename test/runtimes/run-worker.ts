import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { builtinModules, createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { recordResolutions } from './record-resolutions.js';
import { runForJson } from './run-for-json.js';

// workerd's package (a root devDependency) exports the path of the binary its optional dependency
// @cloudflare/workerd-<platform> holds, and the newest compatibility date that binary knows.
const workerd = createRequire(import.meta.url)('workerd') as {
  default: string;
  compatibilityDate: string;
};

/** How a Worker runs: its entry in scripts/ and its compatibility date. */
interface WorkerKind {
  entry: string;
  compatibilityDate: string;
  /** Whether it has Node.js compatibility: node:* modules are then left to workerd. */
  node: boolean;
}

// workerd turns Node.js compatibility on from the compatibility date 2026-08-04 (it says so when a
// Worker of a later date sets `nodejs_compat`): the day before gives a Worker without process,
// Buffer or node:* (the test checks it sees none), as Workers created before then run. /node needs
// node:crypto: its Worker gets the newest date the binary knows.
const withoutNode: WorkerKind = {
  entry: 'worker.ts',
  compatibilityDate: '2026-08-03',
  node: false,
};
const withNode: WorkerKind = {
  entry: 'node-worker.ts',
  compatibilityDate: workerd.compatibilityDate,
  node: true,
};
const kinds: Record<string, WorkerKind> = {
  'webhook-verify.ts': withoutNode,
  'sdk.ts': withoutNode,
  'webhook-verify-node.ts': withNode,
};
// Without the `paths` of test/tsconfig.json, which send @agent-platform/* to src/ (as for Bun).
const tsconfig = fileURLToPath(new URL('./tsconfig.bun.json', import.meta.url));

/**
 * Bundles the Worker's entry as Wrangler does (esbuild, ESM, the `workerd`, `worker` and `browser`
 * export conditions, Node's modules left out with Node.js compatibility), packages imported by
 * name through node_modules; returns the code and where each `@agent-platform/*` import resolved.
 */
async function bundle(kind: WorkerKind): Promise<{ code: string; resolved: Map<string, string> }> {
  const { record, resolved } = recordResolutions();
  const result = await build({
    entryPoints: [fileURLToPath(new URL(`./scripts/${kind.entry}`, import.meta.url))],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    conditions: ['workerd', 'worker', 'browser'],
    mainFields: ['browser', 'module', 'main'],
    target: 'es2022',
    external: kind.node ? [...builtinModules, 'node:*'] : [],
    write: false,
    outfile: 'worker.js',
    tsconfig,
    plugins: [record],
    logLevel: 'silent',
  });
  return { code: result.outputFiles[0]?.text ?? '', resolved };
}

/** A Cap'n Proto string literal (JSON's escapes are Cap'n Proto's). */
const text = (value: string) => JSON.stringify(value);

/**
 * The workerd config: the Worker, its bindings, and outbound fetches allowed to loopback only (the
 * mock server), as Deno's --allow-net does.
 */
function config(kind: WorkerKind, script: string, args: string[]): string {
  return `using Workerd = import "/workerd/workerd.capnp";
const config :Workerd.Config = (
  services = [
    (name = "main", worker = .worker),
    (name = "loopback", network = (allow = ["local"])),
  ],
);
const worker :Workerd.Worker = (
  modules = [(name = "worker.js", esModule = embed "worker.js")],
  compatibilityDate = ${text(kind.compatibilityDate)},
  bindings = [
    (name = "SCRIPT", text = ${text(script)}),
    (name = "ARGS", json = ${text(JSON.stringify(args))}),
    (name = "SELF", service = "main"),
  ],
  globalOutbound = "loopback",
);
`;
}

/**
 * Runs the results of `scripts/<name>` in a Worker on workerd (`workerd test`, which calls the
 * Worker's `test` handler) and returns them, the entries replaced by where the bundler resolved
 * them (as `resolved`, like the Deno and Bun scripts' `import.meta.resolve`), and `nodeGlobals`,
 * the Node.js globals the Worker saw.
 */
export async function runWorker(name: string, args: string[]): Promise<Record<string, unknown>> {
  const kind = kinds[name];
  if (!kind) throw new Error(`no Worker runs ${name}: add it to run-worker.ts`);
  const { code, resolved } = await bundle(kind);
  const dir = await mkdtemp(join(tmpdir(), 'workerd-'));
  try {
    await writeFile(join(dir, 'worker.js'), code);
    await writeFile(join(dir, 'config.capnp'), config(kind, name, args));
    const { entries, ...results } = await runForJson(
      `workerd ${name}`,
      workerd.default,
      ['test', 'config.capnp'],
      { cwd: dir },
    );
    return {
      resolved: (entries as string[]).map((specifier) => resolved.get(specifier) ?? specifier),
      ...results,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
