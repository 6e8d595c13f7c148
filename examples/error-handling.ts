// Error handling: which error class says what went wrong, the request id to quote to support, how
// many times the SDK tries again, how long a call may take, and how to cancel one.
// Run: pnpm -C examples error-handling   (the slow and failing answers are the mock's injected faults)

import type { FaultSpec } from '@agent-platform/mock-server/client';
import {
  AgentPlatform,
  APIConnectionError,
  APIError,
  APITimeoutError,
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
  ValidationError,
} from '@agent-platform/sdk';
import { mockControl } from './support/mock-control.js';
import { type ExampleEnv, isMain, runExample } from './support/run-example.js';

/**
 * One line for a failed call, by its class: what went wrong, and for an answer of the API its request
 * id (`X-Request-Id`), to quote when reporting a problem. Subclasses come first: an APITimeoutError
 * is an APIConnectionError, a RateLimitError an APIError. (With two copies of the SDK in one app,
 * `instanceof` fails; `isNotFoundError(error)` and the other guards do not.)
 */
export function describeError(error: unknown): string {
  if (error instanceof ValidationError) {
    // One detail per broken rule, naming its field: show each beside the input it is about.
    const broken = (error.details ?? []).map(
      (d) => `${d.message} (field ${d.field}, rule ${d.rule})`,
    );
    return `ValidationError: ${broken.join('; ')} [request id ${error.requestId}]`;
  }
  if (error instanceof AuthenticationError) {
    return `AuthenticationError: the API key is missing, unknown or revoked [request id ${error.requestId}]`;
  }
  if (error instanceof PermissionDeniedError) {
    return `PermissionDeniedError: ${error.message} [request id ${error.requestId}]`;
  }
  if (error instanceof NotFoundError) {
    return `NotFoundError: ${error.message} [request id ${error.requestId}]`;
  }
  if (error instanceof RateLimitError) {
    return `RateLimitError: retry after ${error.retryAfter} s [request id ${error.requestId}]`;
  }
  if (error instanceof APIError) {
    return `${error.name}: ${error.status} ${error.message} [request id ${error.requestId}]`;
  }
  // No answer came, so no request id: a timeout, a failed connection, or your own signal.
  if (error instanceof APITimeoutError) return `APITimeoutError: ${error.message}`;
  if (error instanceof APIConnectionError) return `APIConnectionError: ${error.message}`;
  if (error instanceof APIUserAbortError) return `APIUserAbortError: ${error.message}`;
  return `not an SDK error: ${String(error)}`;
}

/** Runs `call`, and says how it ended. */
async function outcome(call: () => PromiseLike<unknown>): Promise<string> {
  try {
    await call();
    return 'succeeded';
  } catch (error) {
    return describeError(error);
  }
}

/** A fault injected through the mock's control API (any refusal stops the example, saying why). */
const injectFault = (env: ExampleEnv, fault: FaultSpec) => mockControl(env).faults.add(fault);

/** 1. What went wrong: one error class per status, each with the request id of its answer. */
export async function errorClasses(env: ExampleEnv): Promise<void> {
  const { baseUrl, apiKey, fetch, log } = env;
  const client = new AgentPlatform({ apiKey, baseUrl, fetch });

  // A success has a request id too, with `.withResponse()`.
  const { data: agent, requestId } = await client.agents
    .create({ name: 'Error handling example' })
    .withResponse();
  log(`1. created agent ${agent.id} [request id ${requestId}]`);
  await client.agents.delete(agent.id);
  log(`   retrieve it once deleted: ${await outcome(() => client.agents.retrieve(agent.id))}`);

  // The types catch a misspelt field; a value out of range is the API's to refuse (temperature: 0 to 2).
  const tooHot = () => client.agents.create({ name: 'Too hot', temperature: 5 });
  log(`   create one with temperature 5: ${await outcome(tooHot)}`);

  const wrongKey = new AgentPlatform({ apiKey: 'not-a-key-of-this-server', baseUrl, fetch });
  log(`   list with a wrong key: ${await outcome(() => wrongKey.agents.list())}`);

  // A key that may read agents but not create them (made through the mock's control API).
  const { key } = await mockControl(env).createApiKey({
    scopes: ['agents:read'],
    name: 'read-only example key',
  });
  const readOnly = new AgentPlatform({ apiKey: key, baseUrl, fetch });
  const notAllowed = () => readOnly.agents.create({ name: 'Not allowed' });
  log(`   create one with a read-only key: ${await outcome(notAllowed)}`);

  // A wait longer than `maxRetryAfter` (default 60 s) is not slept through: it throws at once.
  await injectFault(env, { method: 'GET', path: '/v1/agents', status: 429, retry_after: 120 });
  log(`   list, told to wait 120 s: ${await outcome(() => client.agents.list())}`);
}

