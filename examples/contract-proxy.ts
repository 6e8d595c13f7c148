// Contract proxy: the SDK's calls pass through a proxy that forwards them to the API and checks each
// request and answer against spec/openapi.yaml; at the end, the violations it found.
// Run: pnpm -C examples contract-proxy   (in front of AGENT_PLATFORM_UPSTREAM_URL, the real or a
// staging API with AGENT_PLATFORM_API_KEY; without it, in front of a mock started for you)
import { createValidationProxy, VIOLATIONS_HEADER } from '@agent-platform/mock-server/proxy';
import { AgentPlatform, isAPIError, isNotFoundError } from '@agent-platform/sdk';
import { type ExampleEnv, ExampleStopped, isMain, runExample } from './support/run-example.js';

/** Reads agents and contacts through the contract proxy, then lists what broke the spec, if anything. */
export async function contractProxy({ baseUrl, apiKey, fetch, log }: ExampleEnv): Promise<void> {
  // In-process: the SDK's fetch is the proxy's, which forwards to `upstream` (with `fetch`, here the
  // mock's in tests, else the global one). Outside TypeScript, the CLI serves the same proxy over
  // HTTP: `agent-platform-mock proxy <upstream-url>` (see examples/ci-recipe/run-through-proxy.sh).
  const proxy = createValidationProxy({ upstream: baseUrl, fetch });
  const client = new AgentPlatform({
    apiKey,
    baseUrl,
    maxRetries: 0, // one line per call: a retried answer would be checked (and printed) twice
    fetch: async (request) => {
      const answer = await proxy.fetch(request);
      const { pathname, search } = new URL(request.url);
      // Each answer says how many violations its exchange had (request and answer together).
      const count = Number(answer.headers.get(VIOLATIONS_HEADER));
      log(
        `${request.method} ${pathname}${search} -> ${answer.status}, ${plural(count, 'violation')}`,
      );
      return answer;
    },
  });

  // A call that fails (on the drift itself, such as a page that is no JSON) still gets the
  // violations found so far listed: they may say why it failed.
  let failed: [unknown] | undefined;
  try {
    // Reads only, so that it is safe to run against the real API.
    const agents = await client.agents.list({ limit: 5 });
    const first = agents.data[0];
    if (first) await client.agents.retrieve(first.id);
    await client.contacts.list({ limit: 5 });
    // Error answers are checked too: a 404 must have the API's error envelope and headers.
    await client.contacts.retrieve('00000000-0000-4000-8000-000000000000').catch((e: unknown) => {
      if (!isNotFoundError(e)) throw e;
    });
  } catch (error) {
    failed = [error];
  }

  // How to read one: `request` when the call breaks the spec (your code, or the SDK, sent what the
  // API does not take), `response` when the API's answer does (the API drifted, or the spec is
  // wrong); then the method, the path, the upstream's status (`-`: none), the field and the rule.
  const violations = proxy.violations();
  for (const v of violations) {
    log(`${v.in} ${v.method} ${v.path} ${v.status ?? '-'} ${v.message} (${v.rule})`);
  }
  if (failed) {
    const [error] = failed;
    // The proxy's own 502 UPSTREAM_UNREACHABLE or 504 UPSTREAM_TIMEOUT: nothing was checked.
    if (isAPIError(error) && error.code?.startsWith('UPSTREAM_')) {
      throw new ExampleStopped(
        `contract-proxy: ${error.message}: is AGENT_PLATFORM_UPSTREAM_URL right?`,
      );
    }
    throw error;
  }
  if (violations.length === 0) {
    log('no violation: every request and answer matched spec/openapi.yaml');
    return;
  }
  // As the CLI's exit code 1: a CI job running this fails on drift.
  throw new ExampleStopped(
    `contract-proxy: ${plural(violations.length, 'violation')} of spec/openapi.yaml (above, one a line)`,
  );
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

if (isMain(import.meta.url)) {
  await runExample(contractProxy, {}, 'AGENT_PLATFORM_UPSTREAM_URL');
}
