// The AWS Lambda recipe, given the events API Gateway (REST API, payload 1.0; HTTP API, payload
// 2.0), Function URLs and ALB targets build from a request (lambda-events.ts). No AWS SDK: an event
// is a plain object, and the handler a plain async function.
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from 'vitest';
import { createDeduper, createMemoryStore } from '../../src/dedupe.js';
import { signWebhook, verifyWebhook, type WebhookEvent } from '../../src/index.js';
import { bodyOf, vector, vectorWebhookId } from '../support/vectors.js';
import {
  albEvent,
  type BodyHandling,
  type Event,
  httpApiEvent,
  restApiEvent,
  type SentRequest,
} from './lambda-events.js';
import { type LambdaHttpResult, lambdaHeaders, lambdaReceiver } from './lambda-recipe.js';

const emoji = vector('B: emoji in data');
const notUtf8 = vector('B: bytes that are not valid UTF-8');
const secret = emoji.secret;

/** A vector's delivery as the platform sends it, header names in its case. */
const sentVector = (v: typeof emoji): SentRequest => ({
  body: bodyOf(v),
  headers: [
    ['Content-Type', 'application/json'],
    ['X-Service-Signature', v.signature],
  ],
});

const integrations: { name: string; toEvent(sent: SentRequest, handling: BodyHandling): Event }[] =
  [
    { name: 'API Gateway REST API (payload 1.0)', toEvent: restApiEvent },
    { name: 'API Gateway HTTP API (payload 2.0)', toEvent: httpApiEvent },
    { name: 'Lambda Function URL', toEvent: httpApiEvent },
    {
      name: 'ALB target',
      toEvent: (sent, handling) => albEvent(sent, { ...handling, multiValueHeaders: false }),
    },
    {
      name: 'ALB target with multi-value headers',
      toEvent: (sent, handling) => albEvent(sent, { ...handling, multiValueHeaders: true }),
    },
  ];

let warn: MockInstance<typeof console.warn>;
beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => warn.mockRestore());

function receiver() {
  const handled: WebhookEvent[] = [];
  const handler = lambdaReceiver({
    secret,
    deduper: createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 }),
    onEvent: async (event) => {
      handled.push(event);
    },
  });
  return { handler, handled };
}

const answer = (statusCode: number, body: string): LambdaHttpResult => ({
  statusCode,
  headers: { 'content-type': 'text/plain' },
  body,
  isBase64Encoded: false,
});

describe.each(integrations)('recipe: AWS Lambda, $name', ({ toEvent }) => {
  it('handles an emoji body handed over as text, and its retry as a duplicate', async () => {
    const { handler, handled } = receiver();
    const event = toEvent(sentVector(emoji), { base64: false });
    expect(await handler(event)).toEqual(answer(200, 'ok'));
    expect(await handler(event)).toEqual(answer(200, 'duplicate'));
    expect(handled.map((e) => e.event)).toEqual(['message.received']);
  });

  it('handles an emoji body handed over base64-encoded (decoded, not verified as the base64 text)', async () => {
    const { handler, handled } = receiver();
    expect(await handler(toEvent(sentVector(emoji), { base64: true }))).toEqual(answer(200, 'ok'));
    expect(handled).toHaveLength(1);
  });

  it('handles a body that is not valid UTF-8, handed over base64-encoded', async () => {
    const { handler, handled } = receiver();
    const event = toEvent(sentVector(notUtf8), { base64: true });
    expect(await handler(event)).toEqual(answer(200, 'ok'));
    expect(handled.map((e) => e.event)).toEqual(['message.received']);
  });

  // Handed over as text, its invalid bytes were replaced before the Lambda ran: no code of the
  // receiver can get them back. Refused, not accepted with other bytes (README: binary media types).
  it('refuses that body handed over as text (the integration replaced its bytes with U+FFFD)', async () => {
    const { handler, handled } = receiver();
    const event = toEvent(sentVector(notUtf8), { base64: false });
    expect(await handler(event)).toEqual(answer(401, 'signature_mismatch'));
    expect(handled).toHaveLength(0);
  });

  it('refuses a body parsed and serialised again (other bytes than were signed)', async () => {
    const { handler } = receiver();
    const text = `{"event_id": "d1e2f3a4-b5c6-4d7e-8f90-a1b2c3d4e5f6", "event": "contact.created", "timestamp": "2026-01-01T00:00:00.000Z", "webhook_id": "${vectorWebhookId}", "data": {"note": "caf\\u00e9 \u{1F389}"}}`;
    const signed = await signWebhook({ variant: 'B', secret, rawBody: text });
    const reserialised = JSON.stringify(JSON.parse(text));
    expect(reserialised).not.toBe(text); // what makes the test a test
    const sent = (body: string): SentRequest => ({
      body: new TextEncoder().encode(body),
      headers: [['X-Service-Signature', signed['X-Service-Signature']]],
    });
    expect(await handler(toEvent(sent(text), { base64: false }))).toEqual(answer(200, 'ok'));
    expect(await handler(toEvent(sent(reserialised), { base64: false }))).toEqual(
      answer(401, 'signature_mismatch'),
    );
  });

  it('handles a Variant A delivery whose header names are as signWebhook writes them (mixed case)', async () => {
    const { handler, handled } = receiver();
    const rawBody = bodyOf(vector('A: emoji in data'));
    const headers = await signWebhook({ variant: 'A', secret, rawBody });
    expect(Object.keys(headers)).toContain('X-Webhook-Timestamp');
    const sent: SentRequest = { body: rawBody, headers: Object.entries(headers) };
    expect(await handler(toEvent(sent, { base64: false }))).toEqual(answer(200, 'ok'));
    expect(handled).toMatchObject([{ variant: 'A' }]);
  });

  it('answers 400 missing_header to an unsigned request', async () => {
    const { handler } = receiver();
    const sent: SentRequest = {
      body: bodyOf(emoji),
      headers: [['Content-Type', 'application/json']],
    };
    expect(await handler(toEvent(sent, { base64: false }))).toEqual(answer(400, 'missing_header'));
  });
});

