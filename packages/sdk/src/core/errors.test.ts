import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import * as guards from './error-guards.js';
import {
  AgentPlatformError,
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  ConflictError,
  generateError,
  InternalServerError,
  NotFoundError,
  PayloadTooLargeError,
  PermissionDeniedError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from './errors.js';

const headers = (extra: Record<string, string> = {}) =>
  new Headers({
    'X-Request-Id': 'req-42',
    'X-RateLimit-Limit': '100',
    'X-RateLimit-Remaining': '3',
    'X-RateLimit-Reset': '1795000000',
    ...extra,
  });
const body = (code: string, status: number) => ({
  error: { code, message: `${code}: bad`, status },
});

describe('APIError.generate', () => {
  it.each([
    [400, 'VALIDATION_ERROR', ValidationError, guards.isValidationError],
    [401, 'UNAUTHORIZED', AuthenticationError, guards.isAuthenticationError],
    [403, 'FORBIDDEN', PermissionDeniedError, guards.isPermissionDeniedError],
    [404, 'NOT_FOUND', NotFoundError, guards.isNotFoundError],
    [409, 'CONFLICT', ConflictError, guards.isConflictError],
    [413, 'PAYLOAD_TOO_LARGE', PayloadTooLargeError, guards.isPayloadTooLargeError],
    [429, 'RATE_LIMIT_EXCEEDED', RateLimitError, guards.isRateLimitError],
    [500, 'INTERNAL_ERROR', InternalServerError, guards.isInternalServerError],
    [502, 'INTERNAL_ERROR', InternalServerError, guards.isInternalServerError],
    [503, 'SERVICE_UNAVAILABLE', ServiceUnavailableError, guards.isServiceUnavailableError],
    [405, 'METHOD_NOT_ALLOWED', APIError, guards.isAPIError],
  ] as const)('%d %s -> %o', (status, code, Class, guard) => {
    const error = APIError.generate(status, body(code, status), headers());
    expect(error).toBeInstanceOf(Class);
    expect(error).toBeInstanceOf(APIError);
    expect(error).toBeInstanceOf(AgentPlatformError);
    expect(error.constructor).toBe(Class);
    expect(guard(error)).toBe(true);
    expect(guards.isAPIError(error)).toBe(true);
    expect(error).toMatchObject({
      status,
      code,
      message: `${code}: bad`,
      requestId: 'req-42',
      rateLimit: { limit: 100, remaining: 3, reset: 1795000000 },
      body: body(code, status),
    });
    expect(error.headers.get('x-request-id')).toBe('req-42');
  });

  it('builds by status alone when called unbound or on a subclass', () => {
    const { generate } = APIError;
    const teapot = generate(418, {}, new Headers());
    expect(teapot.constructor).toBe(APIError);
    expect(teapot.message).toBe('HTTP 418');
    expect(generate(404, {}, new Headers())).toBeInstanceOf(NotFoundError);
    expect(NotFoundError.generate(418, {}, new Headers()).constructor).toBe(APIError);
    expect(NotFoundError.generate(409, {}, new Headers()).constructor).toBe(ConflictError);
    expect(ServiceUnavailableError.generate(502, {}, new Headers()).constructor).toBe(
      InternalServerError,
    );
    const limited = RateLimitError.generate(429, {}, new Headers({ 'Retry-After': '3' }));
    expect((limited as RateLimitError).retryAfter).toBe(3);
  });

  it('makes 503 an InternalServerError too', () => {
    const error = APIError.generate(503, undefined, headers());
    expect(error).toBeInstanceOf(InternalServerError);
    expect(guards.isInternalServerError(error)).toBe(true);
    expect(guards.isNotFoundError(error)).toBe(false);
  });

  it('reads retryAfter in seconds, from seconds or an HTTP date', () => {
    const now = Date.UTC(2026, 10, 20, 10, 0, 0);
    const a = APIError.generate(429, undefined, headers({ 'Retry-After': '17' }), now);
    const b = APIError.generate(
      429,
      undefined,
      headers({ 'Retry-After': 'Fri, 20 Nov 2026 10:01:30 GMT' }),
      now,
    );
    // Neither a valid Retry-After nor a rate-limit window: no wait is known.
    const c = APIError.generate(429, undefined, new Headers({ 'Retry-After': 'later' }), now);
    expect((a as RateLimitError).retryAfter).toBe(17);
    expect((b as RateLimitError).retryAfter).toBe(90);
    expect((c as RateLimitError).retryAfter).toBeUndefined();
  });

  it('falls back to X-RateLimit-Reset for retryAfter without a valid Retry-After', () => {
    const now = Date.UTC(2026, 10, 20, 10, 0, 0);
    const window = { 'X-RateLimit-Limit': '100', 'X-RateLimit-Remaining': '0' };
    const reset = String(now / 1000 + 600);
    const error = APIError.generate(
      429,
      undefined,
      headers({ ...window, 'X-RateLimit-Reset': reset, 'Retry-After': 'later' }),
      now,
    );
    expect((error as RateLimitError).retryAfter).toBe(600);
    // Retry-After wins when valid; a reset already past is no wait.
    const both = headers({ ...window, 'X-RateLimit-Reset': reset, 'Retry-After': '5' });
    expect((APIError.generate(429, undefined, both, now) as RateLimitError).retryAfter).toBe(5);
    const past = headers({ ...window, 'X-RateLimit-Reset': String(now / 1000 - 5) });
    expect((APIError.generate(429, undefined, past, now) as RateLimitError).retryAfter).toBe(0);
  });

  it('keeps the details of a validation error', () => {
    const details = [
      { field: 'query.limit', rule: 'maximum', message: 'limit: must be at most 100' },
    ];
    const error = APIError.generate(
      400,
      { error: { code: 'VALIDATION_ERROR', message: 'x', status: 400, details } },
      headers(),
    );
    expect(error.details).toEqual(details);
  });

  it('copes with a body that is not the error envelope', () => {
    const error = APIError.generate(502, '<html>bad gateway</html>', new Headers());
    expect(error).toMatchObject({ status: 502, code: undefined, message: 'HTTP 502' });
    expect(error.requestId).toBeUndefined();
    expect(error.rateLimit).toBeUndefined();
  });
});

describe('connection errors', () => {
  it('nest timeout under connection, abort apart', () => {
    expect(new APITimeoutError()).toBeInstanceOf(APIConnectionError);
    expect(guards.isAPIConnectionError(new APITimeoutError())).toBe(true);
    expect(guards.isAPITimeoutError(new APIConnectionError())).toBe(false);
    expect(guards.isAPIUserAbortError(new APIUserAbortError())).toBe(true);
    expect(guards.isAPIConnectionError(new APIUserAbortError())).toBe(false);
    expect(guards.isAPIError(new APIConnectionError())).toBe(false);
    const cause = new TypeError('fetch failed');
    expect(new APIConnectionError(undefined, { cause }).cause).toBe(cause);
  });
});

describe('guards and subclasses of your own', () => {
  it('classify a subclass that renames itself by the SDK class it extends', () => {
    class GaveUp extends APIUserAbortError {
      override name = 'GaveUp';
    }
    const gaveUp = new GaveUp();
    expect(gaveUp.name).toBe('GaveUp');
    expect(guards.isAPIUserAbortError(gaveUp)).toBe(true);
    expect(guards.isAgentPlatformError(gaveUp)).toBe(true);
    expect(guards.isAPIError(gaveUp)).toBe(false);
    expect(guards.isAPIConnectionError(gaveUp)).toBe(false);

    class AgentMissing extends NotFoundError {
      override name = 'AgentMissing';
    }
    const missing = new AgentMissing(404, undefined, new Headers());
    expect(guards.isNotFoundError(missing)).toBe(true);
    expect(guards.isAPIError(missing)).toBe(true);
    expect(guards.isConflictError(missing)).toBe(false);
    expect(JSON.parse(JSON.stringify(missing)).name).toBe('AgentMissing');
  });

  it('keep the name on the instance, first in JSON', () => {
    expect(JSON.stringify(new APIConnectionError())).toBe('{"name":"APIConnectionError"}');
    const error = APIError.generate(404, body('NOT_FOUND', 404), new Headers());
    expect(Object.keys(error)[0]).toBe('name');
    expect(Object.hasOwn(error, 'name') && error.name).toBe('NotFoundError');
    class Quiet extends ServiceUnavailableError {}
    expect(new Quiet(503, undefined, new Headers()).name).toBe('ServiceUnavailableError');
  });
});

describe('guards across package copies', () => {
  it('recognise errors of another copy of the package, which instanceof misses', async () => {
    // A second copy of the module, as a second install of the package would load.
    vi.resetModules();
    const copy = await import('./errors.js');
    expect(copy.APIError).not.toBe(APIError);
    const foreign = copy.APIError.generate(503, undefined, new Headers());
    expect(foreign instanceof APIError).toBe(false);
    expect(guards.isServiceUnavailableError(foreign)).toBe(true);
    expect(guards.isInternalServerError(foreign)).toBe(true);
    expect(guards.isAPIError(foreign)).toBe(true);
    expect(guards.isAgentPlatformError(foreign)).toBe(true);
    expect(guards.isRateLimitError(foreign)).toBe(false);
    expect(guards.isAPITimeoutError(new copy.APITimeoutError())).toBe(true);
    expect(guards.isAPIConnectionError(new copy.APITimeoutError())).toBe(true);
    expect(guards.isAPIError(new copy.APIUserAbortError())).toBe(false);
    class Renamed extends copy.NotFoundError {
      override name = 'Renamed';
    }
    expect(guards.isNotFoundError(new Renamed(404, undefined, new Headers()))).toBe(true);
  });

  it('reject look-alikes without the brand', () => {
    const plain = Object.assign(new Error('x'), { name: 'NotFoundError', status: 404 });
    expect(guards.isNotFoundError(plain)).toBe(false);
    expect(guards.isAgentPlatformError(null)).toBe(false);
    expect(guards.isAgentPlatformError('NotFoundError')).toBe(false);
  });
});

// An uncaught error's report (Node with source maps: tsx, --enable-source-maps) opens with the source
// line of its stack's first frame, generateError's `new`: it showed `(Class as typeof RateLimitError)`
// above every ValidationError and NotFoundError.
it.each([400, 404, 500])(
  'quotes, uncaught, a source line that names no other class (%i)',
  (status) => {
    const error = generateError(status, body('X', status), headers());
    const frame = /\((\S+errors\.ts):(\d+):\d+\)/.exec(error.stack ?? '');
    if (!frame?.[1]) throw new Error(`no errors.ts frame in ${error.stack}`);
    const line = readFileSync(frame[1], 'utf8').split('\n')[Number(frame[2]) - 1] ?? '';
    expect(line).toContain('new ');
    expect(line).not.toMatch(/[A-Za-z]+Error/);
  },
);

describe('names and fields pinned by mutation testing', () => {
  it.each([
    [AgentPlatformError, () => new AgentPlatformError('x')],
    [APIError, () => new APIError(418, undefined, new Headers())],
    [AuthenticationError, () => generateError(401, undefined, new Headers())],
    [PermissionDeniedError, () => generateError(403, undefined, new Headers())],
    [PayloadTooLargeError, () => generateError(413, undefined, new Headers())],
    [RateLimitError, () => generateError(429, undefined, new Headers())],
    [InternalServerError, () => generateError(500, undefined, new Headers())],
    [APITimeoutError, () => new APITimeoutError()],
    [APIUserAbortError, () => new APIUserAbortError()],
  ])('%o names itself on the instance, as logs and JSON show it', (Class, make) => {
    const error = make();
    expect(error).toBeInstanceOf(Class);
    expect(error.name).toBe(Class.name);
    expect(String(error).startsWith(`${Class.name}: `)).toBe(true);
  });

  it('leaves `code` undefined when the body says a code that is no string', () => {
    const error = generateError(400, { error: { code: 42, message: 'bad' } }, new Headers());
    expect(error.code).toBeUndefined();
    expect(error.message).toBe('bad');
  });
});
