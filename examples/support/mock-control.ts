import { connectMock, isMockApiError, type MockClient } from '@agent-platform/mock-server/client';
import { type ExampleEnv, ExampleStopped } from './run-example.js';

/**
 * The mock server's control API for an example: `connectMock` (from
 * `@agent-platform/mock-server/client`) at the example's server, sending its admin token, with each
 * refusal turned into one line that stops the example, naming the call, the status and what to set:
 * an example never goes on as if a fault were injected when it was not.
 * @example await mockControl(env).faults.add({ method: 'GET', path: '/v1/agents', status: 429 });
 */
export function mockControl(env: Pick<ExampleEnv, 'baseUrl' | 'fetch' | 'adminToken'>): MockClient {
  const client = connectMock(env.baseUrl, { adminToken: env.adminToken, fetch: env.fetch });
  const stop = (call: string, error: unknown) =>
    new ExampleStopped(refusal(`${call} at ${env.baseUrl}`, error, env.adminToken));
  return stopping(client, '', stop) as MockClient;
}

/** `target` with each method (nested ones too: `faults.add`) rejecting with `stop`'s error instead. */
function stopping(
  target: object,
  prefix: string,
  stop: (call: string, error: unknown) => Error,
): unknown {
  return Object.fromEntries(
    Object.entries(target).map(([name, value]) => {
      const call = `${prefix}${name}`;
      if (typeof value === 'function') {
        return [
          name,
          (...args: unknown[]) =>
            (value as (...a: unknown[]) => Promise<unknown>)(...args).catch((error: unknown) => {
              throw stop(call, error);
            }),
        ];
      }
      return [name, typeof value === 'object' ? stopping(value, `${call}.`, stop) : value];
    }),
  );
}

/** One line: the call, the server's status and message, then what to do about it. */
function refusal(call: string, error: unknown, adminToken?: string): string {
  if (!isMockApiError(error)) {
    // No answer in the mock's envelope (another server's 404 page, nothing listening): no mock there.
    const said = String((error as Error)?.message ?? error).replace(/\s+/g, ' ');
    return `the mock's control API failed ${call} (${said}): this example needs the mock server (agent-platform-mock) at AGENT_PLATFORM_BASE_URL`;
  }
  const answer = `the mock's control API refused ${call} with ${error.status} (${error.code} ${error.message.replace(/\s+/g, ' ')})`;
  if (error.status === 401) {
    return adminToken === undefined
      ? `${answer}: the server wants an admin token (--admin-token or AGENT_PLATFORM_MOCK_ADMIN_TOKEN); set AGENT_PLATFORM_MOCK_ADMIN_TOKEN to it`
      : `${answer}: AGENT_PLATFORM_MOCK_ADMIN_TOKEN is not the admin token the server was started with`;
  }
  if (error.status === 404) {
    return `${answer}: this example needs the mock server (agent-platform-mock) at AGENT_PLATFORM_BASE_URL`;
  }
  return answer;
}
