import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { signWebhook } from './sign-webhook.js';
import { signWebhookSync } from './sign-webhook-sync.js';
import { verifyWebhook } from './verify-webhook.js';

const secret = `whsec_${'ab'.repeat(32)}`;
const bodyA = JSON.stringify({
  event: 'webhook.test',
  timestamp: '2026-01-01T00:00:00.000Z',
  webhook_id: 'w1',
  data: {},
});

describe('signWebhook', () => {
  it('A: the three headers, content type, lower-case hex; the ID from the body', async () => {
    const headers = await signWebhook({
      variant: 'A',
      secret,
      rawBody: bodyA,
      timestamp: 1767225600,
    });
    expect(headers).toEqual({
      'Content-Type': 'application/json',
      'X-Webhook-Signature': expect.stringMatching(/^sha256=[0-9a-f]{64}$/),
      'X-Webhook-Timestamp': '1767225600',
      'X-Webhook-ID': 'w1',
    });
    expect(
      signWebhookSync({ variant: 'A', secret, rawBody: bodyA, timestamp: 1767225600 }),
    ).toEqual(headers);
  });

  it('A: a Date timestamp is whole seconds, and what it signs verifies', async () => {
    const at = new Date('2026-01-01T00:00:00.750Z');
    const headers = await signWebhook({ variant: 'A', secret, rawBody: bodyA, timestamp: at });
    expect(headers['X-Webhook-Timestamp']).toBe('1767225600');
    const event = await verifyWebhook({
      variant: 'A',
      secret,
      rawBody: bodyA,
      headers: { ...headers },
      now: at,
    });
    expect(event.event).toBe('webhook.test');
  });

  it('A: takes a Date made in another realm (node:vm, an iframe), as verifyWebhook takes it as now', async () => {
    const at = runInNewContext('new Date(ms)', { ms: Date.UTC(2026, 0, 1, 0, 0, 0, 750) });
    const headers = await signWebhook({ variant: 'A', secret, rawBody: bodyA, timestamp: at });
    expect(headers['X-Webhook-Timestamp']).toBe('1767225600');
    expect(signWebhookSync({ variant: 'A', secret, rawBody: bodyA, timestamp: at })).toEqual(
      headers,
    );
  });

  it('A: signs any date up to December 9999, and what it signs verifies', async () => {
    const at = new Date(Date.UTC(9999, 11, 1));
    const headers = signWebhookSync({ variant: 'A', secret, rawBody: bodyA, timestamp: at });
    expect(headers['X-Webhook-Timestamp']).toBe(String(at.getTime() / 1000));
    const event = await verifyWebhook({ variant: 'A', secret, rawBody: bodyA, headers, now: at });
    expect(event.event).toBe('webhook.test');
  });

  it('A: signs any timestamp from 0 to the second before 2534e8', () => {
    for (const timestamp of [0, 2534e8 - 1]) {
      const headers = signWebhookSync({ variant: 'A', secret, rawBody: bodyA, timestamp });
      expect(headers['X-Webhook-Timestamp']).toBe(String(timestamp));
    }
  });

  it('A: finds the ID in a body that starts with a byte-order mark, as text or as bytes', async () => {
    const text = `\ufeff${bodyA}`;
    for (const rawBody of [text, new TextEncoder().encode(text)]) {
      const headers = await signWebhook({ variant: 'A', secret, rawBody, timestamp: 1767225600 });
      expect(headers['X-Webhook-ID']).toBe('w1');
    }
  });

  it('B: only the signature and the content type', async () => {
    const headers = await signWebhook({ variant: 'B', secret, rawBody: 'x' });
    expect(Object.keys(headers).sort()).toEqual(['Content-Type', 'X-Service-Signature']);
  });

  it.each([
    ['an empty secret', { variant: 'B', secret: '', rawBody: 'x' }],
    ['a padded secret', { variant: 'B', secret: ' s', rawBody: 'x' }],
    ['variant auto', { variant: 'auto', secret, rawBody: 'x' }],
    ['A without a webhook id', { variant: 'A', secret, rawBody: '{}' }],
    ['A with a fractional timestamp', { variant: 'A', secret, rawBody: bodyA, timestamp: 1.5 }],
    [
      'A with a timestamp in milliseconds',
      { variant: 'A', secret, rawBody: bodyA, timestamp: 1_767_225_600_000 },
    ],
    [
      'A with a timestamp in milliseconds of 1979',
      { variant: 'A', secret, rawBody: bodyA, timestamp: 300_000_000_000 },
    ],
    ['A with a negative timestamp', { variant: 'A', secret, rawBody: bodyA, timestamp: -1 }],
    [
      'A with a timestamp of 2534e8 s (past December 9999)',
      { variant: 'A', secret, rawBody: bodyA, timestamp: 2534e8 },
    ],
    [
      'A with an empty webhook_id in the body',
      { variant: 'A', secret, rawBody: JSON.stringify({ webhook_id: '' }), timestamp: 0 },
    ],
    ['A with an empty webhookId', { variant: 'A', secret, rawBody: bodyA, webhookId: '' }],
    [
      'A with a webhookId that is no string',
      { variant: 'A', secret, rawBody: bodyA, webhookId: 7 },
    ],
    ['A with a null timestamp', { variant: 'A', secret, rawBody: bodyA, timestamp: null }],
    [
      'A with a timestamp that only looks like a Date',
      { variant: 'A', secret, rawBody: bodyA, timestamp: { getTime: () => 1_767_225_600_000 } },
    ],
    [
      'A with an invalid Date of another realm',
      { variant: 'A', secret, rawBody: bodyA, timestamp: runInNewContext('new Date(NaN)') },
    ],
  ])('throws at once for %s', (_name, options) => {
    expect(() => signWebhook(options as never)).toThrow(TypeError);
    expect(() => signWebhookSync(options as never)).toThrow(TypeError);
  });

  it("refuses a list of secrets, a receiver's rotation list: a delivery carries one signature, and which secret makes it is the sender's choice", () => {
    // The platform signs with the previous secret through a rotation's grace (the mock's
    // signingSecret), while a receiver lists the new one first: neither the first nor the last
    // of a list would sign as the platform does.
    const old = 'whsec_old';
    for (const list of [[secret], [secret, old], [old, secret]]) {
      for (const sign of [signWebhook, signWebhookSync]) {
        expect(() => sign({ variant: 'B', secret: list as never, rawBody: 'x' })).toThrow(
          'webhook-verify: secret must be one string: a delivery has one signature',
        );
      }
    }
  });

  it('refuses options that are no object (from JavaScript) with the TypeError verifyWebhook throws', () => {
    for (const options of [undefined, null, 'x', [{ variant: 'B', secret, rawBody: 'x' }]]) {
      for (const sign of [signWebhook, signWebhookSync]) {
        expect(() => sign(options as never)).toThrow(
          new TypeError('webhook-verify: options must be an object'),
        );
      }
    }
  });

  it('throws invalid_body at once for a parsed object or a stream, as verifyWebhook rejects it (the README)', () => {
    for (const rawBody of [JSON.parse(bodyA), new Response(bodyA).body]) {
      for (const sign of [signWebhook, signWebhookSync]) {
        expect(() => sign({ variant: 'B', secret, rawBody })).toThrow(
          expect.objectContaining({ name: 'WebhookVerificationError', code: 'invalid_body' }),
        );
      }
    }
  });

  it('throws at once for a body whose buffer was transferred, rather than sign it as empty', () => {
    for (const variant of ['A', 'B'] as const) {
      const { buffer } = new TextEncoder().encode(bodyA);
      const rawBody = new Uint8Array(buffer);
      structuredClone(buffer, { transfer: [buffer] });
      for (const rb of [buffer, rawBody]) {
        const options = { variant, secret, rawBody: rb, webhookId: 'w1' };
        expect(() => signWebhook(options)).toThrow(/^rawBody is a detached buffer: /);
        expect(() => signWebhookSync(options)).toThrow(/^rawBody is a detached/);
      }
    }
  });
});

describe('an option given as undefined', () => {
  it('is left out, in signing and verifying (the types let exactOptionalPropertyTypes pass one)', async () => {
    const headers = await signWebhook({
      variant: 'A',
      secret,
      rawBody: bodyA,
      timestamp: undefined,
      webhookId: undefined,
    });
    expect(headers['X-Webhook-ID']).toBe('w1');
    const event = await verifyWebhook({
      variant: 'A',
      secret,
      rawBody: bodyA,
      headers,
      toleranceSeconds: undefined,
      maxFutureSeconds: undefined,
      now: undefined,
    });
    expect(event.webhook_id).toBe('w1');
  });
});
