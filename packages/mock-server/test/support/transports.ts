import { setupServer } from 'msw/node';
import type { MockServer } from '../../src/index.js';
import { mswHandlers } from '../../src/msw.js';

/** How a test reaches the mock: a fetch function and the base URL to use with it. */
export interface Connection {
  fetch: typeof fetch;
  baseUrl: string;
  close(): Promise<void>;
}

/** One way of serving the mock. */
export interface Transport {
  name: string;
  connect(mock: MockServer): Promise<Connection>;
}

/** The three transports every behaviour test runs against. */
export const transports: Transport[] = [
  {
    name: 'fetch handler',
    async connect(mock) {
      return inProcess(mock);
    },
  },
  {
    name: 'MSW setupServer',
    async connect(mock) {
      const server = setupServer(...mswHandlers(mock));
      server.listen({ onUnhandledRequest: 'error' });
      // MSW patches the global fetch: read it after listen().
      return {
        fetch: (input, init) => globalThis.fetch(input, init),
        baseUrl: mock.baseUrl,
        close: async () => server.close(),
      };
    },
  },
  {
    name: 'node http server',
    async connect(mock) {
      const running = await mock.listen({ port: 0 });
      return {
        fetch: (input, init) => fetch(input, init),
        baseUrl: running.url,
        close: () => running.close(),
      };
    },
  },
];

/** A connection to a mock through its own fetch handler, in-process (nothing to close). */
export function inProcess(mock: MockServer): Connection {
  return { fetch: mock.fetch as typeof fetch, baseUrl: mock.baseUrl, close: async () => {} };
}
