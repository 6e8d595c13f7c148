import { pathToFileURL } from 'node:url';
import {
  createMockServer,
  DEMO_API_KEY,
  type MockServerOptions,
} from '@agent-platform/mock-server';
import { type Clock, isAuthenticationError } from '@agent-platform/sdk';

/** Where an example runs: a server, a key, and optionally an in-process transport and clock (tests). */
export interface ExampleEnv {
  baseUrl: string;
  apiKey: string;
  /** The mock's in-process `fetch` in tests; the global fetch when run as a program. */
  fetch?: (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
  /** The mock's manual clock in tests, so that waits move the server's time instead of sleeping. */
  clock?: Clock;
  /** The mock's control API token (`--admin-token`), from `AGENT_PLATFORM_MOCK_ADMIN_TOKEN`. */
  adminToken?: string;
  log: (line: string) => void;
}

/** Stops an example with its message alone (one line, no stack): why it cannot run, and what to do. */
export class ExampleStopped extends Error {}

/** True when the module at `url` is the program node was started with (not imported by a test). */
export function isMain(url: string): boolean {
  return process.argv[1] !== undefined && url === pathToFileURL(process.argv[1]).href;
}

/**
 * Runs an example as a program: against `AGENT_PLATFORM_BASE_URL` when set (with
 * `AGENT_PLATFORM_API_KEY`, default the demo key, and `AGENT_PLATFORM_MOCK_ADMIN_TOKEN` for its
 * control API), else against a mock started here on a free port, with the demo key and no admin
 * token (a key or token for another server in the environment would be unknown to it).
 * `serverVariable` names another variable for the server (contract-proxy's upstream, which the SDK
 * does not call directly).
 */
export async function runExample(
  example: (env: ExampleEnv) => Promise<void>,
  mockOptions: MockServerOptions = {},
  serverVariable = 'AGENT_PLATFORM_BASE_URL',
): Promise<void> {
  const log = (line: string) => console.log(line);
  /** Which key a server of one's own was given, for a refusal to name. */
  let keyGiven: string | undefined;
  try {
    const external = process.env[serverVariable];
    if (external) {
      // Empty is unset, as for the URL (CI sets an undefined secret to '').
      const apiKey = process.env.AGENT_PLATFORM_API_KEY || DEMO_API_KEY;
      keyGiven = process.env.AGENT_PLATFORM_API_KEY ? 'AGENT_PLATFORM_API_KEY' : 'the demo key';
      const adminToken = process.env.AGENT_PLATFORM_MOCK_ADMIN_TOKEN || undefined;
      await example({ baseUrl: external, apiKey, adminToken, log });
      return;
    }
    const mock = createMockServer({ seed: 'demo', ...mockOptions });
    const server = await mock.listen({ port: 0 });
    log(`(no ${serverVariable} set: started the mock server at ${server.url})`);
    try {
      await example({ baseUrl: server.url, apiKey: DEMO_API_KEY, log });
    } finally {
      await server.close();
      mock.dispose();
    }
  } catch (error) {
    console.error(
      error instanceof ExampleStopped ? error.message : (keyRefused(error, keyGiven) ?? error),
    );
    process.exitCode = 1;
  }
}

/**
 * One line for a key a server of one's own refused (401; `given`: which key it was given), saying
 * which variable to change, instead of the error's 30 lines; undefined for any other error, and for
 * a mock the example started (given the demo key, whatever the environment says).
 */
function keyRefused(error: unknown, given: string | undefined): string | undefined {
  if (!isAuthenticationError(error) || given === undefined) return undefined;
  const fix =
    given === 'the demo key'
      ? 'set AGENT_PLATFORM_API_KEY to a key of that server'
      : `set it to a key of that server, or unset it for the demo key (${DEMO_API_KEY}), which pnpm start takes`;
  return `the server refused ${given} (401 ${error.code}: ${error.message}); ${fix}`;
}
