// Bundled for a page served from a name that is not this machine's (test/browser/browser.test.ts
// maps it to 127.0.0.1, as a site's DNS might): the mock server's API answers it, its control API
// neither lets it read the state (keys and secrets) nor acts on what it sends without a preflight.
import { AgentPlatform } from '@agent-platform/sdk';

/** What a fetch came to: its status, or the browser's error. */
async function outcome(request: Promise<Response>): Promise<unknown> {
  try {
    const response = await request;
    return { type: response.type, status: response.status };
  } catch (error) {
    return String(error);
  }
}

/** The results the test checks; `key` is a key of the mock's, given by the test. */
export async function run(baseUrl: string, key: string): Promise<Record<string, unknown>> {
  const client = new AgentPlatform({ apiKey: key, baseUrl });
  const created = await client.agents.create({ name: 'from another site' });
  return {
    origin: location.origin,
    api: created.name,
    // A read needs the answer's CORS headers, which the control API gives only to this machine.
    controlRead: await outcome(fetch(`${baseUrl}/__mock/api-keys`)),
    // A preflighted change: refused at the preflight.
    controlJson: await outcome(
      fetch(`${baseUrl}/__mock/api-keys`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"scopes":"all"}',
      }),
    ),
    // A simple request goes without a preflight: the browser sends it, the server must refuse it.
    controlReset: await outcome(
      fetch(`${baseUrl}/__mock/reset`, { method: 'POST', mode: 'no-cors' }),
    ),
  };
}
