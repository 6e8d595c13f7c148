import { dateMs } from './date-ms.js';
import { isObject } from './is-object.js';
import { usageError } from './usage-error.js';

/** The signing secret(s): during a rotation pass the new and the old one; each is tried in turn. */
export type WebhookSecret = string | readonly string[];

/**
 * Options after validation. Its property names are mangled in the build (tsup.config.ts), so none
 * may be an option's name.
 */
export interface ResolvedOptions {
  secrets: readonly string[];
  /** `toleranceSeconds`. */
  tolerance: number;
  /** `maxFutureSeconds`. */
  maxFuture: number;
  /** `now` in milliseconds, read once by Date's own getTime (see dateMs); undefined: the current time. */
  nowMs: number | undefined;
}

/**
 * Throws a TypeError at once for a programming mistake: options that are no object, no secret, an
 * empty or padded one, a bad window.
 */
export function resolveOptions(options: {
  variant: string;
  headers: unknown;
  secret: WebhookSecret;
  toleranceSeconds?: number | undefined;
  maxFutureSeconds?: number | undefined;
  now?: Date | undefined;
}): ResolvedOptions {
  // From JavaScript: verifyWebhook() or verifyWebhook(null) would throw reading its variant.
  if (!isObject(options)) {
    throw usageError('options must be an object');
  }
  if (options.variant !== 'A' && options.variant !== 'B' && options.variant !== 'auto') {
    throw usageError("variant must be 'A', 'B' or 'auto'");
  }
  // An array (Node's req.rawHeaders, Object.entries) would only ever find no header.
  if (!isObject(options.headers)) {
    throw usageError('headers must be a record or Headers');
  }
  const secrets = resolveSecrets(options.secret);
  const tolerance = seconds(options, 'toleranceSeconds', 300);
  const maxFuture = seconds(options, 'maxFutureSeconds', 60);
  // Checked here, not when a Variant A delivery first needs it (a Date.now() number is a mistake).
  // The time checked is the time used: an own getTime (a patched Date) is not asked again later.
  const nowMs = dateMs(options.now);
  if (Number.isNaN(nowMs)) {
    throw usageError('now must be a valid Date');
  }
  return { secrets, tolerance, maxFuture, nowMs };
}

/** Validates a secret or list of secrets; see `resolveOptions`. */
export function resolveSecrets(secret: WebhookSecret): readonly string[] {
  const secrets = typeof secret === 'string' ? [secret] : secret;
  if (!Array.isArray(secrets) || secrets.length === 0) {
    throw usageError('secret must be a string or a non-empty array');
  }
  for (const s of secrets) {
    if (typeof s !== 'string' || s === '') {
      throw usageError('a secret is empty (is the env variable set?)');
    }
    if (s.trim() !== s) {
      throw usageError('a secret has surrounding whitespace');
    }
  }
  return secrets;
}

function seconds(
  options: { toleranceSeconds?: number | undefined; maxFutureSeconds?: number | undefined },
  name: 'toleranceSeconds' | 'maxFutureSeconds',
  fallback: number,
): number {
  const value = options[name];
  if (value === undefined) return fallback;
  // Finite: an Infinity window would switch replay protection off without a word.
  if (!(Number.isFinite(value) && value >= 0)) {
    throw usageError(`${name} must be a finite number of seconds >= 0`);
  }
  return value;
}
