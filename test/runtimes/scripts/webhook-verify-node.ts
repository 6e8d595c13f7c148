// Run by Bun and Deno (test/runtimes/runtimes.test.ts): the /node entry of the built
// @agent-platform/webhook-verify, on node:crypto. Bun implements node:crypto; so does Deno
// (createHmac and timingSafeEqual, which /node uses, checked on Deno 2.9), so both run it.
// Prints one JSON line of results.
import { signWebhookSync, verifyWebhookSync } from '@agent-platform/webhook-verify/node';
import {
  bodyOf,
  headersOf,
  receivedAt,
  vector,
  vectorOutcomes,
  vectorSignatures,
} from './vector-cases.ts';

const ascii = vector('A: ascii conversation.created');

// The same cases as the core entry's; a Promise from verifyWebhookSync would be a bug.
const outcomes = await vectorOutcomes(async (options) => {
  const event = verifyWebhookSync(options);
  if (typeof (event as { then?: unknown }).then === 'function') {
    throw new Error('verifyWebhookSync returned a Promise');
  }
  return event;
});

const signatures = await vectorSignatures(signWebhookSync);

// One digit off: thrown at once (no Promise), with the code.
const lastDigit = ascii.signature.endsWith('0') ? '1' : '0';
let wrongSignature: unknown = 'verified';
try {
  verifyWebhookSync({
    variant: 'A',
    rawBody: bodyOf(ascii),
    headers: headersOf(ascii, ascii.signature.slice(0, -1) + lastDigit),
    secret: ascii.secret,
    now: receivedAt(ascii),
  });
} catch (error) {
  wrongSignature = { code: (error as { code?: unknown }).code };
}

console.log(
  JSON.stringify({
    resolved: [import.meta.resolve('@agent-platform/webhook-verify/node')],
    outcomes,
    signatures,
    wrongSignature,
  }),
);
