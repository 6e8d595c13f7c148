import { describe, expectTypeOf, it } from 'vitest';
import type { ZodType } from 'zod';
import type { WebhookEventDataMap } from '../index.js';
import { webhookDataSchema } from '../zod.js';

describe('webhookDataSchema', () => {
  it("types a known event's schema as that event's data, never undefined", () => {
    const schema = webhookDataSchema('credit.low');
    expectTypeOf(schema).toEqualTypeOf<ZodType<WebhookEventDataMap['credit.low']>>();
    expectTypeOf(schema.parse({}).credits_remaining).toEqualTypeOf<
      WebhookEventDataMap['credit.low']['credits_remaining']
    >();
  });

  it('leaves a name it does not know (a string) as it was: a schema of unknown data, or undefined', () => {
    const name: string = 'invoice.paid';
    expectTypeOf(webhookDataSchema(name)).toEqualTypeOf<ZodType | undefined>();
  });
});
