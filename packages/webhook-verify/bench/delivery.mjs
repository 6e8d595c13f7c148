// The Variant B deliveries both webhook benches measure: this package's `pnpm bench` (sources) and
// the root `pnpm bench` (the built package). Each passes its own signWebhookSync.

/** The benches' webhook secret. */
export const secret = `whsec_${'5a'.repeat(32)}`;

/** A Variant B delivery of `size` bytes: an envelope whose data holds filler text, signed by `sign`. */
export function delivery(size, sign) {
  const envelope = {
    event_id: '5f0c2a9e-8d3b-4c71-a6e4-2b9d7f1c3e58',
    event: 'message.received',
    timestamp: '2026-01-01T00:00:00.000Z',
    webhook_id: '0b6f8e3c-3b8e-4d0a-9c55-6a1f2e7d9b01',
    data: { content: '' },
  };
  envelope.data.content = 'x'.repeat(size - JSON.stringify(envelope).length);
  const rawBody = Buffer.from(JSON.stringify(envelope));
  const headers = {
    'x-service-signature': sign({ variant: 'B', secret, rawBody })['X-Service-Signature'],
  };
  return { rawBody, headers };
}
