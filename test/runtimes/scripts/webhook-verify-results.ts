// The core entry of the built @agent-platform/webhook-verify, imported by its name as a user would,
// and /dedupe: webhook-verify.ts runs it on Deno and Bun, worker.ts on workerd. The test
// (test/runtimes/runtimes.test.ts) compares its results with what the vectors say.
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

/** The package entries these results come from, as imported. */
export const entries = ['@agent-platform/webhook-verify', '@agent-platform/webhook-verify/dedupe'];

/** The results the test checks. `deliver` passes a Request to `receive` (by default, a call). */
export async function results(
  deliver: (request: Request) => Promise<Response> = receive,
): Promise<Record<string, unknown>> {
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

  return {
    outcomes: await vectorOutcomes(verifyWebhook),
    signatures,
    roundTrip,
    wrongSignature,
    tooOld,
    claims,
    fromRequest: await fromRequest(deliver),
  };
}

/** The secrets of a rotation in progress: the receiver accepts both. */
const rotation = { previous: 'whsec_runtime-previous', next: 'whsec_runtime-next' };

/**
 * A webhook receiver as the README shows it: the raw body read from the Request (as a Uint8Array,
 * or as the ArrayBuffer itself with `?body=ArrayBuffer`), its Headers, and both secrets of a
 * rotation. Answers the outcome as JSON.
 */
export async function receive(request: Request): Promise<Response> {
  const buffer = await request.arrayBuffer();
  const asBuffer = new URL(request.url).searchParams.get('body') === 'ArrayBuffer';
  const outcome = await outcomeOf(() =>
    verifyWebhook({
      variant: 'auto',
      rawBody: asBuffer ? buffer : new Uint8Array(buffer),
      headers: request.headers,
      secret: [rotation.next, rotation.previous],
    }),
  );
  return Response.json(outcome);
}

/**
 * Deliveries of both variants signed with each secret of the rotation and with one the receiver
 * does not know, sent as Requests through `deliver`; the outcomes by
 * `<variant> | <signed with> | <body type>`.
 */
async function fromRequest(
  deliver: (request: Request) => Promise<Response>,
): Promise<Record<string, unknown>> {
  const secrets = { ...rotation, unknown: 'whsec_runtime-unknown' };
  const outcomes: Record<string, unknown> = {};
  for (const variant of ['A', 'B'] as const) {
    for (const [signedWith, secret] of Object.entries(secrets)) {
      for (const bodyType of ['Uint8Array', 'ArrayBuffer']) {
        const rawBody = JSON.stringify({
          ...(variant === 'B' ? { event_id: `evt-${signedWith}` } : {}),
          event: 'webhook.test',
          timestamp: new Date().toISOString(),
          webhook_id: 'wh-from-request',
          data: { message: `signed with ${signedWith}: ünïcödé ✓` },
        });
        const headers = await signWebhook({ variant, secret, rawBody });
        const response = await deliver(
          new Request(`https://receiver.example/webhooks?body=${bodyType}`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...headers },
            body: new TextEncoder().encode(rawBody),
          }),
        );
        outcomes[`${variant} | ${signedWith} | ${bodyType}`] = await response.json();
      }
    }
  }
  return outcomes;
}
