import type { FaultDrop } from './faults.js';

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
}

/** An entry as it is recorded: the time as ms, formatted only when the journal is read. */
export type JournalRecord = Omit<JournalEntry, 'at'> & { at_ms: number };

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

  /** The entries, oldest first: all of them, or the newest `limit`. */
  list(limit = this.entries.length): JournalEntry[] {
    const ordered =
      this.entries.length < this.capacity
        ? this.entries
        : [...this.entries.slice(this.next), ...this.entries.slice(0, this.next)];
    return ordered
      .slice(Math.max(0, ordered.length - limit))
      .map(({ at_ms, ...rest }) => ({ ...rest, at: new Date(at_ms).toISOString() }));
  }

  /** Forgets every entry. */
  clear(): void {
    this.entries = [];
    this.next = 0;
  }
}
