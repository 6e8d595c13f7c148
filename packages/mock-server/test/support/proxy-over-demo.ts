import { createMockServer, type MockServer } from '../../src/create-mock-server.js';
import { createValidationProxy, type ValidationProxy } from '../../src/proxy.js';

/**
 * A validation proxy (`errors` as given) in front of a demo mock on the manual clock, and what
 * `record` made of each request that reached the mock; the caller disposes of `mock`.
 */
export function proxyOverDemo<T>(
  errors: boolean,
  record: (request: Request) => T,
): { proxy: ValidationProxy; mock: MockServer; reached: T[] } {
  const mock = createMockServer({ seed: 'demo', clock: 'manual' });
  const reached: T[] = [];
  const proxy = createValidationProxy({
    upstream: mock.baseUrl,
    errors,
    fetch: (request) => {
      reached.push(record(request));
      return mock.fetch(request);
    },
  });
  return { proxy, mock, reached };
}
