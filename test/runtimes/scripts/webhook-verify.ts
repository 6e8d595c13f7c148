// Run by Deno and Bun (test/runtimes/runtimes.test.ts): the core entry of the built
// @agent-platform/webhook-verify, imported by its name as a user would, and /dedupe. Prints one
// JSON line of results, which the test compares with what the vectors say.
import {
  isWebhookVerificationError,
  signWebhook,
  verifyWebhook,
  WebhookVerificationError,
} from '@agent-platform/webhook-verify';
import { createDeduper, createMemoryStore } from '@agent-platform/webhook-verify/dedupe';
import {
  bodyOf,
  headersOf,
  outcomeOf,
  receivedAt,
  vector,
  vectorOutcomes,
  vectorSignatures,
} from './vector-cases.ts';

const ascii = vector('A: ascii conversation.created');

// signWebhook gives openssl's signature for every vector.
const signatures = await vectorSignatures(signWebhook);

// What signWebhook signs, verifyWebhook accepts: a body of this run, both variants.
const roundTrip: Record<string, unknown> = {};
for (const variant of ['A', 'B'] as const) {
  const secret = 'whsec_runtime-round-trip';
  const timestamp = new Date();
  const rawBody = JSON.stringify({
    event_id: variant === 'B' ? 'evt-round-trip' : undefined,
    event: 'webhook.test',
    timestamp: timestamp.toISOString(),
    webhook_id: 'wh-round-trip',
    data: { message: `signed on ${variant}` },
  });
  const headers = await signWebhook({ variant, secret, rawBody, timestamp });
  roundTrip[variant] = await outcomeOf(() =>
    verifyWebhook({ variant: 'auto', rawBody, headers: new Headers(headers), secret }),
  );
}

// One digit off: rejected as a mismatch, with the package's error class.
const lastDigit = ascii.signature.endsWith('0') ? '1' : '0';
let wrongSignature: unknown = 'verified';
try {
  await verifyWebhook({
    variant: 'A',
    rawBody: bodyOf(ascii),
    headers: headersOf(ascii, ascii.signature.slice(0, -1) + lastDigit),
    secret: ascii.secret,
    now: receivedAt(ascii),
  });
} catch (error) {
  wrongSignature = {
    instanceOfClass: error instanceof WebhookVerificationError,
    guard: isWebhookVerificationError(error),
    code: (error as { code?: unknown }).code,
  };
}

// Authentic but 301 s old, past the default tolerance of 300 s.
const tooOld = await outcomeOf(() =>
  verifyWebhook({
    variant: 'A',
    rawBody: bodyOf(ascii),
    headers: headersOf(ascii),
    secret: ascii.secret,
    now: receivedAt(ascii, 301),
  }),
);

// The in-memory store lets one claim through; the rest see it in progress, then done.
const event = await verifyWebhook({
  variant: 'A',
  rawBody: bodyOf(ascii),
  headers: headersOf(ascii),
  secret: ascii.secret,
  now: receivedAt(ascii),
});
const deduper = createDeduper({ store: createMemoryStore(), ttlSeconds: 60 });
const claims = [await deduper.claim(event), await deduper.claim(event)];
await deduper.complete(event);
claims.push(await deduper.claim(event));

console.log(
  JSON.stringify({
    resolved: [
      import.meta.resolve('@agent-platform/webhook-verify'),
      import.meta.resolve('@agent-platform/webhook-verify/dedupe'),
    ],
    outcomes: await vectorOutcomes(verifyWebhook),
    signatures,
    roundTrip,
    wrongSignature,
    tooOld,
    claims,
  }),
);
