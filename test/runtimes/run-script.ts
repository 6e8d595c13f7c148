import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** A runtime the packages are tested on besides Node. */
export type Runtime = 'deno' | 'bun';

/** What to run a script with. */
export interface ScriptOptions {
  /** Arguments after the script. */
  args?: string[];
  /** Deno's `--allow-net`, e.g. `127.0.0.1:4010`; Deno runs with no permission otherwise. */
  allowNet?: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const scripts = fileURLToPath(new URL('./scripts/', import.meta.url));
const timeLimitMs = 30_000;

const runtimeArgs: Record<Runtime, (script: string, options: ScriptOptions) => string[]> = {
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
 * the JSON of its last line of output; rejects with its output if it fails or outlives 30 s.
 */
export function runScript(
  runtime: Runtime,
  name: string,
  options: ScriptOptions = {},
): Promise<Record<string, unknown>> {
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
  return new Promise((resolve, reject) => {
    // Its own process group: the .bin shims (and deno's bin.cjs) start the binary as a child.
    const child = spawn(command, args, { cwd: root, env, detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    }, timeLimitMs);
    const fail = (why: string) =>
      reject(new Error(`${runtime} ${name}: ${why}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`));
    child.on('error', (error) => {
      clearTimeout(timer);
      fail(`${command} did not start (${error.message}): run pnpm install`);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (timedOut) return fail(`killed after ${timeLimitMs / 1000} s`);
      if (code !== 0) return fail(`exited with ${code ?? signal}`);
      const last = stdout.trim().split('\n').at(-1) ?? '';
      try {
        resolve(JSON.parse(last) as Record<string, unknown>);
      } catch {
        fail('its last line of output is not JSON');
      }
    });
  });
}
