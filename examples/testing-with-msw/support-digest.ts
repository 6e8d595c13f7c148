// "Your own code": a function that uses the SDK the way your application does, with no test hooks.
import { AgentPlatform, isServiceUnavailableError } from '@agent-platform/sdk';

/** A one-line digest of the workspace's agents, or a notice when the platform is down. */
export async function supportDigest(): Promise<string> {
  // No `fetch` option: the global fetch, which MSW intercepts in the tests.
  const client = new AgentPlatform({ maxRetries: 0 }); // key and URL from AGENT_PLATFORM_* env vars
  try {
    let active = 0;
    let total = 0;
    for await (const agent of client.agents.list({ limit: 100 })) {
      total++;
      if (agent.status === 'active') active++;
    }
    return `${active} of ${total} agents active`;
  } catch (error) {
    if (isServiceUnavailableError(error)) return 'the agent platform is down for maintenance';
    throw error;
  }
}
