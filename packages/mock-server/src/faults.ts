import { bodyIncludes } from './body-includes.js';
import { ApiError, detailsSummary, type ErrorCode, type ErrorDetail } from './errors.js';
import { canonicalId } from './store/canonical-id.js';

/** What a fault with `drop` cuts: the request before the API sees it, or the answer after. */
export type FaultDrop = 'request' | 'response' | 'body';

/** What every fault has: where it applies, how often, and how long it holds its answer back. */
interface FaultTarget {
  /** Only this method (any when absent). */
  method?: string | undefined;
  /** An exact path (`/v1/agents`), a spec path template (`/v1/agents/{id}`), or a prefix ending in `*`. */
  path: string;
  /** How many requests it applies to (default 1, at most `Number.MAX_SAFE_INTEGER`). */
  times?: number | undefined;
  /**
   * Let this many matching requests through first, as if it were not there, then fire (default 0):
   * `after: 1` fails the second call.
   */
  after?: number | undefined;
  /**
   * Wait this long (real milliseconds, whatever the clock) before answering (or cutting); alone,
   * without `status` or `drop`, a slow success (`DelayFaultSpec`).
   */
  delay_ms?: number | undefined;
  /**
   * Only requests that present the API key with this id (`createApiKey()`'s `id`, the journal's
   * `key_id`); any key's when absent. The key must exist and not be revoked when the fault is added.
   */
  key_id?: string | undefined;
  /**
   * Only requests whose JSON body includes these fields with these values (WireMock's
   * `withRequestBody(equalToJson(...))`, extra fields ignored): a nested object likewise, an array
   * item by item, ids in any case. A body that is not JSON matches none.
   * @example mock.faults.add({ method: 'POST', path: '/v1/contacts', body_includes: { email: 'dup@example.com' }, status: 409 })
   */
  body_includes?: { [field: string]: unknown } | undefined;
}

/** A fault that answers the next `times` matching requests with `status` in the error envelope. */
export interface StatusFaultSpec extends FaultTarget {
  /** The error status to answer, 400 to 599. */
  status: number;
  /**
   * The error code: one of the API's, or any other (a client's handling of a code it does not
   * know). When absent: the API's code for the status, `INTERNAL_ERROR` for another 5xx,
   * `CLIENT_ERROR` for another 4xx (a status the API never answers itself).
   */
  // `string & {}`: any text, the API's codes still offered by an editor.
  code?: ErrorCode | (string & {}) | undefined;
  /**
   * Send `Retry-After` with this many seconds (at most 2147483647); a 429 without it sends 1, as the
   * API's 429s always carry one.
   */
  retry_after?: number | undefined;
  /**
   * The error message (a default names the fault; with `details`, the first one's and a count of
   * the others, as the API's).
   */
  message?: string | undefined;
  /** With a 400 `VALIDATION_ERROR`: the violated rules its answer lists (1 to 100). */
  details?: ErrorDetail[] | undefined;
  /** Not with `status`: a fault answers or cuts. */
  drop?: undefined;
}

/**
 * A fault that cuts the connection of the next `times` matching requests: `request` before the API
 * sees the request (nothing changes), `response` after the API has carried it out (the answer is
 * lost), `body` after the status and headers of the answer and half its body.
 */
export interface DropFaultSpec extends FaultTarget {
  /** What is cut: the request, the whole answer, or the answer's body halfway. */
  drop: FaultDrop;
  /** Not with `drop`: a dropped connection has no status. */
  status?: undefined;
  /** Not with `drop`. */
  code?: undefined;
  /** Not with `drop`. */
  retry_after?: undefined;
  /** Not with `drop`. */
  message?: undefined;
  /** Not with `drop`. */
  details?: undefined;
}

/**
 * A slow success: the next `times` matching requests are held back `delay_ms` of real time, then
 * carried out and answered as if the fault were not there (WireMock's `fixedDelayMilliseconds`).
 * @example mock.faults.add({ method: 'POST', path: '/v1/agents', delay_ms: 3_000 }) // a spinner
 */
export interface DelayFaultSpec extends FaultTarget {
  /** How long to hold the request back, 1 to 2147483647 real milliseconds. */
  delay_ms: number;
  /** Not with a slow success: the request gets its real answer. */
  status?: undefined;
  /** Not with a slow success: the request gets its real answer. */
  drop?: undefined;
  /** Not with a slow success. */
  code?: undefined;
  /** Not with a slow success. */
  retry_after?: undefined;
  /** Not with a slow success. */
  message?: undefined;
  /** Not with a slow success. */
  details?: undefined;
}

