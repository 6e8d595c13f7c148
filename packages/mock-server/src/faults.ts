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
    if (typeof spec?.path !== 'string' || !spec.path.startsWith('/'))
      throw new TypeError('path: must start with /');
    if (!Number.isInteger(spec.status) || spec.status < 400 || spec.status > 599) {
      throw new TypeError('status: must be an integer from 400 to 599');
    }
    const times = spec.times ?? 1;
    if (!Number.isInteger(times) || times < 1)
      throw new TypeError('times: must be an integer >= 1');
    if (spec.delay_ms !== undefined && (!Number.isFinite(spec.delay_ms) || spec.delay_ms < 0)) {
      throw new TypeError('delay_ms: must be a number >= 0');
    }
    if (
      spec.retry_after !== undefined &&
      (!Number.isInteger(spec.retry_after) || spec.retry_after < 0)
    ) {
      throw new TypeError('retry_after: must be an integer >= 0');
    }
    if (spec.code !== undefined && typeof spec.code !== 'string')
      throw new TypeError('code: must be a string');
    this.active.push({ ...spec, remaining: times, matcher: compile(spec.path) });
  }

  /** The fault a request triggers (counting it down), or null. */
  take(method: string, path: string): FaultSpec | null {
    const fault = this.active.find(
      (f) => (!f.method || f.method.toUpperCase() === method) && f.matcher.test(path),
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

function compile(path: string): RegExp {
  const quote = (s: string) => s.replace(/[.+?^$()|[\]\\]/g, '\\$&');
  if (path.endsWith('*'))
    return new RegExp(`^${quote(path.slice(0, -1)).replace(/\{[^}]+\}/g, '[^/]+')}`);
  return new RegExp(`^${quote(path).replace(/\{[^}]+\}/g, '[^/]+')}$`);
}
