// A receiver's view of one event's five attempts, each taken by the toolkit's verifier as it
// arrives (its clock the mock's): every retry verifies, with the secret the receiver holds then,
// across a rotation at once and one with a grace period; so does a test delivery after them.
import { verifyWebhook, type WebhookVariant } from '@agent-platform/webhook-verify';
import { describe, expect, it } from 'vitest';
import type { Received } from '../support/receiver.js';
import { useWebhooks } from '../support/webhook-harness.js';

/** The waits after the 1st to 4th failed attempt (seed 6.1 / 6.2). */
const DELAYS_MS = { A: [60_000, 300_000, 900_000, 3_600_000], B: [5_000, 15_000, 60_000, 300_000] };

describe.each(['A', 'B'] as const)('Variant %s', (variant: WebhookVariant) => {
  const h = useWebhooks({ variant });

  /** Verifies the newest delivery now, as its receiver would; the error code when it is refused. */
  async function verifyLast(secret: string | string[]): Promise<string> {
    const got = h.receiver.received.at(-1) as Received;
    const now = new Date(h.mock.clock.now());
    return verifyWebhook({ variant, rawBody: got.body, headers: got.headers, secret, now }).then(
      (event) => {
        expect(event).toMatchObject(got.json);
        return 'verified';
      },
      (error: { code: string }) => error.code,
    );
  }

  it('verifies every attempt with the secret in use when it goes out', async () => {
    const { id, secret: first } = await h.webhook(['contacts']);
    const rotate = async (body: object) =>
      (await h.call('POST', `/v1/webhooks/${id}/rotate-secret`, { body })).body.data
        .secret as string;
    const [d1, d2, d3, d4] = DELAYS_MS[variant] as [number, number, number, number];
    h.receiver.answers = [500, 500, 500, 500, 200];

    await h.trigger();
    expect(await verifyLast(first)).toBe('verified');

    // Rotated at once: the retry is signed with the new secret only.
    const second = await rotate({});
    await h.advance(d1);
    expect(await verifyLast(second)).toBe('verified');
    expect(await verifyLast(first)).toBe('signature_mismatch');

    // Rotated with a grace period that covers two more retries: they keep the secret in use.
    const graceMs = d2 + d3 + 1_000;
    const third = await rotate({ grace_seconds: graceMs / 1000 });
    for (const wait of [d2, d3]) {
      await h.advance(wait);
      expect(await verifyLast(second)).toBe('verified');
      expect(await verifyLast([third, second])).toBe('verified');
    }
    // Past the grace period: the new secret.
    await h.advance(d4);
    expect(await verifyLast(third)).toBe('verified');
    expect(await verifyLast(second)).toBe('signature_mismatch');

    const [delivery] = (await h.call('GET', `/v1/webhooks/${id}/deliveries`)).body.data;
    expect(delivery).toMatchObject({ status: 'succeeded', error: null });
    expect(delivery.attempts).toHaveLength(5);
    expect(new Set(h.receiver.received.map((r) => r.body)).size).toBe(1);

    const tested = await h.call('POST', `/v1/webhooks/${id}/test`);
    expect(tested.body.data).toMatchObject({ event: 'webhook.test', succeeded: true });
    expect(await verifyLast(third)).toBe('verified');
  });
});
