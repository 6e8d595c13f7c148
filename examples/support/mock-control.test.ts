import { expect, it } from 'vitest';
import { mockControl } from './mock-control.js';
import { mockEnv } from './mock-env.js';
import { ExampleStopped } from './run-example.js';

it('answers as connectMock does, with the admin token sent when the server wants one', async () => {
  const { mock, env } = mockEnv({ adminToken: 'example-admin-token' });
  const clock = await mockControl({ ...env, adminToken: 'example-admin-token' }).clock.info();
  expect(clock).toMatchObject({ mode: 'manual', now_ms: mock.clock.now() });
});

it('says the server is not a mock when /__mock is not there (404 without the envelope)', async () => {
  const notAMock = async () => new Response('Not Found', { status: 404 });
  const stopped = await mockControl({ baseUrl: 'http://127.0.0.1:9', fetch: notAMock })
    .faults.add({ path: '/v1/agents', status: 429 })
    .catch((error: unknown) => error);
  expect(stopped).toBeInstanceOf(ExampleStopped);
  expect((stopped as Error).message).toBe(
    "the mock's control API failed faults.add at http://127.0.0.1:9 (POST http://127.0.0.1:9/__mock/faults: 404 Not Found): this example needs the mock server (agent-platform-mock) at AGENT_PLATFORM_BASE_URL",
  );
});

it("gives the server's own message for any other refusal (400)", async () => {
  const { mock, env } = mockEnv();
  const stopped = await mockControl(env)
    .faults.add({ status: 'soon' } as never)
    .catch((error: unknown) => error);
  expect(stopped).toBeInstanceOf(ExampleStopped);
  expect((stopped as Error).message).toBe(
    `the mock's control API refused faults.add at ${mock.baseUrl} with 400 (VALIDATION_ERROR path: is required (and 1 more))`,
  );
  expect((stopped as Error).message).not.toContain('\n');
});
