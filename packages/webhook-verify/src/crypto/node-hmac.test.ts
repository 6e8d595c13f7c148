import { afterEach, describe, expect, it, vi } from 'vitest';
import { signWebhookSync } from '../sign-webhook-sync.js';
import { verifyWebhookSync } from '../verify-webhook-sync.js';

// node:crypto as it is, with its timingSafeEqual watched: the only comparison the sync path may make.
vi.mock('node:crypto', async (importOriginal) => {
  const actual = await importOriginal<typeof import('node:crypto')>();
  return { ...actual, timingSafeEqual: vi.fn(actual.timingSafeEqual) };
});
const { timingSafeEqual } = await import('node:crypto');

const rawBody = JSON.stringify({
  event_id: 'e-node',
  event: 'contact.created',
  timestamp: '2026-01-01T00:00:00.000Z',
  webhook_id: 'w-node',
  data: { id: 'c1' },
});

afterEach(() => {
  vi.mocked(timingSafeEqual).mockClear();
});

describe('verifyWebhookSync', () => {
  it('compares with timingSafeEqual, the 32 decoded bytes against each secret’s HMAC in turn', () => {
    const secret = 'whsec_node_compare';
    const headers = { ...signWebhookSync({ variant: 'B', secret, rawBody }) };
    expect(verifyWebhookSync({ variant: 'B', rawBody, headers, secret })).toMatchObject({
      event_id: 'e-node',
    });
    expect(() =>
      verifyWebhookSync({ variant: 'B', rawBody, headers, secret: ['whsec_x', 'whsec_y'] }),
    ).toThrow(expect.objectContaining({ code: 'signature_mismatch' }));
    const calls = vi.mocked(timingSafeEqual).mock.calls;
    expect(calls).toHaveLength(3);
    const claimed = Buffer.from(headers['X-Service-Signature'].slice(7), 'hex');
    for (const [mac, signature] of calls) {
      expect(Buffer.from(signature as Uint8Array)).toEqual(claimed);
      expect((mac as Uint8Array).length).toBe(32);
    }
  });
});
