import { shownOption } from './shown-option.js';

/** Makes the ids of new resources: random UUID v4s, or a seeded, repeatable sequence of them. */
export type IdGenerator = () => string;

/** `random` (default), `{ seed }` for the same ids on every run, or your own function. */
export type IdsOption =
  | 'random'
  | {
      /** An integer from 0 to 4294967295: the same seed gives the same sequences. */
      seed: number;
    }
  | IdGenerator;

/** What a random string is for: each kind has a seeded sequence of its own. */
export type SecretKind = 'webhook-secret' | 'api-key' | 'widget-key' | 'qr-code';

/** The random values of a mock server: resource ids, `X-Request-Id`s, and secrets. */
export interface RandomSources {
  /** The id of a new resource. */
  id: IdGenerator;
  /** The `X-Request-Id` of a response. */
  requestId: IdGenerator;
  /** `bytes` random bytes in hex, for a webhook secret, an API key string, a widget key, a QR code. */
  hex(kind: SecretKind, bytes: number): string;
  /** Seeded sources start their sequences again (a reset), so each test draws the same values. */
  rewind(): void;
}

/**
 * The sources an `ids` option asks for. A seed seeds ids, request ids and each kind of secret from
 * a sequence of its own, so that what one test creates moves only its own kind: health polls at
 * start-up move no id, a key made in a set-up moves no webhook secret.
 */
export function createRandomSources(option: IdsOption = 'random'): RandomSources {
  // `ids: 42` for `{ seed: 42 }` would otherwise be called as the id function at the first create.
  if (
    option !== 'random' &&
    typeof option !== 'function' &&
    (typeof option !== 'object' || option === null || Array.isArray(option))
  ) {
    throw new TypeError(
      `ids: must be 'random', { seed } or a function that returns an id, not ${shownOption(option)}`,
    );
  }
  if (typeof option === 'object') {
    const seed = checkSeed(option.seed);
    type Stream = (count: number) => Uint8Array;
    let ids!: Stream;
    let requests!: Stream;
    const secrets = new Map<SecretKind, Stream>();
    // Every sequence from its start: at creation, and on a reset.
    const rewind = () => {
      ids = seededBytes(seed);
      requests = seededBytes(seed ^ REQUEST_IDS);
      secrets.clear();
    };
    rewind();
    return {
      id: () => uuidFromBytes(ids(16)),
      requestId: () => uuidFromBytes(requests(16)),
      hex: (kind, bytes) => {
        let stream = secrets.get(kind);
        if (stream === undefined) {
          stream = seededBytes(seed ^ stringHash(kind));
          secrets.set(kind, stream);
        }
        return toHex(stream(bytes));
      },
      rewind,
    };
  }
  // A browser has crypto.randomUUID only in a secure context (https, localhost): a page served over
  // http by another name (a container's service name, a LAN address) has getRandomValues alone.
  const uuid =
    typeof crypto.randomUUID === 'function'
      ? () => crypto.randomUUID()
      : () => uuidFromBytes(crypto.getRandomValues(new Uint8Array(16)));
  return {
    id: option === 'random' ? uuid : option,
    requestId: uuid,
    hex: (_kind, bytes) => toHex(crypto.getRandomValues(new Uint8Array(bytes))),
    rewind() {},
  };
}

/** Offsets the seed of the request-id sequence from that of the ids. */
const REQUEST_IDS = 0x5bd1e995;

/** The seed the CLI's --ids-seed takes: an integer from 0 to 2^32 - 1 (others would wrap silently). */
function checkSeed(seed: unknown): number {
  if (typeof seed !== 'number' || !Number.isInteger(seed) || seed < 0 || seed > 0xffffffff) {
    throw new TypeError(`ids.seed: must be an integer from 0 to 4294967295, not ${String(seed)}`);
  }
  return seed;
}

/** FNV-1a of a short string: a fixed, distinct offset of the seed per kind. */
function stringHash(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/** Formats 16 bytes as a UUID v4 (version and variant bits set). */
export function uuidFromBytes(bytes: Uint8Array): string {
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = toHex(bytes);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function toHex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A repeatable byte sequence: `bytes(n)` gives the next n bytes. */
function seededBytes(seed: number): (count: number) => Uint8Array {
  const next = mulberry32(seed);
  return (count) => {
    const bytes = new Uint8Array(count);
    for (let i = 0; i < count; i += 4) {
      const n = next();
      for (let j = 0; j < 4 && i + j < count; j++) bytes[i + j] = (n >>> (24 - 8 * j)) & 0xff;
    }
    return bytes;
  };
}

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}
