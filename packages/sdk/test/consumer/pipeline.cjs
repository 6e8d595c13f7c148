// Runs a built SDK (ESM or CJS, passed in) through the paths whose internal property names the
// build shortens (tsup.config.ts, mangleProps), with the options a user names: a property renamed
// on one side only, or an option name shortened by mistake, fails here. No network, no waiting on
// the clock (retries sleep on a clock that returns at once).
const assert = require('node:assert/strict');

const json = (body, init = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
const instant = { now: () => 0, sleep: async () => {} };

/** Exercises `sdk` (the module's exports); rejects on the first difference. */
async function exercise(sdk) {
  // The SDK's deadline timer does not hold the process open (a real fetch's socket does; these
  // fetches have none).
  const open = setInterval(() => {}, 1000);
  try {
    await run(sdk);
  } finally {
    clearInterval(open);
  }
}

async function run(sdk) {
  const { AgentPlatform } = sdk;
  /** A GET on a client with `options` whose every answer is `body`: the error's name, and how many attempts. */
  const attemptsOf = async (options, body, init) => {
    let attempts = 0;
    const client = new AgentPlatform({
      ...options,
      fetch: async () => {
        attempts++;
        return json(body, init);
      },
    });
    const error = await client.agents.retrieve('a').catch((e) => e);
    return { name: error.name, attempts };
  };
  const base = { apiKey: 'k', baseUrl: 'http://api.test', clock: instant };

  // A resource's list and its pages (resource -> client), with held 2xx bodies read and released;
  // throttle on (acquire and release per attempt).
  const paged = new AgentPlatform({
    ...base,
    throttle: true,
    fetch: async (request) => {
      const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
      return json(
        { data: [{ id: `a${page}` }], pagination: { page, limit: 1, total: 2, total_pages: 2 } },
        {
          headers: {
            'x-ratelimit-limit': '100',
            'x-ratelimit-remaining': '99',
            'x-ratelimit-reset': '60',
          },
        },
      );
    },
  });
  const ids = [];
  for await (const agent of paged.agents.list({ limit: 1 })) ids.push(agent.id);
  assert.deepEqual(ids, ['a1', 'a2']);

  // maxRetries (a user option): 1 retry of a GET answered 500, then the 500 is thrown.
  const internal = await attemptsOf(
    { ...base, maxRetries: 1 },
    { error: { code: 'INTERNAL_ERROR', message: 'boom', status: 500 } },
    { status: 500 },
  );
  assert.deepEqual(internal, { name: 'InternalServerError', attempts: 2 });

  // maxRetryAfter (a user option): a 429 asking for longer is not retried.
  const limited = await attemptsOf(
    { ...base, maxRetryAfter: 1 },
    { error: { code: 'RATE_LIMITED', message: 'slow down', status: 429 } },
    { status: 429, headers: { 'retry-after': '30' } },
  );
  assert.deepEqual(limited, { name: 'RateLimitError', attempts: 1 });

  // timeout (a user option): the attempt's signal, read by the fetch, aborts at the deadline.
  const slow = new AgentPlatform({
    ...base,
    timeout: 5,
    maxRetries: 0,
    fetch: (_request, init) =>
      new Promise((_resolve, reject) =>
        init.signal.addEventListener('abort', () => reject(init.signal.reason)),
      ),
  });
  assert.equal((await slow.agents.retrieve('a').catch((error) => error)).name, 'APITimeoutError');

  // A 2xx whose body stalls: the held attempt is stopped by its deadline while the body is read.
  const stalled = new AgentPlatform({
    ...base,
    timeout: 5,
    maxRetries: 0,
    fetch: async () => new Response(new ReadableStream({ pull: () => new Promise(() => {}) })),
  });
  assert.equal(
    (await stalled.agents.retrieve('a').catch((error) => error)).name,
    'APITimeoutError',
  );

  // A connection error names the request (without its query) and what the fetch said.
  const refused = new AgentPlatform({
    ...base,
    maxRetries: 0,
    fetch: async () => {
      throw new TypeError('fetch failed', {
        cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }),
      });
    },
  });
  const connection = await refused.contacts.list({ q: 'ada@example.com' }).catch((error) => error);
  assert.equal(connection.name, 'APIConnectionError');
  assert.equal(
    connection.message,
    'Connection error: GET http://api.test/v1/contacts (ECONNREFUSED)',
  );
}

module.exports = { exercise };
