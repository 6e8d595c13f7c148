/** Why a delivery was rejected; stable strings, safe to log and to switch on. */
export type WebhookVerificationErrorCode =
  | 'missing_header'
  | 'malformed_signature'
  | 'malformed_timestamp'
  | 'signature_mismatch'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_body'
  | 'invalid_json'
  | 'invalid_data';

// A registered symbol, so that copies of this package (ESM and CJS, or two versions) recognise each other's errors.
const brand = Symbol.for('@agent-platform/webhook-verify/WebhookVerificationError');

/** A delivery that must not be trusted; `code` says why. The message never contains the expected signature. */
export class WebhookVerificationError extends Error {
  /** `'WebhookVerificationError'`, as logs show it, even where a bundler renamed the class. */
  override readonly name = 'WebhookVerificationError';
  /** Why the delivery was rejected (`signature_mismatch`, ...): see `WebhookVerificationErrorCode`. */
  // `declare`d, set by the constructor: a field declaration would only add bytes.
  declare readonly code: WebhookVerificationErrorCode;
  /** Marks the error for `isWebhookVerificationError` and `instanceof`, across copies of the package. */
  readonly [brand] = true;

  constructor(code: WebhookVerificationErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  // `instanceof` keeps working when the error was thrown by another copy of the class; a subclass
  // of it keeps the ordinary check (this one would take every WebhookVerificationError for its own).
  // A subclass is told by its parent, not by naming this class: a class that names itself in its
  // body is renamed by the bundler (`_WebhookVerificationError`), and logs would show that name.
  /** `instanceof`: true for a WebhookVerificationError from any copy of this package; a subclass checks as usual. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    // biome-ignore lint/complexity/noThisInStatic: `this` is the class instanceof asks about, maybe a subclass.
    if (Object.getPrototypeOf(this) !== Error) return super[Symbol.hasInstance](value);
    return isWebhookVerificationError(value);
  }
}

/** True for a WebhookVerificationError from any copy of this package. */
export function isWebhookVerificationError(value: unknown): value is WebhookVerificationError {
  return (
    typeof value === 'object' && value !== null && (value as { [brand]?: unknown })[brand] === true
  );
}
