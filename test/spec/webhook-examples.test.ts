import { describe, expect, it } from 'vitest';
import { signWebhookSync, verifyWebhookSync } from '../../packages/webhook-verify/src/node.js';
import { validateWebhookData } from '../../packages/webhook-verify/src/zod.js';
import { deref, loadSpec, type SpecNode } from './load-spec.js';

// The spec's example of each webhook event, as a receiver gets it: signed in each variant that sends
// it, verified, and its `data` checked by webhook-verify's zod schemas (built from the same spec, by
// another path than the Ajv check of examples.test.ts).

const spec = loadSpec();

/** Each event of the spec with its variants and the examples of its body. */
const events: { name: string; variants: ('A' | 'B')[]; examples: SpecNode[] }[] =
  Object.entries<SpecNode>(spec.webhooks).map(([name, item]) => ({
    name,
    variants: item.post['x-variants'],
    examples: deref(spec, item.post.requestBody.content['application/json'].schema).examples ?? [],
  }));

describe("the spec's webhook event examples, as a receiver gets them", () => {
  it('has an example for every event', () => {
    expect(events.filter((e) => e.examples.length === 0).map((e) => e.name)).toEqual([]);
    expect(events.length).toBeGreaterThan(30);
  });

  it.each(events.flatMap((e) => e.variants.map((variant) => [e.name, variant, e] as const)))(
    '%s (Variant %s) verifies and its data passes validateWebhookData',
    (_, variant, event) => {
      for (const example of event.examples) {
        // Variant A's body has no event_id; B's has one (the examples show B's where B sends it).
        const body = { ...example };
        if (variant === 'A') delete body.event_id;
        else body.event_id ??= '00000000-0000-4000-8000-0000000000e1';
        const rawBody = JSON.stringify(body);
        const secret = 'whsec_examples';
        const sentAt = new Date(body.timestamp);
        const headers = signWebhookSync({
          variant,
          secret,
          rawBody,
          webhookId: body.webhook_id,
          timestamp: sentAt,
        });
        const verified = verifyWebhookSync({
          variant,
          rawBody,
          headers,
          secret,
          now: new Date(body.timestamp),
        });
        expect(verified.event).toBe(event.name);
        expect(() => validateWebhookData(verified)).not.toThrow();
      }
    },
  );
});
