// Model-based test of the chat state machine: random sequences of every operation that changes a
// chat (customer messages through the API and the channel, handoff and back, human replies, close,
// reopen, transfer, message edits, deletions and receipts, the clock, and the agent, contact or
// channel underneath deleted or changed), each compared with a small reference model: the answer,
// every chat, conversation and message as the API reads them, the filtered lists, the domain events
// and the webhook deliveries of a `*` and a category subscription.
import fc from 'fast-check';
import { describe, it } from 'vitest';
import { close, reopen, startHuman, stopHuman, transfer } from '../support/chat-model-handoff.js';
import {
  answerNext,
  askSlowly,
  customerMessage,
  deleteMessage,
  editMessage,
  humanReply,
  receipt,
  startConversation,
} from '../support/chat-model-messages.js';
import { setup } from '../support/chat-model-run.js';
import {
  advance,
  createAgent,
  createChannel,
  createContact,
  deleteAgent,
  deleteChannel,
  deleteContact,
  roundTrip,
  setAgentStatus,
  setChannelStatus,
} from '../support/chat-model-world.js';

// Seeded and bounded for CI (about 15 s); MODEL_RUNS=500 MODEL_SEED=... for a longer hunt.
const RUNS = Number(process.env.MODEL_RUNS ?? 24);
const SEED = Number(process.env.MODEL_SEED ?? 20261120);

const n = fc.nat({ max: 20 });
const text = fc.constantFrom('Hello', 'Where is my order?', 'Thanks!', '¿Dónde está? 📦');

const chatCommands = [
  fc.tuple(n, fc.option(n, { nil: null }), text).map(([a, c, t]) => startConversation(a, c, t)),
  fc.tuple(n, text, fc.boolean()).map(([c, t, i]) => customerMessage(c, t, i)),
  fc
    .tuple(
      n,
      fc.option(
        fc.constantFrom(
          '7c1e2d3f-4a5b-4c6d-8e9f-0a1b2c3d4e5f',
          'd2f1e0a4-1b2c-4d3e-8f4a-5b6c7d8e9f01',
        ),
        { nil: null },
      ),
    )
    .map(([c, a]) => startHuman(c, a)),
  fc.tuple(n, text, fc.boolean()).map(([c, t, i]) => humanReply(c, t, i)),
  n.map(stopHuman),
  fc.tuple(n, text).map(([c, t]) => askSlowly(c, t)),
  fc.constant(null).map(answerNext),
  n.map(close),
  n.map(reopen),
  fc.tuple(n, n).map(([c, a]) => transfer(c, a)),
  fc
    .tuple(n, fc.option(n, { nil: null, freq: 4 }), fc.boolean())
    .map(([x, c, l]) => editMessage(x, c, l)),
  fc.tuple(n, fc.boolean()).map(([x, v]) => deleteMessage(x, v)),
  fc
    .tuple(n, fc.constantFrom('delivered' as const, 'read' as const))
    .map(([x, s]) => receipt(x, s)),
];

const otherCommands = [
  fc.constantFrom(1, 1000, 60_000, 3_600_000).map(advance),
  fc.constant(null).map(roundTrip),
  fc.constant(null).map(createAgent),
  fc
    .tuple(n, fc.constantFrom('active' as const, 'inactive' as const))
    .map(([a, s]) => setAgentStatus(a, s)),
  n.map(deleteAgent),
  fc.constant(null).map(createContact),
  n.map(deleteContact),
  fc
    .tuple(fc.option(n, { nil: null }), fc.constantFrom('widget' as const, 'whatsapp' as const))
    .map(([a, t]) => createChannel(a, t)),
  fc
    .tuple(
      n,
      fc.constantFrom(
        'pair' as const,
        'active' as const,
        'disconnected' as const,
        'error' as const,
      ),
    )
    .map(([c, s]) => setChannelStatus(c, s)),
  n.map(deleteChannel),
];

// The chat's own operations three times as often as those on what lies underneath.
const commands = [...chatCommands, ...chatCommands, ...chatCommands, ...otherCommands];

describe.each(['A', 'B'] as const)(
  'the chat state machine against a model, Variant %s',
  (variant) => {
    it('agrees after every command', async () => {
      await fc.assert(
        fc.asyncProperty(fc.commands(commands, { maxCommands: 60, size: 'max' }), async (cmds) => {
          const { model, real } = await setup(variant);
          try {
            for (const first of [
              createAgent(),
              createAgent(),
              createContact(),
              createChannel(0, 'widget'),
              startConversation(0, 0, 'Hi'),
            ]) {
              await first.run(model, real);
            }
            await fc.asyncModelRun(() => ({ model, real }), cmds);
          } finally {
            for (const p of model.pending) p.release();
            await Promise.all(model.pending.map((p) => p.response));
            real.mock.dispose();
          }
        }),
        { numRuns: RUNS, seed: SEED },
      );
    }, 60_000);
  },
);
