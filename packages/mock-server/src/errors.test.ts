import { describe, expect, it } from 'vitest';
import { createMockServer, isMockApiError, MockApiError } from './index.js';

/** What a call throws (undefined when it returns). */
function thrownBy(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the error the control methods throw', () => {
  const mock = createMockServer({ clock: 'manual' });

  it('is a MockApiError with the status, code and details of the HTTP answer', () => {
    const error = thrownBy(() => mock.faults.add({ path: '/v1/nope', status: 500 }));
    expect(error).toBeInstanceOf(MockApiError);
    if (!isMockApiError(error)) throw new Error('not narrowed');
    expect(error.status).toBe(400);
    expect(error.code).toBe('VALIDATION_ERROR');
    expect(error.details?.map((d) => d.field)).toEqual(['path']);
    expect(String(error)).toMatch(/^MockApiError: path: /);
  });

  it('carries the code of a missing or conflicting resource', () => {
    const missing = thrownBy(() =>
      mock.createApiKey({ scopes: 'all', workspace_id: '00000000-0000-4000-8000-00000000dead' }),
    );
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND', details: undefined });
    mock.createApiKey({ scopes: 'all', key: 'ap_test_taken' });
    const taken = thrownBy(() => mock.createApiKey({ scopes: 'all', key: 'ap_test_taken' }));
    expect(isMockApiError(taken) && taken.code).toBe('CONFLICT');
  });

  it('is recognised from another copy of the package, by the guard and by instanceof', () => {
    const copy = Object.defineProperty(
      new Error('x'),
      Symbol.for('@agent-platform/mock-server.api-error'),
      {
        value: true,
      },
    );
    // The CJS build gives each entry (index, /client) its own class: an error from one is an
    // instance of the other's all the same.
    expect(copy).toBeInstanceOf(MockApiError);
    expect(isMockApiError(copy)).toBe(true);
  });

  it.each([
    new Error('x'),
    new RangeError('ms'),
    { status: 400, code: 'VALIDATION_ERROR' },
    null,
    'x',
  ])('is not anything else: %s', (value) => {
    expect(isMockApiError(value)).toBe(false);
    expect(value instanceof MockApiError).toBe(false);
  });
});
