// 6. Webhooks: the mock delivers to your receiver in-process (`deliveryFetch`: no port), signed as the
// platform signs, on its manual clock; `settle()` waits for the deliveries sent, `clock.advance` sends retries.
import { createMockServer, DEMO_API_KEY, DEMO_IDS } from '@agent-platform/mock-server';
import { AgentPlatform } from '@agent-platform/sdk';
import { expect, it } from 'vitest';
import { handoffNotifier } from './handoff-notifier.js';

/** Your receiver registered as a webhook of the demo workspace; `notify` is what it calls. */
async function setup(notify: (text: string) => Promise<void>) {
  let receiver = (_: Request) => Promise.resolve(new Response(null, { status: 503 }));
  const mock = createMockServer({
    seed: 'demo',
    clock: 'manual',
    deliveryFetch: (url, init) => receiver(new Request(url, init)),
  });
  const client = new AgentPlatform({
    apiKey: DEMO_API_KEY,
    baseUrl: mock.baseUrl,
    fetch: mock.fetch,
  });
  const { secret } = await client.webhooks.create({
    url: 'https://app.example.test/webhooks', // never dialled: deliveryFetch takes it
    events: ['agent.handoff_started'],
  });
  // On a manual clock a delivery is signed at the mock's time: verify against it.
  const now = () => new Date(mock.clock.now());
  receiver = handoffNotifier({ client, secret, notify, now });
  // A chat with Ada, handed to a person: the event your receiver waits for.
  const handOff = async () => {
    const chat = await client.agents.startConversation(DEMO_IDS.supportAgent, {
      message: 'A person, please',
      contact_id: DEMO_IDS.adaContact,
    });
    await client.chats.startHuman(chat.conversation_id);
    return chat.conversation_id;
  };
  return { mock, handOff };
}

it('tells the team who waits for a person', async () => {
  const told: string[] = [];
  const { mock, handOff } = await setup(async (text) => {
    told.push(text);
  });
  const chatId = await handOff();
  await mock.settle(); // the delivery went out at once; this waits for your receiver's answer
  expect(told).toEqual([`Ada Lovelace is waiting for a person (chat ${chatId})`]);
});

it('is told again by the retry when notifying failed', async () => {
  const told: string[] = [];
  let down = true; // the chat service is down for the first delivery
  const { mock, handOff } = await setup(async (text) => {
    if (down) throw new Error('chat service down');
    told.push(text);
  });
  await handOff();
  await mock.settle();
  expect(told).toEqual([]);
  down = false;
  await mock.clock.advance(60_000); // Variant A retries after 1 min; returns once it is answered
  expect(told).toHaveLength(1);
  expect(mock.webhookAttempts().map((a) => a.http_status)).toEqual([500, 200]);
});
