import { ADMIN_TOKEN_RULE, isHeaderToken } from './http/header-token.js';
import type { MockServerOptions } from './options.js';
import { shownOption } from './shown-option.js';
import { unknownOption } from './unknown-option.js';

/** Every option's name, in the order of the README's table; its type keeps it complete. */
const everyOption: Record<keyof MockServerOptions, true> = {
  variant: true,
  clock: true,
  startTime: true,
  rateLimit: true,
  requireHttps: true,
  adminToken: true,
  seed: true,
  baseUrl: true,
  responder: true,
  mcpTools: true,
  ids: true,
  deliveryFetch: true,
  deliveryGraceMs: true,
  journalSize: true,
  onError: true,
  onRequest: true,
  onWebhookAttempt: true,
};

/**
 * Refuses the options the CLI's flags would refuse, with a TypeError naming the option, as `clock`
 * and `startTime` are (where the clock is made): taken as they came, a rate limit without `windowMs`
 * never reset its window and sent `X-RateLimit-Reset: NaN`, a grace past what a timer takes
 * (`Infinity`) waited 1 ms, and `seed: 'demos'` was refused as `body: must be an object`.
 */
export function checkOptions(options: MockServerOptions): void {
  // From JavaScript a typo (baseURL) left the default in place unsaid, and a string was read as {}.
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw new TypeError(
      `options: must be an object, not ${Array.isArray(options) ? 'an array' : shownOption(options)}`,
    );
  }
  const slip = unknownOption(options, everyOption);
  if (slip) throw new TypeError(`${slip.name}: is not an option of createMockServer${slip.hint}`);
  const { adminToken, rateLimit, deliveryGraceMs, journalSize, seed } = options;
  const variant = options.variant ?? 'A';
  if (variant !== 'A' && variant !== 'B')
    throw new TypeError(`variant: must be "A" or "B", not ${String(variant)}`);
  // An empty token would open the control API to every origin and Host (a token is the guard
  // then) while any page can send it: refused, as a token unset by mistake (`--admin-token "$T"`).
  if (adminToken !== undefined && (typeof adminToken !== 'string' || adminToken.trim() === ''))
    throw new TypeError('adminToken: must be a non-empty string (leave it out for no token)');
  if (adminToken !== undefined && !isHeaderToken(adminToken))
    throw new TypeError(`adminToken: ${ADMIN_TOKEN_RULE}`);
  if (
    rateLimit !== undefined &&
    rateLimit !== false &&
    !(isWhole(rateLimit?.limit, 1) && isWhole(rateLimit?.windowMs, 1))
  ) {
    throw new TypeError(
      `rateLimit: must be false or { limit, windowMs }, each a whole number >= 1 (windowMs in milliseconds), not ${
        typeof rateLimit === 'object' && rateLimit !== null
          ? `{ limit: ${shownOption(rateLimit.limit)}, windowMs: ${shownOption(rateLimit.windowMs)} }`
          : shownOption(rateLimit)
      }`,
    );
  }
  if (deliveryGraceMs !== undefined && !isWhole(deliveryGraceMs, 0, 60_000)) {
    throw new TypeError(
      `deliveryGraceMs: must be a whole number of milliseconds from 0 to 60000, as --delivery-grace-ms, not ${shownOption(deliveryGraceMs)}`,
    );
  }
  if (journalSize !== undefined && !isWhole(journalSize, 0)) {
    throw new TypeError(
      `journalSize: must be a whole number >= 0, not ${shownOption(journalSize)}`,
    );
  }
  if (options.requireHttps !== undefined && typeof options.requireHttps !== 'boolean')
    throw new TypeError(
      `requireHttps: must be true or false, not ${shownOption(options.requireHttps)}`,
    );
  // Refused here, not reported to onError on every request when called.
  for (const name of [
    'onError',
    'onRequest',
    'onWebhookAttempt',
    'responder',
    'deliveryFetch',
  ] as const) {
    const listener = options[name];
    if (listener !== undefined && typeof listener !== 'function')
      throw new TypeError(`${name}: must be a function, not ${shownOption(listener)}`);
  }
  if (
    seed !== undefined &&
    (typeof seed === 'string'
      ? seed !== 'demo' && seed !== 'none'
      : typeof seed !== 'object' || seed === null)
  ) {
    throw new TypeError(
      `seed: must be 'demo', 'none' or a state exported earlier (exportState()), not ${shownOption(seed)}`,
    );
  }
}

function isWhole(value: unknown, min: number, max = Number.MAX_SAFE_INTEGER): boolean {
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max;
}
