import { describe, expect, it } from 'vitest';
import { signWebhook } from '../src/index.js';
import { signWebhookSync } from '../src/node.js';
import { outcomeBoth } from './support/outcome.js';
import { bodyOf, deliveryOf, vectors } from './support/vectors.js';

// Signatures computed by openssl (fixtures/make-vectors.sh), never by the code under test.
describe('known-answer vectors', () => {
  it.each(vectors)('$name: verifies to $expect', async (v) => {
    const outcome = await outcomeBoth(deliveryOf(v));
    if (v.expect === 'ok') {
      expect(outcome).toMatchObject({ ok: true, event: { variant: v.variant } });
    } else {
      expect(outcome).toMatchObject({ ok: false, code: v.expect });
    }
  });

  it.each(vectors)('$name: signWebhook and signWebhookSync give openssl’s signature', async (v) => {
    const options = {
      variant: v.variant,
      secret: v.secret,
      rawBody: bodyOf(v),
      timestamp: Number(v.timestamp ?? 0),
      webhookId: 'unused-by-the-signature',
    };
    const headerName = v.variant === 'A' ? 'X-Webhook-Signature' : 'X-Service-Signature';
    const asyncHeaders = (await signWebhook(options)) as unknown as Record<string, string>;
    const syncHeaders = signWebhookSync(options) as unknown as Record<string, string>;
    expect(asyncHeaders[headerName]).toBe(v.signature);
    expect(syncHeaders[headerName]).toBe(v.signature);
  });
});
