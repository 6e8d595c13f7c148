import { ApiError, type ErrorCode } from './errors.js';

/** A fault to inject: the next `times` matching requests answer `status` in the error envelope. */
export interface FaultSpec {
  /** Only this method (any when absent). */
  method?: string;
  /** An exact path (`/v1/agents`), a spec path template (`/v1/agents/{id}`), or a prefix ending in `*`. */
  path: string;
  status: number;
  /** The error code; derived from the status when absent. */
  code?: ErrorCode;
  /** How many requests it applies to (default 1). */
  times?: number;
  /** Wait this long (real milliseconds) before answering. */
  delay_ms?: number;
  /** Send `Retry-After` with this many seconds. */
  retry_after?: number;
  /** The error message (a default names the fault). */
  message?: string;
}

interface ActiveFault extends FaultSpec {
  remaining: number;
  matcher: RegExp;
}

// An HTTP method token (RFC 9110): letters, as every method of this API is.
const METHOD = /^[A-Za-z]+$/;

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

/** The injected faults, matched in the order they were added. */
export class Faults {
  private active: ActiveFault[] = [];

  /** Adds a fault; throws a TypeError naming a bad field. */
  add(spec: FaultSpec): void {
    if (typeof spec !== 'object' || spec === null) throw new TypeError('body: must be an object');
    const { path, method, status, code, message, delay_ms, retry_after } = spec;
    if (typeof path !== 'string' || !path.startsWith('/'))
      throw new TypeError('path: must be a string that starts with /');
    const star = path.indexOf('*');
    if (star !== -1 && star !== path.length - 1) {
      throw new TypeError('path: * may only end a path (a prefix such as /v1/agents*)');
    }
    if (method !== undefined && (typeof method !== 'string' || !METHOD.test(method))) {
      throw new TypeError('method: must be an HTTP method such as GET or POST');
    }
    // Neither reaches a fault as itself: it would never fire.
    if (method?.toUpperCase() === 'HEAD') {
      throw new TypeError('method: HEAD is served as GET, so a GET fault covers it; use GET');
    }
    if (method?.toUpperCase() === 'OPTIONS') {
      throw new TypeError('method: OPTIONS is a CORS preflight, answered before any fault');
    }
    if (!Number.isInteger(status) || status < 400 || status > 599) {
      throw new TypeError('status: must be an integer from 400 to 599');
    }
    const times = spec.times ?? 1;
    if (!Number.isInteger(times) || times < 1)
      throw new TypeError('times: must be an integer >= 1');
    if (delay_ms !== undefined && (!Number.isFinite(delay_ms) || delay_ms < 0)) {
      throw new TypeError('delay_ms: must be a number >= 0');
    }
    if (retry_after !== undefined && (!Number.isInteger(retry_after) || retry_after < 0)) {
      throw new TypeError('retry_after: must be an integer >= 0');
    }
    if (code !== undefined && (typeof code !== 'string' || (code as string) === ''))
      throw new TypeError('code: must be a non-empty string');
    if (message !== undefined && typeof message !== 'string')
      throw new TypeError('message: must be a string');
    this.active.push({
      ...spec,
      ...(method === undefined ? {} : { method: method.toUpperCase() }),
      remaining: times,
      matcher: compile(path),
    });
  }

  /** The fault a request triggers (counting it down), or null. */
  take(method: string, path: string): FaultSpec | null {
    const fault = this.active.find(
      (f) => (f.method === undefined || f.method === method) && f.matcher.test(path),
    );
    if (!fault) return null;
    fault.remaining--;
    if (fault.remaining <= 0) this.active = this.active.filter((f) => f !== fault);
    return fault;
  }

  /** The faults still waiting, with how many requests each has left. */
  list(): (FaultSpec & { remaining: number })[] {
    return this.active.map(({ matcher: _m, ...rest }) => ({ ...rest }));
  }

  /** Removes every fault. */
  clear(): void {
    this.active = [];
  }
}

/** The error a fault answers with. */
export function faultError(fault: FaultSpec): ApiError {
  const code = fault.code ?? CODES[fault.status] ?? 'INTERNAL_ERROR';
  const headers: Record<string, string> = {};
  if (fault.retry_after !== undefined) headers['Retry-After'] = String(fault.retry_after);
  return new ApiError(
    fault.status,
    code,
    fault.message ?? `injected fault: ${fault.status} ${code}`,
    { headers },
  );
}

/** A fault path as a RegExp: `{name}` matches one segment, a final `*` any rest, all else literally. */
function compile(path: string): RegExp {
  const prefix = path.endsWith('*');
  const literal = prefix ? path.slice(0, -1) : path;
  const source = literal
    .split(/(\{[^/{}]+\})/)
    .map((part, i) => (i % 2 === 1 ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}${prefix ? '' : '$'}`);
}
