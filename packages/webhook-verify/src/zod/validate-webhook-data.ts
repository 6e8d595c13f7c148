import { fromJSONSchema, registry, type ZodType } from 'zod';
import { webhookDataJsonSchemas } from '../generated/webhook-data-schemas.js';
import type { WebhookEventDataMap } from '../generated/webhook-events.js';
import { isWebhookEventName } from '../is-webhook-event-name.js';
import type { WebhookEvent } from '../webhook-event.js';
import { WebhookVerificationError } from '../webhook-verification-error.js';
import { issueMessage } from './issue-message.js';
import { fractionalIntegerPath, platformFormats } from './platform-formats.js';

const schemas = new Map<string, ZodType>();
// A private registry, so that converting the spec's schemas leaves zod's global one alone.
const metadata = registry();

/**
 * The zod schema of a known event's `data`, built from the spec on first use, typed as that
 * event's data (`webhookDataSchema('credit.low').parse(x).credits_remaining`).
 */
export function webhookDataSchema<K extends keyof WebhookEventDataMap>(
  eventName: K,
): ZodType<WebhookEventDataMap[K]>;
/**
 * The zod schema of an event's `data`, built from the spec on first use; undefined for an unknown
 * event. Its integers are zod's `multipleOf(1)`, which allows for float rounding (it takes 5e-324);
 * `validateWebhookData` also checks them exactly.
 */
export function webhookDataSchema(eventName: string): ZodType | undefined;
export function webhookDataSchema(eventName: string): ZodType | undefined {
  let schema = schemas.get(eventName);
  if (schema) return schema;
  const json = Object.hasOwn(webhookDataJsonSchemas.events, eventName)
    ? webhookDataJsonSchemas.events[eventName]
    : undefined;
  if (!json) return undefined;
  const root = { $defs: webhookDataJsonSchemas.$defs, ...json } as Parameters<
    typeof fromJSONSchema
  >[0];
  schema = fromJSONSchema(platformFormats(root), { registry: metadata });
  schemas.set(eventName, schema);
  return schema;
}

/** Options of `validateWebhookData`. */
export interface ValidateWebhookDataOptions {
  /** What to do with an event the spec does not list: `'reject'` (default) or `'accept'` unchecked. */
  unknownEvents?: 'reject' | 'accept' | undefined;
}

/**
 * Checks a verified event's `data` against the spec with zod; throws `invalid_data` naming the
 * first offending paths (the event is authentic: its sender signed it). Returns the same event.
 * @example const event = validateWebhookData(await verifyWebhook({ ... }));
 */
export function validateWebhookData<E extends WebhookEvent>(
  event: E,
  options: ValidateWebhookDataOptions = {},
): E {
  // Its data, or nothing, passed from JavaScript: isWebhookEventName would say it was given no variant.
  if (event?.variant !== 'A' && event?.variant !== 'B') {
    throw new TypeError(
      'webhook-verify: validateWebhookData needs an event returned by verifyWebhook',
    );
  }
  // An event of the other variant (Variant B's credit.low delivered as A) is unknown in this one.
  const schema = isWebhookEventName(event.variant, event.event)
    ? webhookDataSchema(event.event)
    : undefined;
  if (!schema) {
    if (options.unknownEvents === 'accept') return event;
    throw new WebhookVerificationError(
      'invalid_data',
      `no schema for "${event.event}": not a Variant ${event.variant} event in this version of the package`,
    );
  }
  const result = schema.safeParse(event.data);
  let where: string | undefined;
  if (!result.success) {
    where = result.error.issues
      .slice(0, 3)
      .map((issue) => {
        const path = issue.path.map((p) => `.${String(p)}`).join('');
        return `data${path}: ${issueMessage(issue, event.data)}`;
      })
      .join('; ');
  } else {
    // zod's multipleOf(1) allows for float rounding; a whole number is checked exactly here.
    const { events, $defs } = webhookDataJsonSchemas;
    const path = fractionalIntegerPath(events[event.event] ?? {}, event.data, $defs, 'data');
    if (path) where = `${path}: Invalid number: must be a multiple of 1`;
  }
  if (where !== undefined) {
    throw new WebhookVerificationError(
      'invalid_data',
      `the event data does not match the spec: ${where}`,
    );
  }
  return event;
}
