// A user's program that serves the mock with MSW, compiled and run once msw is installed.
import { createMockServer, DEMO_API_KEY, DEMO_IDS } from '@agent-platform/mock-server';
import { mswHandlers } from '@agent-platform/mock-server/msw';
import { setupServer } from 'msw/node';

async function main(): Promise<void> {
  const mock = createMockServer({ seed: 'demo', clock: 'manual' });
  const server = setupServer(...mswHandlers(mock));
  server.listen({ onUnhandledRequest: 'error' });
  try {
    // The global fetch, which MSW intercepts: no server listens on the mock's baseUrl.
    const res = await fetch(`${mock.baseUrl}/v1/agents/${DEMO_IDS.supportAgent}`, {
      headers: { 'x-api-key': DEMO_API_KEY },
    });
    const { data } = (await res.json()) as { data: { name: string } };
    if (data.name !== 'Support Agent') throw new Error(`failed: MSW answered ${res.status}`);
  } finally {
    server.close();
    mock.dispose();
  }
  console.log('consumer msw: ok');
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
