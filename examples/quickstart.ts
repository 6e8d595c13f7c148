// Quick start: list the agents, then start a conversation with one of them.
// Run: pnpm -C examples quickstart   (against AGENT_PLATFORM_BASE_URL, or a mock started for you)
import { AgentPlatform } from '@agent-platform/sdk';
import { type ExampleEnv, isMain, runExample } from './support/run-example.js';

/** Lists the workspace's agents and asks the first active one a question. */
export async function quickstart({ baseUrl, apiKey, fetch, log }: ExampleEnv): Promise<void> {
  const client = new AgentPlatform({ apiKey, baseUrl, fetch });

  const agents = await client.agents.list({ limit: 10 });
  for (const agent of agents.data) log(`agent ${agent.id} ${agent.name} (${agent.status})`);

  const agent =
    agents.data.find((a) => a.name === 'Support Agent') ??
    agents.data.find((a) => a.status === 'active');
  if (!agent) throw new Error('no active agent in this workspace');

  const reply = await client.agents.startConversation(agent.id, { message: 'Where is my order?' });
  log(`conversation ${reply.conversation_id} started with ${agent.name}`);
  log(`customer: Where is my order?`);
  log(`${agent.name}: ${reply.response ?? '(no answer)'}`);
}

if (isMain(import.meta.url)) await runExample(quickstart);
