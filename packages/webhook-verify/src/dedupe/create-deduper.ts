import type { WebhookEvent } from '../webhook-event.js';
import { checkClock } from './check-clock.js';
import { checkOptions } from './check-options.js';
import type { DedupeStore } from './dedupe-store.js';
import { webhookDedupeKey } from './webhook-dedupe-key.js';

/** Options of `createDeduper`. */
export interface DeduperOptions {
  /** Shared by every receiver that must not process an event twice. */
  store: DedupeStore;
  /**
   * How long a completed event is remembered. Must cover the sender's retry horizon (Variant A:
   * about 82 minutes from the first attempt; Variant B: about 7 minutes); a day is a safe choice.
   */
  ttlSeconds: number;
  /** How long a claim lasts while the event is being processed; a crashed receiver's claim lapses after it. Default 60. */
  leaseSeconds?: number | undefined;
  /**
   * Prefix of the store keys. Default `webhook-dedupe:`. Receivers of different webhooks or services
   * sharing one store need their own: Variant B's `event_id` is the same for every webhook.
   */
  prefix?: string | undefined;
  /**
   * Off by default. `claim(event)` answers `'too_old'` for an event whose body `timestamp` (when it
   * happened, signed in both variants) is this many seconds or more before `now`: Variant B's replay
   * window, as its signature has no time in it. At most `ttlSeconds`, so that a replay is either a
   * duplicate or too old; and well past the sender's retries and queueing (a day, with a day's TTL).
   * A string key has no time: it is not checked.
   */
  maxEventAgeSeconds?: number | undefined;
  /** The clock in milliseconds, by which this deduper's own claims lapse and events age, for tests. Default `Date.now`. */
  now?: (() => number) | undefined;
}

/**
 * The outcome of `claim`: `'claimed'` (process it now), `'processing'` (another receiver holds it),
 * `'completed'` (a duplicate) or `'too_old'` (older than `maxEventAgeSeconds`: acknowledge it, 2xx, unprocessed).
 */
export type ClaimResult = 'claimed' | 'processing' | 'completed' | 'too_old';

/** An event's dedupe key (`webhookDedupeKey`), or the event itself. */
export type DedupeId = string | WebhookEvent;

/** Claims events so that each is processed once by a whole fleet of receivers. */
export interface Deduper {
  /**
   * Atomically claims `id`; only one caller gets `'claimed'` until it is released or its lease lapses.
   * With `maxEventAgeSeconds`, an event too old is `'too_old'` before the store is asked, and one
   * whose body `timestamp` is no date rejects with a `TypeError`.
   */
  claim(id: DedupeId): Promise<ClaimResult>;
  /** Marks `id` done: later deliveries of it get `'completed'` for `ttlSeconds`. */
  complete(id: DedupeId): Promise<void>;
  /**
   * Gives up this deduper's claim on `id` after a failure, so the sender's retry is processed. It
   * removes only the claim this deduper made, and only while it still holds: a claim that lapsed
   * and was taken by another receiver, or an event completed meanwhile, is left alone.
   */
  release(id: DedupeId): Promise<void>;
  /**
   * How many claims this deduper holds whose lease has not lapsed: 0 once every claimed event was
   * completed or released (e.g. before a graceful shutdown). A claim never settled drops out of it
   * when its lease lapses, and from memory a lease later, so memory stays bounded.
   */
  readonly holding: number;
}

const processing = 'processing';
const completed = 'completed';

/**
 * Deduplicates deliveries: retries (and, in Variant B, replays, since B signs no timestamp) are
 * recognised by their key.
 * @example
 * const deduper = createDeduper({ store: createMemoryStore(), ttlSeconds: 86_400 });
 * if ((await deduper.claim(event)) !== 'claimed') return new Response(null, { status: 200 });
 */
