import { DEMO_IDS } from '@agent-platform/mock-server';
import { expect, it } from 'vitest';
import { quickstart } from './quickstart.js';
import { mockEnv } from './support/mock-env.js';

it('quickstart lists the demo agents and gets an answer from the support agent', async () => {
  const { mock, env, lines } = mockEnv();
  await quickstart(env);
  expect(lines).toContain(`agent ${DEMO_IDS.supportAgent} Support Agent (active)`);
  expect(lines).toContain('customer: Where is my order?');
  // The demo's shipping training answers it (a first run should not meet the fallback reply).
  expect(lines.at(-1)).toMatch(/^Support Agent: .*\(from "Shipping/);
  const conversations = mock.requests().filter((r) => r.path.endsWith('/conversation'));
  expect(conversations.map((r) => r.status)).toEqual([200]);
});
