import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runEdge } from './run-edge.js';
import { runForJson } from './run-for-json.js';
import { runWorker } from './run-worker.js';

/** A runtime the packages are tested on besides Node. */
export type Runtime = 'deno' | 'bun' | 'workerd' | 'edge';

/** What to run a script with. */
export interface ScriptOptions {
  /** Arguments after the script. */
  args?: string[];
  /** Deno's `--allow-net`, e.g. `127.0.0.1:4010`; Deno runs with no permission otherwise. */
  allowNet?: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripts = fileURLToPath(new URL('./scripts/', import.meta.url));

const runtimeArgs: Record<
  Exclude<Runtime, 'workerd' | 'edge'>,
  (script: string, options: ScriptOptions) => string[]
> = {
  // Offline: no remote modules, no download, no lockfile written; packages come from node_modules.
  deno: (script, { allowNet }) => [
    'run',
    '--no-remote',
    '--cached-only',
    '--node-modules-dir=manual',
    '--no-lock',
    ...(allowNet ? [`--allow-net=${allowNet}`] : []),
    script,
  ],
  // --no-install: never Bun's auto-install from the registry.
  bun: (script) => [
    '--no-install',
    `--tsconfig-override=${fileURLToPath(new URL('./tsconfig.bun.json', import.meta.url))}`,
    script,
  ],
};

/**
 * Runs `scripts/<name>` on the runtime installed in node_modules (a root devDependency) and returns
 * the JSON of its last line of output; rejects with its output if it fails or outlives 30 s. On
 * workerd, `scripts/worker.ts` runs the script's results (see run-worker.ts); on the Edge Runtime,
 * `scripts/edge.ts` does, in this process (see run-edge.ts; the test's own time limit applies).
 */
export function runScript(
  runtime: Runtime,
  name: string,
  options: ScriptOptions = {},
): Promise<Record<string, unknown>> {
  if (runtime === 'workerd') return runWorker(name, options.args ?? []);
  if (runtime === 'edge') return runEdge(name, options.args ?? []);
  const command = join(root, 'node_modules/.bin', runtime);
  const args = [...runtimeArgs[runtime](join(scripts, name), options), ...(options.args ?? [])];
  const env: NodeJS.ProcessEnv = {
    // The scripts pass every SDK option: a developer's own settings must not change them.
    ...Object.fromEntries(
      Object.entries(process.env).filter(([key]) => !key.startsWith('AGENT_PLATFORM_')),
    ),
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    DO_NOT_TRACK: '1',
    NO_COLOR: '1',
  };
  return runForJson(`${runtime} ${name}`, command, args, { cwd: root, env });
}
