import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../../../test/support/free-port.js';
import { onPath } from './on-path.js';

/** How to get redis-server, for the message of a run that has none. */
export const INSTALL_REDIS =
  'install it (Debian/Ubuntu: `sudo apt-get install -y redis-server`, macOS: `brew install redis`) or set REDIS_SERVER to its path; .ci/run installs it on Debian';

/** The redis-server binary: REDIS_SERVER when set, else the first on PATH; undefined when none. */
export function findRedisServer(env: NodeJS.ProcessEnv = process.env): string | undefined {
  // Set, it is what the user asked for: a wrong one fails when started rather than skipping.
  if (env.REDIS_SERVER) return env.REDIS_SERVER;
  return onPath('redis-server', env);
}

/** A redis-server of a test's own, on loopback. */
export interface RedisServer {
  /** Its port on 127.0.0.1. */
  port: number;
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Stops it and removes its directory. */
  stop(): Promise<void>;
}

/**
 * Starts redis-server on a free loopback port, persisting nothing (`--save '' --appendonly no`),
 * resolved once it accepts connections.
 */
export async function startRedisServer(binary = findRedisServer()): Promise<RedisServer> {
  if (binary === undefined) throw new Error(`redis-server is not on PATH: ${INSTALL_REDIS}`);
  let lastError: Error | undefined;
  // The port is free when asked for, but another process may take it before redis-server binds it.
  for (let attempt = 0; attempt < 5; attempt++) {
    const port = await freePort();
    const dir = mkdtempSync(join(tmpdir(), 'webhook-verify-redis-'));
    const args = [
      '--port',
      String(port),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
    ];
    const child = spawn(binary, [...args, '--dir', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      await ready(child);
      return { port, url: `redis://127.0.0.1:${port}`, stop: () => stop(child, dir) };
    } catch (error) {
      rmSync(dir, { recursive: true, force: true });
      lastError = error as Error;
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') break;
    }
  }
  throw new Error(
    `redis-server (${binary}) did not start: ${lastError?.message}; ${INSTALL_REDIS}`,
    {
      cause: lastError,
    },
  );
}

/** Resolves on redis-server's "Ready to accept connections"; rejects if it exits or fails first. */
function ready(child: ChildProcess): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ready to accept connections')) {
        child.stdout?.off('data', onData);
        child.stdout?.resume();
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      reject(new Error(`exited (${code ?? signal}) before it was ready:\n${output.trim()}`)),
    );
  });
}

async function stop(child: ChildProcess, dir: string): Promise<void> {
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
}
