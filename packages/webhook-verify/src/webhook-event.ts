import type {
  WebhookEventDataMap,
  WebhookEventNameA,
  WebhookEventNameB,
} from './generated/webhook-events.js';

/** The two delivery formats of the platform (seed section 6). */
export type WebhookVariant = 'A' | 'B';

/** A verified Variant A delivery: the signed body's fields plus what the headers told. */
export type WebhookEventA<E extends WebhookEventNameA = WebhookEventNameA> = {
  [K in E]: {
    /** `'A'`: the format the delivery was verified as (with `'auto'`, told by its signature header). */
    variant: 'A';
    /** The event's name (`conversation.created`): narrow on it to type `data`. */
    event: K;
    /** When the event happened (ISO 8601), from the body. */
    timestamp: string;
    /** The webhook the delivery was sent to, from the signed body (`X-Webhook-ID` agrees). */
    webhook_id: string;
    /** The affected resource in its API shape, as the spec gives it for `event`. */
    data: WebhookEventDataMap[K];
    /** When this attempt was signed, from `X-Webhook-Timestamp`; a retry has a new one. */
    deliveredAt: Date;
  };
}[E];

/** A verified Variant B delivery: the signed body's fields. */
export type WebhookEventB<E extends WebhookEventNameB = WebhookEventNameB> = {
  [K in E]: {
    /** `'B'`: the format the delivery was verified as (with `'auto'`, told by its signature header). */
    variant: 'B';
    /** Unique per event and kept across retries: the deduplication key. */
    event_id: string;
    /** The event's name (`conversation.reopened`): narrow on it to type `data`. */
    event: K;
    /** When the event happened (ISO 8601), from the body. */
    timestamp: string;
    /** The webhook the delivery was sent to, from the signed body. */
    webhook_id: string;
    /** The affected resource in its API shape, as the spec gives it for `event`. */
    data: WebhookEventDataMap[K];
  };
}[E];

/** Every event name of either variant. */
export type WebhookEventName = WebhookEventNameA | WebhookEventNameB;

/**
 * A verified delivery of either variant; narrow on `variant`, then on `event`. `WebhookEvent<'contact.created'>`
 * is that event's, in each variant that sends it.
 */
export type WebhookEvent<E extends WebhookEventName = WebhookEventName> =
  | WebhookEventA<Extract<E, WebhookEventNameA>>
  | WebhookEventB<Extract<E, WebhookEventNameB>>;

/** The `variant` option: one format, or `'auto'` to tell them apart by the signature header. */
export type WebhookVariantOption = WebhookVariant | 'auto';

/** The event type that `verifyWebhook` resolves to for a `variant` option. */
export type WebhookEventFor<V extends WebhookVariantOption> = V extends 'A'
  ? WebhookEventA
  : V extends 'B'
    ? WebhookEventB
    : WebhookEvent;
