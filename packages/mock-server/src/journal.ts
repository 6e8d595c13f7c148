import type { FaultDrop } from './faults.js';
import type { OperationId } from './generated/operations.js';
import { journalHeaders, type SentHeaders } from './journal-headers.js';

/** One request as the journal keeps it. */
export interface JournalEntry {
  /** The `X-Request-Id` the response carried. */
  request_id: string;
  /** When the request was answered (ISO 8601, milliseconds), on the mock's clock. */
  at: string;
  /** The method as sent (`HEAD` stays `HEAD`). */
  method: string;
  /** The path without the query, e.g. `/v1/agents`. */
  path: string;
  /** The query string with its `?` (`?limit=5`), or `''`. */
  query: string;
  /**
   * The request's headers as the client sent them, to assert on as WireMock's `withHeader` does:
   * names in lower case and in order of name, a header sent twice joined with `, ` (as fetch
   * joins it). A credential (`x-api-key`, `authorization`, `proxy-authorization`, `cookie`,
   * `x-mock-admin-token`) is there as `"[redacted]"`, never its value. `host`, `connection`,
   * `keep-alive`, `content-length` and `transfer-encoding` are left out: they describe an HTTP
   * connection, which an in-process request has none of. Over HTTP, those your client's HTTP stack
   * adds are there too (Node's fetch adds `accept`, `accept-encoding`, `accept-language`,
   * `sec-fetch-mode` and `user-agent` when you give none).
   */
  headers: Record<string, string>;
  /**
   * The HTTP status of the answer; 0 for a request a `drop: "request"` fault cut before the API saw
   * it (a fault that drops the answer keeps the status the client did not get).
   */
  status: number;
  /**
   * The id (not the key string) of the API key that passed authentication; null when none did (an
   * injected 401 stands for an authentication that failed).
   */
  key_id: string | null;
  /** The spec's operationId (`agentsList`); null when no operation matched the method and path. */
  operation_id: string | null;
  /** What a fault with `drop` cut (only on such a request): the request, the answer, or its body. */
  dropped?: FaultDrop;
  /**
   * The request's body as the API read it, as UTF-8 text (only on a request that had one), so that
   * a suite asserts on what its client sent; past 16 KiB its first 16 KiB and `...`. An injected
   * fault's request has it too (a retry's body compared with the first attempt's), but for one that
   * drops the request. A request refused before the API reads its body (a 401, 403 or 429,
   * maintenance, no route) has none, even one whose body a `body_includes` fault read early to match
   * it, nor has a control API request that `onRequest` hears (a state import's is
   * the state).
   */
  body?: string;
  /**
   * An error answer's envelope `code` and `message` (only on such a request), so that a suite reads
   * why a request was refused (`emial: is not a known field; did you mean "email"?`) where it counts
   * it; the message cut to its first 1000 characters.
   */
  error?: JournalError;
}

/** Why a request was answered with an error, as its envelope said. */
export interface JournalError {
  /** The envelope's `code`, as `VALIDATION_ERROR`. */
  code: string;
  /** The envelope's `message`, naming the field and rule of a 400 (cut to 1000 characters). */
  message: string;
}

// 1000 requests of 1 MiB each would hold 1 GB; cut, their bodies hold 32 MB at most (16,384 bytes that are
// not UTF-8 decode to as many U+FFFD, two bytes each in V8), as the README says.
const MAX_BODY_BYTES = 16_384;
const utf8 = new TextDecoder();

/**
 * What the journal keeps of a request body: its text, or past 16 KiB its first 16 KiB (a character
 * those bytes end inside of left out) and `...`.
 */
export function journalBody(bytes: Uint8Array): string {
  if (bytes.byteLength <= MAX_BODY_BYTES) return utf8.decode(bytes);
  // `stream` leaves out a character cut in two rather than writing U+FFFD for its first bytes.
  const head = new TextDecoder().decode(bytes.subarray(0, MAX_BODY_BYTES), { stream: true });
  return `${head}...`;
}

// A field named by the request (a key of its body) can be 1 MiB long, and the message names it: kept
// whole, a journal of 1000 requests could hold 2 GB. Cut, its errors hold 2 MB at most.
const MAX_MESSAGE = 1000;

