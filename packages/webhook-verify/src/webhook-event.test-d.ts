import { describe, expectTypeOf, it } from 'vitest';
import type { WebhookComponents } from './index.js';
import { signWebhook, verifyWebhook } from './index.js';
import { verifyWebhookSync } from './node.js';

type Schemas = WebhookComponents['schemas'];
const options = { rawBody: '', headers: {}, secret: 's' };

describe('verified event types', () => {
  it('narrowing on event gives the data type of that event (A)', async () => {
    const event = await verifyWebhook({ ...options, variant: 'A' });
    expectTypeOf(event.variant).toEqualTypeOf<'A'>();
    expectTypeOf(event.deliveredAt).toEqualTypeOf<Date>();
    if (event.event === 'appointment.cancelled') {
      expectTypeOf(event.data).toEqualTypeOf<Schemas['Appointment']>();
    }
    if (event.event === 'agent.handoff_started') {
      expectTypeOf(event.data).toEqualTypeOf<Schemas['Chat']>();
    }
    // @ts-expect-error credit.low is a Variant B event
    if (event.event === 'credit.low') return;
    // @ts-expect-error B spells it "canceled"
    if (event.event === 'appointment.canceled') return;
  });

  it('narrowing on event gives the data type of that event (B)', () => {
    const event = verifyWebhookSync({ ...options, variant: 'B' });
    expectTypeOf(event.event_id).toEqualTypeOf<string>();
    if (event.event === 'credit.low') {
      expectTypeOf(event.data).toEqualTypeOf<Schemas['CreditBalance']>();
      expectTypeOf(event.data.credits_remaining).toEqualTypeOf<number>();
    }
    // @ts-expect-error conversation.transferred is a Variant A event
    if (event.event === 'conversation.transferred') return;
    // @ts-expect-error B has no delivery timestamp header
    event.deliveredAt;
  });

  it('auto gives both variants, told apart by variant', async () => {
    const event = await verifyWebhook({ ...options, variant: 'auto' });
    if (event.variant === 'B') expectTypeOf(event.event_id).toEqualTypeOf<string>();
    else expectTypeOf(event.deliveredAt).toEqualTypeOf<Date>();
    if (event.event === 'message.received') {
      expectTypeOf(event.data).toEqualTypeOf<Schemas['ConversationMessage']>();
    }
  });

  it('rejects an unknown variant', () => {
    // @ts-expect-error only 'A', 'B' or 'auto'
    void verifyWebhook({ ...options, variant: 'C' });
  });
});

describe('signWebhook headers', () => {
  it('pass straight to verifyWebhook', async () => {
    const headers = await signWebhook({ variant: 'B', secret: 'whsec_x', rawBody: '{}' });
    expectTypeOf(verifyWebhook).toBeCallableWith({
      variant: 'B',
      rawBody: '{}',
      headers,
      secret: 'whsec_x',
    });
  });
});

describe('WebhookEvent<name>', () => {
  it("names one event's delivery in each variant that sends it, as narrowing gives it", () => {
    type Created = import('./index.js').WebhookEvent<'contact.created'>;
    expectTypeOf<Created>().toEqualTypeOf<
      | import('./index.js').WebhookEventA<'contact.created'>
      | import('./index.js').WebhookEventB<'contact.created'>
    >();
    expectTypeOf<Created['data']>().toEqualTypeOf<Schemas['Contact']>();
    // A Variant B event alone: no Variant A member.
    expectTypeOf<import('./index.js').WebhookEvent<'credit.low'>['variant']>().toEqualTypeOf<'B'>();
    // Without a name: every delivery, as before.
    expectTypeOf<import('./index.js').WebhookEvent>().toEqualTypeOf<
      import('./index.js').WebhookEventA | import('./index.js').WebhookEventB
    >();
    expectTypeOf<'contact.created' | 'credit.low'>().toExtend<
      import('./index.js').WebhookEventName
    >();
  });
});
