import { createMockCore, type MockCore } from './create-mock-core.js';
import type { MockServerOptions } from './options.js';
import { createMswHandlers, type MswHandlers } from './transports/msw.js';

/** A mock of the whole API, usable in-process (`fetch`, `handlers`) and over HTTP (`listen`). */
export interface MockServer extends MockCore {
  /** MSW request handlers for `setupServer(...mock.handlers)` or `setupWorker(...)`. */
  readonly handlers: MswHandlers;
}

/**
 * Creates a stateful mock of the Conversational Agent Platform API.
 * @example
 * const mock = createMockServer({ clock: 'manual' });
 * const { key } = mock.createApiKey({ scopes: 'all' });
 * const res = await mock.fetch('/v1/agents', { headers: { 'x-api-key': key } });
 */
export function createMockServer(options: MockServerOptions = {}): MockServer {
  const core = createMockCore(options);
  let handlers: MswHandlers | undefined;
  return Object.defineProperty(core, 'handlers', {
    enumerable: true,
    get: () => {
      handlers ??= createMswHandlers(core.baseUrl, core.handle);
      return handlers;
    },
  }) as MockServer;
}