// A repeated signature header is refused wherever the integration lets the receiver see the repeat.
describe('recipe: AWS Lambda, a signature header sent twice', () => {
  // The valid signature last: an integration that keeps only the last would accept this.
  const twice: SentRequest = {
    body: bodyOf(emoji),
    headers: [
      ['X-Service-Signature', `sha256=${'0'.repeat(64)}`],
      ['X-Service-Signature', emoji.signature],
    ],
  };
  const refused = answer(400, 'malformed_signature');

  it("is refused from a REST API event's multiValueHeaders, though its headers hold only the last", async () => {
    const event = restApiEvent(twice, { base64: false });
    expect(event.headers).toEqual({ 'X-Service-Signature': emoji.signature });
    // Why the recipe reads multiValueHeaders: the headers alone verify.
    await expect(
      verifyWebhook({ variant: 'B', rawBody: bodyOf(emoji), headers: event.headers ?? {}, secret }),
    ).resolves.toMatchObject({ event: 'message.received' });
    expect(await receiver().handler(event)).toEqual(refused);
  });

  it('is refused comma-joined in an HTTP API or Function URL event', async () => {
    const event = httpApiEvent(twice, { base64: false });
    expect(event.headers?.['x-service-signature']).toContain(',');
    expect(await receiver().handler(event)).toEqual(refused);
  });

  it("is refused from an ALB target's multiValueHeaders", async () => {
    const event = albEvent(twice, { base64: false, multiValueHeaders: true });
    expect(await receiver().handler(event)).toEqual(refused);
  });

  // Without multi-value headers the ALB drops all but the last: the receiver cannot see a repeat,
  // and verifies the last (the README says to turn multi-value headers on).
  it('cannot be seen behind an ALB without multi-value headers: the last one is verified', async () => {
    const event = albEvent(twice, { base64: false, multiValueHeaders: false });
    expect(lambdaHeaders(event)).toEqual({ 'x-service-signature': emoji.signature });
    expect(await receiver().handler(event)).toEqual(answer(200, 'ok'));
  });

  it("is refused for Variant A's timestamp header too (REST API, sender's case)", async () => {
    const rawBody = bodyOf(vector('A: emoji in data'));
    const headers = await signWebhook({ variant: 'A', secret, rawBody });
    const sent: SentRequest = {
      body: rawBody,
      headers: [
        ...Object.entries(headers),
        ['x-webhook-timestamp', headers['X-Webhook-Timestamp']],
      ],
    };
    expect(await receiver().handler(restApiEvent(sent, { base64: false }))).toEqual(
      answer(400, 'malformed_timestamp'),
    );
  });
});

describe('recipe: AWS Lambda, events without headers or body', () => {
  // The API Gateway console's test event, or an event built by hand: null, not an empty record.
  it('answers 400 missing_header to a REST API event whose headers are null', async () => {
    const event: Event = { body: null, headers: null, multiValueHeaders: null };
    expect(await receiver().handler(event)).toEqual(answer(400, 'missing_header'));
  });

  it('answers 400 missing_header to an event with neither headers nor body', async () => {
    expect(await receiver().handler({})).toEqual(answer(400, 'missing_header'));
  });
});
