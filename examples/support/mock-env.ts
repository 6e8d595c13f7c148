import {
  createMockServer,
  DEMO_API_KEY,
  type MockServer,
  type MockServerOptions,
} from '@agent-platform/mock-server';
import type { ExampleEnv } from './run-example.js';

/** For example tests: the demo workspace on a manual clock, and an env that records the log lines. */
export function mockEnv(options: MockServerOptions = {}): {
  mock: MockServer;
  env: ExampleEnv;
  lines: string[];
} {
  const mock = createMockServer({ seed: 'demo', clock: 'manual', ...options });
  const lines: string[] = [];
  const env: ExampleEnv = {
    baseUrl: mock.baseUrl,
    apiKey: DEMO_API_KEY,
    fetch: mock.fetch,
    // The SDK's waits (Retry-After, throttle) move the mock's time forward instead of sleeping.
    clock: {
      now: () => mock.clock.now(),
      sleep: async (ms) => {
        await mock.clock.advance(Math.ceil(ms));
      },
    },
    log: (line) => lines.push(line),
  };
  return { mock, env, lines };
}
