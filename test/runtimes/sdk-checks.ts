import { expect, it } from 'vitest';

/**
 * Registers the checks of what scripts/sdk-results.ts gives (the SDK against the mock server over
 * HTTP), the same on every runtime and in the browser: `result` reads it once its script has run.
 */
export function checkSdkResults(result: () => Record<string, unknown>): void {
  it('lists across pages, creates, retrieves and deletes', () => {
    expect(result().listed).toEqual(['agent 1', 'agent 2', 'agent 3', 'agent 4', 'agent 5']);
    expect(result().pages).toEqual([1, 2, 3]);
    expect(result().retrieved).toBe('agent 1');
    expect(result().deleted).toBe('undefined');
  });

  it('a 404 is a NotFoundError with status and code', () => {
    expect(result().afterDelete).toEqual({
      name: 'NotFoundError',
      status: 404,
      code: 'NOT_FOUND',
      instanceOfClass: true,
      guard: true,
    });
  });

  it('a 429 waits its Retry-After and is retried; one past maxRetryAfter throws RateLimitError at once', () => {
    expect(result().rateLimited).toEqual({ retried: 'agent 2', waited: [1000], faultsLeft: 0 });
    expect(result().tooLong).toEqual({
      name: 'RateLimitError',
      status: 429,
      code: 'RATE_LIMIT_EXCEEDED',
      retryAfter: 120,
      instanceOfClass: true,
      sleepsAfter: 0,
    });
  });

  it('a POST answered 429 is sent again with its body', () => {
    expect(result().postRetried).toEqual({
      name: 'agent 6',
      description: 'sent twice',
      waited: [0],
      faultsLeft: 0,
    });
  });
}
