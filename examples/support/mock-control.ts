import { type ExampleEnv, ExampleStopped } from './run-example.js';

/**
 * Calls the mock server's control API (`/__mock` + `path`), sending `x-mock-admin-token` when the env
 * has a token, and returns the answer's `data`. Any answer but a 2xx stops the example with its
 * status and what to set: an example never goes on as if a fault were injected when it was not.
 */
export async function mockControl(
  env: Pick<ExampleEnv, 'baseUrl' | 'fetch' | 'adminToken'>,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<unknown> {
  const fetch = env.fetch ?? globalThis.fetch;
  const url = `${env.baseUrl}/__mock${path}`;
  const headers: Record<string, string> = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (env.adminToken !== undefined) headers['x-mock-admin-token'] = env.adminToken;
  const response = await fetch(url, {
    method,
    headers,
    body: body === undefined ? null : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ExampleStopped(refusal(`${method} ${url}`, response.status, text, env.adminToken));
  }
  if (text === '') return undefined;
  return (JSON.parse(text) as { data?: unknown }).data;
}

/** One line: the request, the status and the server's own message, then what to do about it. */
function refusal(request: string, status: number, text: string, adminToken?: string): string {
  let said = text.slice(0, 200);
  try {
    const { error } = JSON.parse(text) as { error?: { code?: string; message?: string } };
    if (error?.message) said = `${error.code ?? ''} ${error.message}`.trim();
  } catch {
    // not JSON: the text as it came
  }
  const answer = `the mock's control API answered ${request} with ${status}${said ? ` (${said.replace(/\s+/g, ' ')})` : ''}`;
  if (status === 401) {
    return adminToken === undefined
      ? `${answer}: the server wants an admin token (--admin-token or AGENT_PLATFORM_MOCK_ADMIN_TOKEN); set AGENT_PLATFORM_MOCK_ADMIN_TOKEN to it`
      : `${answer}: AGENT_PLATFORM_MOCK_ADMIN_TOKEN is not the admin token the server was started with`;
  }
  if (status === 404) {
    return `${answer}: this example needs the mock server (agent-platform-mock) at AGENT_PLATFORM_BASE_URL`;
  }
  return answer;
}
