import { describe, expect, it } from 'vitest';
import { isWebhookEventName } from './is-webhook-event-name.js';

describe('isWebhookEventName(variant, name)', () => {
  it("tells the variant's event names from others", () => {
    expect(isWebhookEventName('A', 'contact.created')).toBe(true);
    expect(isWebhookEventName('B', 'credit.low')).toBe(true);
    expect(isWebhookEventName('A', 'credit.low')).toBe(false);
    expect(isWebhookEventName('B', 'contacts')).toBe(false);
  });

  it('throws on a variant that is neither A nor B, as when the variant is left out', () => {
    const call = isWebhookEventName as (...args: unknown[]) => boolean;
    expect(() => call('credit.low')).toThrow(
      new TypeError(
        `isWebhookEventName(variant, name): variant must be 'A' or 'B', not "credit.low"`,
      ),
    );
    expect(() => call(undefined, 'x')).toThrow(/not undefined$/);
    expect(() => call('a', 'contact.created')).toThrow(TypeError);
  });
});