export function createDeduper(options: DeduperOptions): Deduper {
  // From JavaScript: createDeduper() or createDeduper(null) would throw reading its store.
  checkOptions(options);
  const {
    store,
    ttlSeconds,
    leaseSeconds = 60,
    prefix = 'webhook-dedupe:',
    maxEventAgeSeconds,
    now = Date.now,
  } = options;
  // No store at all (a forgotten option, a connection URL) is told apart from an incomplete one.
  if (typeof store !== 'object' || !store) {
    throw new TypeError('webhook-verify: store must be a DedupeStore');
  }
  // Checked now, not in the receiver's error path where release first needs it.
  for (const method of ['setIfAbsent', 'set', 'get', 'deleteIfValue'] as const) {
    if (typeof store[method] !== 'function') {
      throw new TypeError(`webhook-verify: store.${method}() is missing (see DedupeStore)`);
    }
  }
  for (const [name, value] of [
    ['ttlSeconds', ttlSeconds],
    ['leaseSeconds', leaseSeconds],
    ['maxEventAgeSeconds', maxEventAgeSeconds ?? 1],
  ] as const) {
    if (!Number.isInteger(value) || value < 1) {
      throw new TypeError(`webhook-verify: ${name} must be a whole number of seconds >= 1`);
    }
  }
  if ((maxEventAgeSeconds ?? 0) > ttlSeconds) {
    throw new TypeError(
      `webhook-verify: maxEventAgeSeconds (${maxEventAgeSeconds}) must be <= ttlSeconds (${ttlSeconds}), or a replay after the TTL is claimed again`,
    );
  }
  // 5 or null would be keyed as '5…' or 'null…' without a word.
  if (typeof prefix !== 'string') throw new TypeError('webhook-verify: prefix must be a string');
  // A Date here (verifyWebhook's `now` is one) would fail only after a claim was written.
  checkClock(now);
  const keyOf = async (id: DedupeId) => {
    if (typeof id === 'string' && id) return prefix + id;
    // A number or null passed from JavaScript, or '' (the bare prefix, one key for every such
    // caller): refused saying what it takes.
    if (typeof id !== 'object' || !id) {
      throw new TypeError(
        'webhook-verify: a deduper needs an event returned by verifyWebhook, or its key (a non-empty string)',
      );
    }
    return prefix + (await webhookDedupeKey(id));
  };
  // The claims this deduper holds, by key: each stores `processing:<token>`, so that a release
  // removes its own claim and never a later receiver's, nor the `completed` mark. In the order
  // they were taken, so the lapsed ones are at the front.
  const held = new Map<string, { value: string; lapsesAt: number }>();
  const leaseMs = leaseSeconds * 1000;
  // A claim's token is kept one lease past its lapse, so that a release soon after still reaches a
  // store whose TTL outlasts the lease (or whose clock runs behind); then it is forgotten.
  const prune = () => {
    const t = now();
    for (const [key, claim] of held) {
      if (claim.lapsesAt + leaseMs > t) break;
      held.delete(key);
    }
  };
  const take = async (key: string): Promise<boolean> => {
    const value = `${processing}:${crypto.randomUUID()}`;
    const set = await store.setIfAbsent(key, value, leaseSeconds);
    // A store that forgot its `return` would answer 'processing' to every claim: each delivery
    // acknowledged, none handled.
    if (set === undefined)
      throw new TypeError(
        'webhook-verify: store.setIfAbsent() returned undefined (see DedupeStore)',
      );
    if (!set) return false;
    prune();
    held.delete(key);
    held.set(key, { value, lapsesAt: now() + leaseMs });
    return true;
  };

  return {
    async claim(id) {
      // An object: anything else is refused by keyOf, not for its timestamp.
      if (maxEventAgeSeconds && typeof id === 'object' && id) {
        const age = now() - Date.parse(id.timestamp);
        // The limit itself is too old: a store's mark of an event completed the moment it happened
        // lapses at exactly that age (with maxEventAgeSeconds = ttlSeconds).
        if (age >= maxEventAgeSeconds * 1000) return 'too_old';
        // NaN: no date (the sender's bug, as the event was verified). A TypeError, not a
        // WebhookVerificationError: that class would double this entry's size for one message.
        if (Number.isNaN(age)) {
          throw new TypeError(
            "webhook-verify: the event's body.timestamp is not a date, so maxEventAgeSeconds cannot tell its age",
          );
        }
      }
      const key = await keyOf(id);
      if (await take(key)) return 'claimed';
      const state = await store.get(key);
      if (state === completed) return completed;
      // Expired between the two calls: try once more rather than report a claim nobody holds.
      if (state == null && (await take(key))) return 'claimed';
      return processing;
    },
    async complete(id) {
      const key = await keyOf(id);
      held.delete(key);
      await store.set(key, completed, ttlSeconds);
    },
    async release(id) {
      const key = await keyOf(id);
      const claim = held.get(key);
      if (claim === undefined) return;
      held.delete(key);
      // Even past its lease (for one more): the store decides, and the compare keeps others' claims safe.
      await store.deleteIfValue(key, claim.value);
    },
    get holding() {
      prune();
      const t = now();
      let live = 0;
      // Counted over all: a clock set back can make a later claim lapse before an earlier one.
      for (const claim of held.values()) if (claim.lapsesAt > t) live++;
      return live;
    },
  };
}
