import { type ErrorDetail, itemIssues } from '../errors.js';
import { webhookEventCatalog } from '../generated/operations.js';
import type { Variant } from '../store/records.js';

/** A variant's webhook event names and the categories that have events in it. */
export interface VariantEvents {
  names: ReadonlySet<string>;
  categories: ReadonlySet<string>;
  /** event name -> category (`webhook.test` has none). */
  categoryOf: ReadonlyMap<string, string | null>;
}

const cache = new Map<Variant, VariantEvents>();

/** The events of a variant, from the spec's `webhooks` section. */
export function webhookEvents(variant: Variant): VariantEvents {
  let found = cache.get(variant);
  if (!found) {
    const entries = webhookEventCatalog.filter((e) => e.variants.includes(variant));
    found = {
      names: new Set(entries.map((e) => e.event).filter((e) => e !== 'webhook.test')),
      categories: new Set(entries.flatMap((e) => (e.category ? [e.category] : []))),
      categoryOf: new Map(entries.map((e) => [e.event, e.category])),
    };
    cache.set(variant, found);
  }
  return found;
}

/** Whether `name` is a webhook event of either variant, `webhook.test` included. */
export function isWebhookEventName(name: string): boolean {
  return webhookEventCatalog.some((e) => e.event === name);
}

/** Whether `name` is a webhook event of `variant`, `webhook.test` included. */
export function isVariantEvent(name: string, variant: Variant): boolean {
  return webhookEvents(variant).categoryOf.has(name);
}

/** Whether `value` is something a webhook of `variant` may subscribe to: `*`, a category or an event. */
export function isSubscription(value: string, variant: Variant): boolean {
  const { names, categories } = webhookEvents(variant);
  return value === '*' || names.has(value) || categories.has(value);
}

/**
 * Whether `value` is an event or a category of the other variant only, and which: what a refusal of
 * it says, as a subscription copied from the other variant's list is a slip of server, not of name.
 */
export function otherVariantSubscription(
  value: string,
  variant: Variant,
): { variant: Variant; kind: 'event' | 'category' } | null {
  if (isSubscription(value, variant)) return null;
  const other: Variant = variant === 'A' ? 'B' : 'A';
  const { names, categories } = webhookEvents(other);
  if (names.has(value)) return { variant: other, kind: 'event' };
  return categories.has(value) ? { variant: other, kind: 'category' } : null;
}

/**
 * One detail per subscription that is not an event, a category with events, or `*`, of the variant,
 * each named by its place in the list (`at[i]`): the check of the webhooks of an imported state. A
 * request's are refused before, by the body's schema (the variant's subscriptions: rule `enum`).
 */
export function subscriptionIssues(
  events: readonly string[],
  variant: Variant,
  at: string,
): ErrorDetail[] {
  return itemIssues(
    events,
    at,
    'variant',
    (e) => isSubscription(e, variant),
    (e) => `"${e}" is not an event or category of Variant ${variant}`,
  );
}
