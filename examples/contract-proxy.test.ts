import { DEMO_IDS } from '@agent-platform/mock-server';
import { expect, it } from 'vitest';
import { contractProxy } from './contract-proxy.js';
import { mockEnv } from './support/mock-env.js';
import { ExampleStopped } from './support/run-example.js';

it('contract proxy: the SDK calls the mock through the proxy, and the proxy finds no violation', async () => {
  const { mock, env, lines } = mockEnv();
  await contractProxy(env);
  expect(lines).toEqual([
    'GET /v1/agents?limit=5 -> 200, 0 violations',
    `GET /v1/agents/${DEMO_IDS.nightAgent} -> 200, 0 violations`,
    'GET /v1/contacts?limit=5 -> 200, 0 violations',
    'GET /v1/contacts/00000000-0000-4000-8000-000000000000 -> 404, 0 violations',
    'no violation: every request and answer matched spec/openapi.yaml',
  ]);
  // Each call reached the upstream (here the mock) once: the proxy forwards, it does not answer.
  expect(mock.requests().map((r) => r.status)).toEqual([200, 200, 200, 404]);
});

it('lists each violation by side, field and rule, then stops (exit code 1), when the upstream drifts', async () => {
  const { mock, env, lines } = mockEnv();
  // An upstream that drifted from the spec: its agents have a status the spec does not list.
  const drifted = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const answer = await mock.fetch(request);
    if (new URL(request.url).pathname !== '/v1/agents') return answer;
    const text = (await answer.text()).replaceAll('"status":"active"', '"status":"paused"');
    return new Response(text, { status: answer.status, headers: answer.headers });
  };
  const stopped = await contractProxy({ ...env, fetch: drifted }).catch((e: unknown) => e);
  expect(stopped).toBeInstanceOf(ExampleStopped);
  expect((stopped as Error).message).toMatch(
    /^contract-proxy: 2 violations of spec\/openapi\.yaml \(above, one a line\)$/,
  );
  // The first agent listed is inactive: the two active ones break the spec, one line each.
  expect(lines).toEqual([
    'GET /v1/agents?limit=5 -> 200, 2 violations',
    `GET /v1/agents/${DEMO_IDS.nightAgent} -> 200, 0 violations`,
    'GET /v1/contacts?limit=5 -> 200, 0 violations',
    'GET /v1/contacts/00000000-0000-4000-8000-000000000000 -> 404, 0 violations',
    'response GET /v1/agents 200 data[1].status: must be one of "active", "inactive" (enum)',
    'response GET /v1/agents 200 data[2].status: must be one of "active", "inactive" (enum)',
  ]);
});

it('stops with one line naming the upstream when nothing answers there', async () => {
  const { env, lines } = mockEnv();
  const unreachable = async () => {
    throw new TypeError('fetch failed');
  };
  const stopped = await contractProxy({ ...env, fetch: unreachable }).catch((e: unknown) => e);
  expect(stopped).toBeInstanceOf(ExampleStopped);
  expect((stopped as Error).message).toBe(
    `contract-proxy: upstream ${env.baseUrl}: no answer to GET /v1/agents (fetch failed): is AGENT_PLATFORM_UPSTREAM_URL right?`,
  );
  expect(lines).toEqual(['GET /v1/agents?limit=5 -> 502, 0 violations']);
});

it('lists the violations found so far when a call fails on the drift itself (a page that is no JSON)', async () => {
  const { mock, env, lines } = mockEnv();
  // A gateway's HTML page where the agents list belongs: the SDK's call fails on it, and the line
  // that says what broke the spec must still be printed.
  const drifted = async (input: Request | string | URL, init?: RequestInit) => {
    const request = new Request(input, init);
    const answer = await mock.fetch(request);
    if (new URL(request.url).pathname !== '/v1/agents') return answer;
    const headers = new Headers(answer.headers);
    headers.set('content-type', 'text/html');
    return new Response('<html>maintenance</html>', { status: 200, headers });
  };
  const stopped = await contractProxy({ ...env, fetch: drifted }).catch((e: unknown) => e);
  expect(stopped).toMatchObject({ message: expect.stringMatching(/body is not JSON/) });
  expect(lines[0]).toBe('GET /v1/agents?limit=5 -> 200, 2 violations');
  expect(lines.slice(1)).toEqual([
    expect.stringMatching(/^response GET \/v1\/agents 200 .+\(.+\)$/),
    expect.stringMatching(/^response GET \/v1\/agents 200 .+\(.+\)$/),
  ]);
});
