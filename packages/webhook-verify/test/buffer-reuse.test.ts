import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webhookDedupeKey } from '../src/dedupe.js';
import { type VerifyWebhookOptions, verifyWebhook } from '../src/index.js';
import { signWebhookSync } from '../src/node.js';

// A receiver may reuse its body buffer as soon as verifyWebhook has been called. Whatever state the
// key cache is in, what is verified must be what is parsed: the buffer is wiped right after the
// call, while WebCrypto works, and the event must still come out of the original bytes.
const at = 1767225600;
const envelope = (variant: 'A' | 'B') =>
  JSON.stringify({
    ...(variant === 'B' ? { event_id: 'e-reuse' } : {}),
    event: 'contact.created',
    timestamp: '2026-01-01T00:00:00.000Z',
    webhook_id: 'w-reuse',
    data: { id: 'c1' },
  });

let secrets = 0;
/** A secret no other test has used: its key is not imported yet. */
const freshSecret = () => `whsec_reuse_${++secrets}`;

/** Bytes as fetch gives them, or a Node Buffer (Express, Fastify), whose slice() shares memory. */
let asBytes: (text: string) => Uint8Array = (text) => new TextEncoder().encode(text);

function delivery(variant: 'A' | 'B', signWith: string) {
  const text = envelope(variant);
  const headers = signWebhookSync({ variant, secret: signWith, rawBody: text, timestamp: at });
  return { rawBody: asBytes(text), headers: { ...headers } };
}

async function verifyThenWipe(options: VerifyWebhookOptions & { rawBody: Uint8Array }) {
  const pending = verifyWebhook({ ...options, now: new Date(at * 1000) });
  options.rawBody.fill(0x20);
  return pending;
}

describe.each([
  ['a Uint8Array', (text: string) => new TextEncoder().encode(text)],
  ['a Node Buffer', (text: string) => Buffer.from(text)],
])('verifyWebhook and a body buffer changed during the call: %s', (_name, bytes) => {
  beforeEach(() => {
    asBytes = bytes;
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("B, the secret's key not imported yet", async () => {
    const secret = freshSecret();
    const event = await verifyThenWipe({ variant: 'B', secret, ...delivery('B', secret) });
    expect(event).toMatchObject({ event_id: 'e-reuse', data: { id: 'c1' } });
  });

  it("B, the secret's key ready (the path that passes the caller's bytes without a copy)", async () => {
    const secret = freshSecret();
    await verifyWebhook({ variant: 'B', secret, ...delivery('B', secret) });
    const event = await verifyThenWipe({ variant: 'B', secret, ...delivery('B', secret) });
    expect(event).toMatchObject({ event_id: 'e-reuse', data: { id: 'c1' } });
  });

  it('B, during a rotation: the second secret matches, after the first one was tried', async () => {
    const [current, previous] = [freshSecret(), freshSecret()];
    const secret = [current, previous];
    await verifyWebhook({ variant: 'B', secret, ...delivery('B', current) }); // both keys ready
    const event = await verifyThenWipe({ variant: 'B', secret, ...delivery('B', previous) });
    expect(event).toMatchObject({ event_id: 'e-reuse' });
  });

  it('A, the key ready: the event and its dedupe body are the original bytes', async () => {
    const secret = freshSecret();
    await verifyWebhook({
      variant: 'A',
      secret,
      ...delivery('A', secret),
      now: new Date(at * 1000),
    });
    const event = await verifyThenWipe({ variant: 'A', secret, ...delivery('A', secret) });
    expect(event).toMatchObject({ webhook_id: 'w-reuse', data: { id: 'c1' } });
    const signedBody = createHash('sha256').update(envelope('A')).digest('hex');
    expect(await webhookDedupeKey(event)).toBe(`sha256:${signedBody}`);
  });

  it('a forged body still fails, though the buffer then holds other bytes', async () => {
    const secret = freshSecret();
    await verifyWebhook({ variant: 'B', secret, ...delivery('B', secret) });
    const forged = delivery('B', 'whsec_someone_else');
    await expect(verifyThenWipe({ variant: 'B', secret, ...forged })).rejects.toMatchObject({
      code: 'signature_mismatch',
    });
  });

  it('a key import whose Promise comes from another realm (node:vm, Jest) is awaited', async () => {
    const ForeignPromise = runInNewContext('Promise') as PromiseConstructor;
    const importKey = crypto.subtle.importKey.bind(crypto.subtle);
    vi.spyOn(crypto.subtle, 'importKey').mockImplementation(((
      ...args: Parameters<typeof importKey>
    ) => ForeignPromise.resolve(importKey(...args))) as typeof importKey);
    const secret = freshSecret();
    const event = await verifyThenWipe({ variant: 'B', secret, ...delivery('B', secret) });
    expect(event).toMatchObject({ event_id: 'e-reuse' });
  });
});

describe('what an event keeps of the delivery', () => {
  it("a Variant B event holds no reference to the caller's buffer (its dedupe key is event_id)", async () => {
    const secret = freshSecret();
    const { rawBody, headers } = delivery('B', secret);
    const event = await verifyWebhook({ variant: 'B', secret, rawBody, headers });
    const kept = Object.getOwnPropertySymbols(event).map((key) => (event as never)[key]);
    expect(kept).toEqual([]);
    expect(await webhookDedupeKey(event)).toBe('e-reuse');
  });

  it('a Variant A event keeps a copy of the signed body, not the buffer itself', async () => {
    const secret = freshSecret();
    const { rawBody, headers } = delivery('A', secret);
    const event = await verifyWebhook({
      variant: 'A',
      secret,
      rawBody,
      headers,
      now: new Date(at * 1000),
    });
    const kept = Object.getOwnPropertySymbols(event).map((key) => (event as never)[key]);
    expect(kept).toHaveLength(1);
    expect(kept[0]).not.toBe(rawBody);
    expect(kept[0]).toEqual(new Uint8Array(rawBody));
  });
});