/** 2. Retries: which calls, how many, and how to change that for a client or for one call. */
export async function retries(env: ExampleEnv): Promise<void> {
  const { baseUrl, apiKey, clock, log } = env;
  const fetch = env.fetch ?? globalThis.fetch;
  let attempts = 0;
  // Counts the attempts of a call. (A fetch of your own must pass `init` on: it has the attempt's signal.)
  const countingFetch = (input: Request | string | URL, init?: RequestInit) => {
    attempts++;
    return fetch(input, init);
  };
  const counted = async (call: () => PromiseLike<unknown>) => {
    attempts = 0;
    const said = await outcome(call);
    return `${said} (${attempts} attempt${attempts === 1 ? '' : 's'})`;
  };
  // maxRetries: 2 is the default (3 attempts at most), set here for every call of this client.
  const client = new AgentPlatform({ apiKey, baseUrl, fetch: countingFetch, clock, maxRetries: 2 });
  const down = { status: 503, message: 'down for a moment (an injected fault)' };

  // A GET that fails twice: retried after about 0.5 s, then 1 s (backoff, less some jitter).
  await injectFault(env, { method: 'GET', path: '/v1/agents', times: 2, ...down });
  log(`2. list, 503 twice: ${await counted(() => client.agents.list())}`);

  // The same with one retry, for this call only.
  await injectFault(env, { method: 'GET', path: '/v1/agents', times: 2, ...down });
  const once = () => client.agents.list({}, { maxRetries: 1 });
  log(`   list, 503 twice, maxRetries: 1: ${await counted(once)}`);

  // A POST is not retried after a 5xx, a timeout or a lost connection: the first attempt may have
  // taken effect (check before you send it again). A 429 is retried for every method.
  await injectFault(env, { method: 'POST', path: '/v1/contacts', ...down });
  const create = () => client.contacts.create({ name: 'Maybe Created' });
  log(`   create a contact, 503 once: ${await counted(create)}`);

  // The worst case: the API made the contact and its answer was lost on the way (the mock drops the
  // connection after carrying the POST out). Not retried, so not made twice: look before you send
  // it again, here by the email, which the API's search covers (run-unique, so that a second run
  // against the same server finds only its own contact).
  await injectFault(env, { method: 'POST', path: '/v1/contacts', drop: 'response' });
  const email = `answer.lost.${crypto.randomUUID().slice(0, 8)}@example.com`;
  const lost = () => client.contacts.create({ name: 'Answer Lost', email });
  log(`   create a contact, its answer lost: ${await counted(lost)}`);
  const { data: found } = await client.contacts.list({ q: email });
  log(`   contacts with ${email} afterwards: ${found.length}`);
}

/** 3. Time: `timeout` for each attempt, and `signal` to cancel a call, its retries and its waits. */
export async function timeouts(env: ExampleEnv): Promise<void> {
  const { baseUrl, apiKey, fetch, clock, log } = env;
  // Every attempt of every call of this client gets at most 10 s (the default is 60 s).
  const client = new AgentPlatform({ apiKey, baseUrl, fetch, clock, timeout: 10_000 });
  // The mock holds its next answer to GET /v1/agents back for `ms` of real time: a slow server.
  const slowAnswer = (ms: number) =>
    injectFault(env, { method: 'GET', path: '/v1/agents', status: 503, delay_ms: ms });

  // This call allows 1 s, and no retry.
  await slowAnswer(2_000);
  const noRetry = () => client.agents.list({}, { timeout: 1_000, maxRetries: 0 });
  log(`3. list, timeout: 1000, maxRetries: 0: ${await outcome(noRetry)}`);

  // `timeout` is per attempt: a GET that timed out is retried, and the retry is answered in time.
  await slowAnswer(2_000);
  const retried = () => client.agents.list({}, { timeout: 1_000 });
  log(`   list, timeout: 1000: ${await outcome(retried)}`);

  // Cancelled by you: here after 500 ms, as when the user leaves the page or the process shuts down.
  // The call ends at once, in whichever attempt or wait it is, and is not retried.
  // (`signal: AbortSignal.timeout(ms)` bounds the whole call, its retries and their waits included.)
  await slowAnswer(1_000);
  const controller = new AbortController();
  const cancel = setTimeout(() => controller.abort(), 500);
  const cancelled = () => client.agents.list({}, { signal: controller.signal });
  log(`   list, cancelled after 500 ms: ${await outcome(cancelled)}`);
  clearTimeout(cancel);
}

/** The three parts in order. */
export async function errorHandling(env: ExampleEnv): Promise<void> {
  await errorClasses(env);
  await retries(env);
  await timeouts(env);
}

if (isMain(import.meta.url)) await runExample(errorHandling);