/**
 * A fault to inject: an error status to answer (`status`), a connection to cut (`drop`), or a real
 * answer to hold back (`delay_ms` alone).
 */
export type FaultSpec = StatusFaultSpec | DropFaultSpec | DelayFaultSpec;

/**
 * Which faults `faults.list()` and `faults.clear()` take (`GET`/`DELETE /__mock/faults?key_id=`):
 * only those scoped to one key, so that a test file on a shared mock leaves the others' faults alone;
 * every fault when absent.
 */
export interface FaultsFilter {
  /** Only the faults added with this `key_id` (any case); unscoped faults and other keys' are left. */
  key_id?: string | undefined;
}

/** A fault still waiting, as `faults.list()` and `GET /__mock/faults` show it. */
export type PendingFault = FaultSpec & {
  /** How many requests it applied to when added (the spec's, or 1). */
  times: number;
  /** How many matching requests it has left. */
  remaining: number;
  /** How many requests it let through first when added (the spec's, or 0). */
  after: number;
  /** How many matching requests it still lets through before it fires. */
  let_through: number;
};

/** A fault waiting to fire, with its path compiled. */
export type ActiveFault = PendingFault & { matcher: RegExp };

/** What a request meets among the faults, in the order they were added. */
export interface FaultMatch {
  /** The matching faults ahead of `fault` that still let requests through: passed by, as if absent. */
  passed: readonly ActiveFault[];
  /** The first matching fault that fires on the request, or null. */
  fault: ActiveFault | null;
}

const NO_MATCH: FaultMatch = Object.freeze({ passed: Object.freeze([]), fault: null });

/** The code of each status the API answers itself (api-decisions section 2). */
const CODES: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  429: 'RATE_LIMIT_EXCEEDED',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * The code a fault answers when it names none: the API's own code for the status; `INTERNAL_ERROR`
 * for another 5xx; `CLIENT_ERROR` for another 4xx. The API never answers those 4xx itself and has no
 * code for them: any code of its own would claim a cause (a validation error, a server error) that
 * the fault does not have, so they get a code that says only what the status says.
 */
export function faultCode(status: number): string {
  return CODES[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'CLIENT_ERROR');
}

/** The injected faults, matched in the order they were added. */
export class Faults {
  private active: ActiveFault[] = [];

  /** Adds a fault whose spec `checkFault` has passed (the control API checks it first). */
  add(spec: FaultSpec): void {
    const matcher = compileFaultPath(canonicalFaultPath(spec.path));
    const times = spec.times ?? 1;
    const after = spec.after ?? 0;
    // `times` and `after` shown as they apply, given or not, each beside what is left of it.
    const own = withOwnValues(spec);
    this.active.push({ ...own, times, remaining: times, after, let_through: after, matcher });
  }

  /** Whether any fault waits: without one, a request needs no lookup for them at all. */
  get waiting(): boolean {
    return this.active.length > 0;
  }

  /**
   * Whether a waiting fault on bodies (`body_includes`) takes this method and path: the request's
   * body is then read before the faults are matched.
   */
  wantsBody(method: string, path: string): boolean {
    if (!this.active.some((f) => f.body_includes !== undefined)) return false;
    const canonical = canonicalPath(path);
    return this.active.some(
      (f) =>
        f.body_includes !== undefined &&
        (f.method === undefined || f.method === method) &&
        f.matcher.test(canonical),
    );
  }

  /**
   * The fault a request triggers, and the faults ahead of it that let it through, left as they are
   * until `use` and `pass` count them. Ids match regardless of case, as the API's do: a fault on
   * `/v1/agents/7D0C...` fires on `/v1/agents/7d0c...` and the other way round. `keyId`: the id of
   * the valid key the request presents (null for none), which a fault with `key_id` must be.
   * `body`: the request's body parsed, which a fault with `body_includes` must include (undefined:
   * none, not JSON, or not read).
   */
  match(method: string, path: string, keyId: string | null, body?: unknown): FaultMatch {
    if (this.active.length === 0) return NO_MATCH;
    const canonical = canonicalPath(path);
    const passed: ActiveFault[] = [];
    for (const f of this.active) {
      if (f.method !== undefined && f.method !== method) continue;
      if (f.key_id !== undefined && f.key_id !== keyId) continue;
      if (!f.matcher.test(canonical)) continue;
      if (f.body_includes !== undefined && !bodyIncludes(body, f.body_includes)) continue;
      if (f.let_through === 0) return { passed, fault: f };
      passed.push(f);
    }
    return passed.length === 0 ? NO_MATCH : { passed, fault: null };
  }

