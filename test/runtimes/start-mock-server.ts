import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** A mock server running in a child process. */
export interface RunningMock {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** SIGTERM, and resolves when it has exited. */
  stop(): Promise<void>;
}

const cli = fileURLToPath(new URL('../../packages/mock-server/dist/cli.js', import.meta.url));

/** Starts the built mock server's CLI on 127.0.0.1 and a free port; rejects after 20 s. */
export function startMockServer(): Promise<RunningMock> {
  const child = spawn(process.execPath, [cli, '--port', '0', '--host', '127.0.0.1'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
    await exited;
  };
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the mock server did not start within 20 s:\n${output}`));
    }, 20_000);
    const onData = (chunk: Buffer) => {
      output += chunk;
      const match = /listening on (http:\/\/127\.0\.0\.1:(\d+))/.exec(output);
      if (!match?.[1] || !match[2]) return;
      clearTimeout(timer);
      child.stdout.off('data', onData).resume();
      resolve({ url: match[1], port: Number(match[2]), stop });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`the mock server exited with ${code ?? signal}:\n${output}`));
    });
  });
}
