import { spawn } from 'node:child_process';

const timeLimitMs = 30_000;

/**
 * Runs `command` in its own process group and returns the JSON of its last line of output;
 * rejects with its output, labelled `label`, if it fails or outlives 30 s.
 */
export function runForJson(
  label: string,
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    // Its own process group: the .bin shims (and deno's bin.cjs) start the binary as a child.
    const child = spawn(command, args, { ...options, detached: true });
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
      reject(new Error(`${label}: ${why}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`));
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