  /** Counts one request that `faults` (as `match` gave them) let through: each lets one fewer through. */
  pass(faults: readonly ActiveFault[]): void {
    for (const fault of faults) fault.let_through--;
  }

  /** Counts one request against `fault` (as `match` gave it), dropping it once used up. */
  use(fault: ActiveFault): void {
    fault.remaining--;
    if (fault.remaining <= 0) this.active = this.active.filter((f) => f !== fault);
  }

  /** The faults still waiting, with how many requests each has left; those of one key when `keyId` is given. */
  list(keyId?: string): PendingFault[] {
    return this.active
      .filter((f) => keyId === undefined || f.key_id === keyId)
      .map(({ matcher: _m, ...rest }) => withOwnValues(rest));
  }

  /** Removes every fault, or those of one key when `keyId` is given. */
  clear(keyId?: string): void {
    this.active = keyId === undefined ? [] : this.active.filter((f) => f.key_id !== keyId);
  }
}

/**
 * `fault` with a copy of its `details` and `body_includes`, the only fields that are not plain
 * values: the caller's, or those `list()` handed out, changed later, must not change what the fault
 * answers or which requests it takes.
 */
function withOwnValues<T extends FaultSpec>(fault: T): T {
  const { details, body_includes } = fault;
  if (details === undefined && body_includes === undefined) return fault;
  const own = { ...fault };
  if (details !== undefined) own.details = details.map((d) => ({ ...d }));
  if (body_includes !== undefined) own.body_includes = structuredClone(body_includes);
  return own;
}

/**
 * A request path in one spelling of each segment: its escapes decoded, then every character but
 * letters, digits and `-_.!~'()` escaped (in upper-case hex), and a UUID in lower case. Requests
 * arrive with the characters a URL escapes escaped (`caf%C3%A9`), in either case of hex, and
 * with unreserved ones decoded: a fault written with or without the escapes matches all of them.
 * A segment that does not decode (a stray `%`) is compared as it is.
 */
function canonicalPath(path: string): string {
  return path.split('/').map(canonicalSegment).join('/');
}

// A `{name}` that is a whole segment, between slashes. Braces inside a segment (`{a}{b}`, `x{a}`)
// are text: several placeholders in one segment compiled to `[^/]+[^/]+...`, which backtracked
// without end on a long segment (a fault on `/v1/agents/{a}{b}...{l}x` held the server 16 s on
// a 40-character id). Between slashes, each placeholder's end is certain: matching is linear.
const PLACEHOLDER = /(?<=\/)(\{[^/{}]+\})(?=\/|$)/;

/** A fault's path spelled as `canonicalPath` spells requests, its `{name}` parts and final `*` kept. */
export function canonicalFaultPath(path: string): string {
  const prefix = path.endsWith('*');
  const literal = prefix ? path.slice(0, -1) : path;
  const source = literal
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? part : canonicalPath(part)))
    .join('');
  return prefix ? `${source}*` : source;
}

function canonicalSegment(segment: string): string {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return canonicalId(segment);
  }
  // `*` escaped too: a fault's final `*` is its wildcard, and an escaped one is no wildcard.
  return encodeURIComponent(canonicalId(decoded)).replace(/\*/g, '%2A');
}

/** The seconds a fault's answer asks to wait: its `retry_after`, else 1 on a 429 (as every 429 of the API has one). */
export function faultRetryAfter(fault: StatusFaultSpec): number | undefined {
  return fault.retry_after ?? (fault.status === 429 ? 1 : undefined);
}

/** The error a fault answers with. */
export function faultError(fault: StatusFaultSpec): ApiError {
  // A code the fault names may be any string, and CLIENT_ERROR is outside the spec's enum on purpose.
  const code = (fault.code ?? faultCode(fault.status)) as ErrorCode;
  const headers: Record<string, string> = {};
  const wait = faultRetryAfter(fault);
  if (wait !== undefined) headers['Retry-After'] = String(wait);
  const { details } = fault;
  const fallback = `injected fault: ${fault.status} ${code}`;
  const message = fault.message ?? (details ? detailsSummary(details, fallback) : fallback);
  return new ApiError(fault.status, code, message, details ? { headers, details } : { headers });
}

/** A fault path as a RegExp: `{name}` as a whole segment matches any one segment, a final `*` any rest, all else literally. */
export function compileFaultPath(path: string): RegExp {
  const prefix = path.endsWith('*');
  const literal = prefix ? path.slice(0, -1) : path;
  const source = literal
    .split(PLACEHOLDER)
    .map((part, i) => (i % 2 === 1 ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}${prefix ? '' : '$'}`);
}
