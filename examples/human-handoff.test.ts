import { expect, it } from 'vitest';
import { humanHandoff } from './human-handoff.js';
import { mockEnv } from './support/mock-env.js';

it('human handoff goes open -> human -> open, with the human reply in the conversation', async () => {
  const { env, lines } = mockEnv();
  await humanHandoff(env);
  expect(lines).toEqual([
    expect.stringMatching(/^chat [0-9a-f-]{36}: open$/),
    'start-human: human',
    'stop-human: open',
    'customer: I would like to talk to a person, please.',
    expect.stringMatching(/^agent: \S/),
    'human: Hi, this is Ann from support. How can I help?',
  ]);
});
