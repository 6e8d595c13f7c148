// "Your own code": a function that uses the SDK the way your application does, with no test hooks.
import { AgentPlatform, isServiceUnavailableError } from '@agent-platform/sdk';

/** A one-line digest of the workspace's agents, or a notice when the platform is down. */
export async function supportDigest(): Promise<string> {
  // No `fetch` option: the global fetch, which MSW intercepts in the tests. Key and URL from the
  // AGENT_PLATFORM_* env vars. The default retries (a lost connection, a 502 or 503), except a wait
  // of over 5 s: in maintenance (Retry-After: 60) the digest says so at once instead of waiting.
  const client = new AgentPlatform({ maxRetryAfter: 5 });
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
