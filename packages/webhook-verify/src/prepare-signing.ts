import { dateMs } from './date-ms.js';
import { isObject } from './is-object.js';
import { resolveSecrets } from './resolve-options.js';
import { type RawBody, toBodyBytes } from './to-body-bytes.js';
import { usageError } from './usage-error.js';
import { bodyText } from './utf8.js';
import { signatureHeaders } from './variants/signature-headers.js';
import { variantAHeaders } from './variants/variant-a.js';
import type { WebhookVariant } from './webhook-event.js';

/** Options of `signWebhook` and `signWebhookSync`. */
export interface SignWebhookOptions<V extends WebhookVariant = WebhookVariant> {
  /** The delivery format to sign for: `'A'` (timestamped, three headers) or `'B'` (one header). */
  variant: V;
  /**
   * The webhook's secret, used as UTF-8 bytes: one, as a delivery has one signature. A list (a
   * receiver's, during a rotation) is refused: the platform signs with the previous secret through
   * the grace, the receiver lists the new one first; which one signs is yours to pick.
   */
  secret: string;
  /** The exact body that will be sent. */
  rawBody: RawBody;
  /** Variant A: the signing time, Unix seconds or a Date. Default: now. */
  timestamp?: number | Date | undefined;
  /** Variant A: the `X-Webhook-ID` value. Default: the body's `webhook_id`. */
  webhookId?: string | undefined;
}

// Type aliases, not interfaces: an alias is assignable to `Record<string, string>`, so the headers
// `signWebhook` returns pass straight to `verifyWebhook({ headers })` and to `fetch`.
/** The headers of a Variant A delivery. */
export type SignedHeadersA = {
  /** Always `application/json`. */
  'Content-Type': 'application/json';
  /** `sha256=` and the hex HMAC-SHA256 of `<X-Webhook-Timestamp>.<raw body>`. */
  'X-Webhook-Signature': string;
  /** The signing time in Unix seconds, as digits. */
  'X-Webhook-Timestamp': string;
  /** The webhook's id: `webhookId`, or the body's `webhook_id`. */
  'X-Webhook-ID': string;
};

/** The headers of a Variant B delivery. */
export type SignedHeadersB = {
  /** Always `application/json`. */
  'Content-Type': 'application/json';
  /** `sha256=` and the hex HMAC-SHA256 of the raw body. */
  'X-Service-Signature': string;
};

/** The headers `signWebhook` returns for a variant. */
export type SignedHeadersFor<V extends WebhookVariant> = V extends 'A'
  ? SignedHeadersA
  : V extends 'B'
    ? SignedHeadersB
    : SignedHeadersA | SignedHeadersB;

/** What to sign, and how to turn the hex HMAC into headers. */
export interface SigningPlan<V extends WebhookVariant> {
  signingSecret: string;
  signedPrefix: string;
  signedBody: string | Uint8Array;
  /** An arrow function: it may be passed on unbound (`.then(plan.toHeaders)`). */
  toHeaders: (hex: string) => SignedHeadersFor<V>;
}

/** Validates the options of a signing call; everything but the HMAC itself. */
export function prepareSigning<V extends WebhookVariant>(
  options: SignWebhookOptions<V>,
): SigningPlan<V> {
  if (!isObject(options)) throw usageError('options must be an object');
  const { secret, variant } = options;
  // Typed a string; refused at run time too, rather than signed with one of the list unsaid.
  if (typeof secret !== 'string') {
    throw usageError('secret must be one string: a delivery has one signature');
  }
  resolveSecrets(secret);
  const body = toBodyBytes(options.rawBody);
  if (variant !== 'A' && variant !== 'B') throw usageError("variant must be 'A' or 'B'");
  // Variant A's timestamp and ID headers, in the order the platform sends them.
  const a = variant === 'A' && {
    [variantAHeaders.timestamp]: String(unixSeconds(options.timestamp)),
    [variantAHeaders.id]: webhookIdOf(body, options.webhookId),
  };
  return {
    signingSecret: secret,
    signedPrefix: a ? `${a[variantAHeaders.timestamp]}.` : '',
    signedBody: body,
    toHeaders: (hex) =>
      ({
        'Content-Type': 'application/json',
        [signatureHeaders[variant]]: `sha256=${hex}`,
        ...a,
      }) as unknown as SignedHeadersFor<V>,
  };
}

function unixSeconds(timestamp: number | Date | undefined): number {
  // A Date of any realm (dateMs); anything else but a number is NaN, refused below.
  const seconds =
    typeof timestamp === 'number'
      ? timestamp
      : Math.floor((dateMs(timestamp) ?? Date.now()) / 1000);
  // Below 2534e8 (December 9999, the last 4-digit year): milliseconds since 1979 are more, and
  // Date.now()'s are 1.7e12 and more, so milliseconds passed as seconds are still caught.
  if (!Number.isSafeInteger(seconds) || seconds < 0 || seconds >= 2534e8) {
    throw usageError('timestamp must be Unix seconds (not ms) or a Date');
  }
  return seconds;
}

/** `id` (webhookId) or else the body's `webhook_id`: a non-empty string (an empty header is `missing_header`). */
function webhookIdOf(body: string | Uint8Array, id: unknown): string {
  try {
    id ??= (
      JSON.parse(bodyText(body)) as {
        webhook_id?: unknown;
      }
    )?.webhook_id;
  } catch {
    // reported below
  }
  if (typeof id !== 'string' || id === '') {
    throw usageError('Variant A needs webhookId, or a body with webhook_id');
  }
  return id;
}
