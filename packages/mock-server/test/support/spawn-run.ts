import { type ChildProcess, spawn } from 'node:child_process';

/** A process started by a test, its output collected as it comes. */
export interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
  /**
   * Once nobody holds the stdout pipe's write end: the process and what it started have exited (a
   * server outliving the shell above it holds the pipe until it exits); resolves with all of stdout.
   */
  closed: Promise<string>;
}

const { AGENT_PLATFORM_MOCK_ADMIN_TOKEN: _token, ...withoutToken } = process.env;
/** The shell's environment but its admin token, which the CLI would take: a test sets its own. */
export const shellEnv: NodeJS.ProcessEnv = withoutToken;

/**
 * `command` with its output collected, in the shell's environment but its admin token (plus `env`).
 * `detached`: in a process group of its own, for a test to end whatever is left of it. `stdin`: what
 * it reads on stdin, then its end (none by default).
 */
export function spawnRun(
  command: string,
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; detached?: boolean; stdin?: string } = {},
): Run {
  const child = spawn(command, args, {
    cwd: options.cwd,
    stdio: [options.stdin === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'],
    env: { ...shellEnv, ...options.env },
    detached: options.detached === true,
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  let out = '';
  let err = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    err += d;
  });
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const closed = new Promise<string>((resolve) => child.stdout?.on('close', () => resolve(out)));
  return { child, stdout: () => out, stderr: () => err, exit, closed };
}
