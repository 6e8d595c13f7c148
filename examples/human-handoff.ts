// Human handoff: a person takes a chat over from the AI agent, replies, and hands it back.
// Run: pnpm -C examples human-handoff
import { AgentPlatform } from '@agent-platform/sdk';
import { type ExampleEnv, isMain, runExample } from './support/run-example.js';

/** Starts a conversation, hands it to a human (start-human), replies as that human, hands it back. */
export async function humanHandoff({ baseUrl, apiKey, fetch, log }: ExampleEnv): Promise<void> {
  const client = new AgentPlatform({ apiKey, baseUrl, fetch });

  const agents = await client.agents.list({ status: 'active', limit: 1 });
  const agent = agents.data[0];
  if (!agent) throw new Error('no active agent in this workspace');

  // A chat has the id of its conversation.
  const { conversation_id: chatId } = await client.agents.startConversation(agent.id, {
    message: 'I would like to talk to a person, please.',
  });
  log(`chat ${chatId}: ${(await client.chats.retrieve(chatId)).status}`);

  const taken = await client.chats.startHuman(chatId);
  log(`start-human: ${taken.status}`); // the AI stops answering

  await client.chats.sendMessage(chatId, {
    content: 'Hi, this is Ann from support. How can I help?',
  });

  const released = await client.chats.stopHuman(chatId);
  log(`stop-human: ${released.status}`); // the AI answers again

  for await (const message of client.conversations.listMessages(chatId, { order: 'asc' })) {
    log(`${message.sender_type}: ${message.content}`);
  }
}

if (isMain(import.meta.url)) await runExample(humanHandoff);