/** What the journal keeps of an error answer: its code, and its message cut to 1000 characters. */
export function journalError(error: { code: string; message: string }): JournalError {
  const { code, message } = error;
  if (message.length <= MAX_MESSAGE) return { code, message };
  // Between characters: half of a surrogate pair would be answered as `"\ud83d"`, which strict JSON
  // readers refuse.
  const end = /[\uD800-\uDBFF]/.test(message[MAX_MESSAGE - 4] ?? '')
    ? MAX_MESSAGE - 4
    : MAX_MESSAGE - 3;
  // Joined anew: a slice is a view that keeps the whole text it was cut from alive in V8.
  return { code, message: [...message.slice(0, end), '...'].join('') };
}

/**
 * Which requests `requests()` returns: those that match every filter given, oldest first; `limit`
 * then keeps the newest of them. A filter that names nothing that exists (an operation, a key, a path
 * without its `/`) is refused rather than matching nothing, so that "never called" cannot pass by
 * a typo.
 */
export interface RequestsQuery {
  /** The newest this many of the requests that match (all of them by default). */
  limit?: number | undefined;
  /** Only this method, in any case (`HEAD` is recorded as itself, not as `GET`). */
  method?: string | undefined;
  /**
   * Only this path, as a fault's path matches: exact (`/v1/agents`, an id in any case), a spec
   * template (`/v1/agents/{id}`) or a prefix ending in `*`. Unlike a fault's, it need not reach a
   * route: the journal also holds the requests no route matched.
   */
  path?: string | undefined;
  /**
   * Only requests answered with this status (a cut one's is the answer the client did not get; 0
   * for those a `drop: "request"` fault cut).
   */
  status?: number | undefined;
  /**
   * Only requests routed to this operation of the spec (typed, so that a misspelt one does not
   * compile); `null`: those no operation matched (404, 405).
   */
  operation_id?: OperationId | null | undefined;
  /**
   * Only requests authenticated with the API key of this id (not the key string: an id no key has
   * and no request names is refused); `null`: with none.
   */
  key_id?: string | null | undefined;
  /** Only requests whose connection a fault cut so (`request`, `response`, `body`); `null`: none cut. */
  dropped?: FaultDrop | null | undefined;
}

/** Which requests `clearRequests()` forgets: those that match every filter given, all without one. */
export type ClearRequestsQuery = Omit<RequestsQuery, 'limit'>;

/**
 * An entry as it is recorded: the time as ms, and the headers as the transport holds them (a
 * reference), both turned into the entry's only when the journal is read.
 */
export type JournalRecord = Omit<JournalEntry, 'at' | 'headers'> & {
  at_ms: number;
  headers: SentHeaders;
};

/** The last `capacity` requests, oldest first; older ones fall off (a ring buffer: O(1) per request). */
export class Journal {
  private entries: JournalRecord[] = [];
  private next = 0;

  constructor(readonly capacity: number) {}

  /** Adds an entry, overwriting the oldest when full. */
  add(entry: JournalRecord): void {
    if (this.capacity <= 0) return;
    if (this.entries.length < this.capacity) this.entries.push(entry);
    else this.entries[this.next] = entry;
    this.next = (this.next + 1) % this.capacity;
  }

  /** The entries `keep` takes (all by default), oldest first: all of them, or the newest `limit`. */
  list(limit = this.entries.length, keep?: (entry: JournalRecord) => boolean): JournalEntry[] {
    const ordered =
      this.entries.length < this.capacity
        ? this.entries
        : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
    const kept = keep === undefined ? ordered : ordered.filter(keep);
    return kept.slice(Math.max(0, kept.length - limit)).map(({ at_ms, headers, ...rest }) => ({
      ...rest,
      headers: journalHeaders(headers),
      at: new Date(at_ms).toISOString(),
    }));
  }

  /** Forgets the entries `drop` takes, keeping the others in order. */
  remove(drop: (entry: JournalRecord) => boolean): void {
    const ordered =
      this.entries.length < this.capacity
        ? this.entries
        : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
    this.entries = ordered.filter((entry) => !drop(entry));
    this.next = this.entries.length === this.capacity ? 0 : this.entries.length;
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries = [];
    this.next = 0;
  }
}
