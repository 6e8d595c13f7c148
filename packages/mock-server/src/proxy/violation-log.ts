/** One way a request or an answer passing through the proxy breaks the spec. */
export interface Violation {
  /** When the proxy saw it (ISO 8601, the machine's clock). */
  at: string;
  /** The `X-Request-Id` of the answer the client got: the upstream's, or one the proxy made for its own. */
  request_id?: string;
  /** The method as the client sent it. */
  method: string;
  /** The path as the client sent it, without the query. */
  path: string;
  /** The spec's operationId, or null for a route the spec does not have. */
  operation_id: string | null;
  /** The upstream's status, or null when the request was not forwarded or not answered. */
  status: number | null;
  /** Whether the request or the answer breaks the spec. */
  in: 'request' | 'response';
  /** Where: a body field (`data[3].status`), a parameter, a header, `status`, `body`, `path`. */
  field: string;
  /** The rule broken: `required`, `enum`, `type`, `status`, `content-type`, `json`, `route`... */
  rule: string;
  /** Human-readable, beginning with the field. */
  message: string;
}

// A field named by the request (a key of its body) can be 1 MiB long, and it is in the message too:
// kept whole, the last 1000 violations of a shared proxy could hold 2 GB. Cut, they hold 2 MB at most.
const MAX_TEXT = 1000;

/** The violations a proxy keeps: the last `limit`, and a count of every one seen. */
export class ViolationLog {
  private readonly kept: Violation[] = [];
  /** Every violation seen since the last clear, kept or not. */
  total = 0;

  constructor(private readonly limit: number) {}

  /**
   * Records one, its field and message cut to their first 1000 characters, dropping the oldest
   * beyond the limit; returns what it recorded.
   */
  add(violation: Violation): Violation {
    const kept = { ...violation, field: cut(violation.field), message: cut(violation.message) };
    this.total++;
    this.kept.push(kept);
    if (this.kept.length > this.limit) this.kept.shift();
    return kept;
  }

  /** The kept violations, oldest first (a copy). */
  list(): Violation[] {
    return this.kept.slice();
  }

  /** Forgets every violation and resets the count. */
  clear(): void {
    this.kept.length = 0;
    this.total = 0;
  }
}

function cut(text: string): string {
  if (text.length <= MAX_TEXT) return text;
  // Joined anew: a slice is a view that keeps the whole 1 MiB text it was cut from alive in V8.
  return [...text.slice(0, MAX_TEXT - 3), '...'].join('');
}
