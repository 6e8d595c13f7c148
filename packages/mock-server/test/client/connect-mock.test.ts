import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { holdPort } from '../../../../test/support/hold-port.js';
import * as clientEntry from '../../src/client.js';
import { connectMock, isMockApiError, MockApiError } from '../../src/client.js';
import * as mainEntry from '../../src/index.js';
import { createMockServer, type MockServerOptions, type RunningServer } from '../../src/index.js';

const START = '2026-01-01T00:00:00.000Z';
const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A mock on a free loopback port, on a manual clock, closed after the test. */
async function serve(options: MockServerOptions = {}) {
  const mock = createMockServer({ clock: 'manual', startTime: START, ...options });
  const server = await mock.listen({ port: 0 });
  running.push(server);
  return { mock, server };
}

/** What a promise rejects with (fails the test if it resolves). */
async function rejection(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`resolved with ${JSON.stringify(value)}`);
    },
    (error: unknown) => error,
  );
}

describe('the demo ids from /client', () => {
  it("are the main entry's, and sign in to a server seeded with the demo", async () => {
    expect(clientEntry.DEMO_API_KEY).toBe(mainEntry.DEMO_API_KEY);
    expect(clientEntry.DEMO_IDS).toBe(mainEntry.DEMO_IDS);
    const { server } = await serve({ seed: 'demo' });
    const agent = await fetch(`${server.url}/v1/agents/${clientEntry.DEMO_IDS.supportAgent}`, {
      headers: { 'x-api-key': clientEntry.DEMO_API_KEY },
    });
    expect(agent.status).toBe(200);
  });
});

describe('connectMock over listen()', () => {
  it('makes keys and workspaces, and revokes keys, as the server object does', async () => {
    const { mock, server } = await serve();
    const client = connectMock(`${server.url}/`);
    expect(client.url).toBe(server.url);
    const workspace = await client.createWorkspace({ name: 'Acme' });
    expect(workspace).toMatchObject({ name: 'Acme' });
    const key = await client.createApiKey({ scopes: 'all', workspace_id: workspace.workspace_id });
    expect(key.workspace_id).toBe(workspace.workspace_id);
    const ok = await fetch(`${server.url}/v1/agents`, { headers: { 'x-api-key': key.key } });
    expect(ok.status).toBe(200);
    await client.revokeApiKey(key.id);
    const revoked = await fetch(`${server.url}/v1/agents`, { headers: { 'x-api-key': key.key } });
    expect(revoked.status).toBe(401);
    expect(mock.exportState()).toEqual(await client.exportState());
  });

  it('reads and moves the clock, a fraction rounded up', async () => {
    const { mock, server } = await serve();
    const client = connectMock(server.url);
    const start = Date.parse(START);
    expect(await client.clock.now()).toBe(start);
    expect(await client.clock.advance(1000.2)).toBe(start + 1001);
    expect(mock.clock.now()).toBe(start + 1001);
    expect(await client.clock.info()).toEqual({
      now: '2026-01-01T00:00:01.001Z',
      now_ms: start + 1001,
      mode: 'manual',
      pending_timers: 0,
    });
  });

  it('adds, lists and clears faults; reads the journal by filters, null among them', async () => {
    const { server } = await serve();
    const client = connectMock(server.url);
    const { id, key } = await client.createApiKey({ scopes: 'all' });
    await client.faults.add({ method: 'GET', path: '/v1/agents', status: 503, key_id: id });
    expect(await client.faults.list()).toMatchObject([
      { path: '/v1/agents', status: 503, remaining: 1, key_id: id },
    ]);
    const headers = { 'x-api-key': key };
    expect((await fetch(`${server.url}/v1/agents`, { headers })).status).toBe(503);
    expect((await fetch(`${server.url}/v1/agents`, { headers })).status).toBe(200);
    await fetch(`${server.url}/v1/agents`);
    expect((await client.requests({ key_id: id, status: 503 })).map((r) => r.status)).toEqual([
      503,
    ]);
    const heard = await client.requests({ operation_id: 'agentsList', key_id: id, dropped: null });
    expect(heard.map((r) => r.status)).toEqual([503, 200]);
    expect(await client.requests({ key_id: null })).toMatchObject([{ status: 401 }]);
    expect(await client.requests({ limit: 1 })).toMatchObject([{ status: 401 }]);
    await client.faults.add({ path: '/v1/*', drop: 'request', times: 5 });
    await client.faults.clear();
    expect(await client.faults.list()).toEqual([]);
  });

  it("forgets one key's requests from the journal, leaving another file's", async () => {
    const { server } = await serve();
    const client = connectMock(server.url);
    const mine = await client.createApiKey({ scopes: 'all' });
    const theirs = await client.createApiKey({ scopes: 'all' });
    for (const { key } of [mine, theirs, mine]) {
      await fetch(`${server.url}/v1/agents`, { headers: { 'x-api-key': key } });
    }
    await client.clearRequests({ key_id: mine.id });
    expect((await client.requests()).map((r) => r.key_id)).toEqual([theirs.id]);
    await client.clearRequests();
    expect(await client.requests()).toEqual([]);
  });

  it("lists and clears one key's faults, leaving another file's", async () => {
    const { server } = await serve();
    const client = connectMock(server.url);
    const mine = await client.createApiKey({ scopes: 'all' });
    const theirs = await client.createApiKey({ scopes: 'all' });
    await client.faults.add({ path: '/v1/agents', status: 503, key_id: mine.id });
    await client.faults.add({ path: '/v1/agents', status: 500, key_id: theirs.id });
    expect(await client.faults.list({ key_id: mine.id })).toMatchObject([{ status: 503 }]);
    await client.faults.clear({ key_id: mine.id });
    expect(await client.faults.list()).toMatchObject([{ status: 500, key_id: theirs.id }]);
    // A misspelt filter is refused (by TypeScript too), not taken for "every fault".
    const refused = await rejection(client.faults.clear({ keyId: mine.id } as never));
    expect(refused).toMatchObject({ status: 400, details: [{ field: 'keyId', rule: 'unknown' }] });
    expect(await client.faults.list()).toHaveLength(1);
  });

  it('sets the health, settles, lists attempts and alerts, resets, and round-trips the state', async () => {
    const { mock, server } = await serve({ seed: 'demo' });
    const client = connectMock(server.url);
    await client.setHealth('maintenance');
    expect((await fetch(`${server.url}/v1/health`)).status).toBe(503);
    await client.setHealth('ok');
    await client.settle();
    expect(await client.webhookAttempts()).toEqual([]);
    expect(await client.alerts()).toEqual([]);
    const snapshot = await client.exportState();
    await client.reset();
    expect((await client.exportState()).workspaces).toEqual([]);
    await client.importState(snapshot);
    expect(mock.exportState()).toEqual(snapshot);
    await client.reset({ seed: 'demo' });
    expect(mock.exportState().workspaces).toHaveLength(1);
  });

  it('rejects with the MockApiError the server object throws, details and all', async () => {
    const { mock, server } = await serve();
    const client = connectMock(server.url);
    const spec = { path: '/v1/nope', status: 503 };
    const inProcess = (() => {
      try {
        mock.faults.add(spec);
      } catch (error) {
        return error;
      }
    })();
    const refused = await rejection(client.faults.add(spec));
    expect(refused).toBeInstanceOf(MockApiError);
    expect(isMockApiError(refused)).toBe(true);
    expect(refused).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      message: (inProcess as MockApiError).message,
      details: (inProcess as MockApiError).details,
    });
    const missing = await rejection(client.revokeApiKey('00000000-0000-4000-8000-00000000dead'));
    expect(missing).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  // JSON.stringify made NaN null, a Date a string and dropped an undefined: a fault on bodies the
  // server object refuses was set, on other bodies than the test meant.
  it('refuses a body_includes JSON would change, as the server object does, and sends nothing', async () => {
    const { mock, server } = await serve();
    const sent: string[] = [];
    const client = connectMock(server.url, {
      fetch: (input, init) => {
        sent.push(String(init?.method));
        return fetch(input, init);
      },
    });
    for (const [body_includes, field] of [
      [{ description: Number.NaN }, 'body_includes.description'],
      [{ description: new Date(0) }, 'body_includes.description'],
      [{ url: 'http://x.test/h', description: undefined }, 'body_includes.description'],
      [{ events: ['messages', undefined] }, 'body_includes.events[1]'],
      [{ 'a.b': Number.POSITIVE_INFINITY }, 'body_includes["a.b"]'],
    ] as const) {
      const spec = { path: '/v1/webhooks', body_includes, status: 503 };
      const inProcess = (() => {
        try {
          mock.faults.add(spec);
        } catch (error) {
          return error;
        }
      })();
      expect(inProcess).toMatchObject({ details: [{ field, rule: 'type' }] });
      const refused = await rejection(client.faults.add(spec));
      expect(refused).toBeInstanceOf(MockApiError);
      expect(refused).toMatchObject({
        status: 400,
        message: (inProcess as MockApiError).message,
        details: (inProcess as MockApiError).details,
      });
    }
    expect(sent).toEqual([]);
    expect(mock.faults.list()).toEqual([]);
  });

  // null was read as no options: reset(null) emptied a shared server that the server object's
  // reset(null) leaves alone, and requests(null) listed every request.
  it('refuses options or a filter that is no object as the server object does, null too', async () => {
    const { mock, server } = await serve({ seed: 'demo' });
    const client = connectMock(server.url);
    type Call = (target: typeof mock | typeof client) => unknown;
    const calls: [string, Call][] = [
      ['reset', (t) => t.reset(null as never)],
      ['createWorkspace', (t) => t.createWorkspace(null as never)],
      ['requests', (t) => t.requests(null as never)],
      ['faults.list', (t) => t.faults.list(null as never)],
      ['faults.clear', (t) => t.faults.clear('all' as never)],
      ['webhookAttempts', (t) => t.webhookAttempts(null as never)],
      ['alerts', (t) => t.alerts([] as never)],
    ];
    for (const [name, call] of calls) {
      let inProcess: unknown;
      try {
        call(mock);
      } catch (error) {
        inProcess = error;
      }
      expect(inProcess, name).toBeInstanceOf(MockApiError);
      const { status, code, message, details } = inProcess as MockApiError;
      const remote = await rejection(Promise.resolve().then(() => call(client)));
      expect(remote, name).toMatchObject({ status, code, message, details });
    }
    expect(mock.exportState().workspaces).toHaveLength(1);
  });

  it('refuses a real clock advance with 409, as the control route does', async () => {
    const mock = createMockServer();
    const server = await mock.listen({ port: 0 });
    running.push(server);
    const refused = await rejection(connectMock(server.url).clock.advance(10));
    expect(refused).toMatchObject({ status: 409, code: 'CONFLICT' });
  });

  it('refuses a bad clock advance with the error the server object throws, on either clock', async () => {
    for (const clock of ['manual', 'real'] as const) {
      const mock = createMockServer(clock === 'manual' ? { clock, startTime: START } : { clock });
      const server = await mock.listen({ port: 0 });
      running.push(server);
      const client = connectMock(server.url);
      // A JavaScript caller's string or null is sent as it is (refused), not coerced to a number;
      // an infinity, which JSON writes as null, is refused past the last date, as in-process.
      for (const ms of [
        -1,
        1e20,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        Number.NaN,
        '1000',
        null,
        10,
      ]) {
        if (clock === 'manual' && ms === 10) continue;
        const inProcess = await rejection(mock.clock.advance(ms as never));
        const remote = await rejection(client.clock.advance(ms as never));
        expect(inProcess).toBeInstanceOf(MockApiError);
        expect(remote).toBeInstanceOf(MockApiError);
        const { status, code, details } = inProcess as MockApiError;
        expect(remote).toMatchObject({ status, code });
        // The same rule; over HTTP `ms` is an integer (in-process a fraction rounds up), and a
        // real clock's maximum moves with the time.
        expect((remote as MockApiError).details?.[0]?.rule, String(ms)).toBe(details?.[0]?.rule);
        if (typeof ms === 'number' && !Number.isNaN(ms) && clock === 'manual') {
          expect((remote as MockApiError).details).toEqual(details);
        }
      }
    }
  });

  it('sends the admin token; without it the mock refuses with 401', async () => {
    const { server } = await serve({ adminToken: 's3cret' });
    const refused = await rejection(connectMock(server.url).clock.now());
    expect(isMockApiError(refused) && refused.status).toBe(401);
    const client = connectMock(new URL(server.url), { adminToken: 's3cret' });
    expect(await client.clock.now()).toBe(Date.parse(START));
  });

  it('calls the fetch it is given; an answer without the envelope is a plain Error', async () => {
    const calls: string[] = [];
    const client = connectMock('http://mock.test', {
      fetch: async (url, init) => {
        calls.push(`${init?.method} ${url}`);
        return new Response('<html>Bad Gateway</html>', { status: 502 });
      },
    });
    const error = await rejection(client.requests({ status: 0, path: '/v1/a b' }));
    expect(calls).toEqual(['GET http://mock.test/__mock/requests?status=0&path=%2Fv1%2Fa+b']);
    expect(isMockApiError(error)).toBe(false);
    expect(String(error)).toBe(
      'Error: GET http://mock.test/__mock/requests: 502 <html>Bad Gateway</html>',
    );
  });

  it("rejects a 200 that is not the control API's JSON, exportState() too (it resolved undefined)", async () => {
    // Another server on the port, or a proxy's page: GET /__mock/state is the one answer without {data}.
    const client = connectMock('http://mock.test', {
      fetch: async () => new Response('<html>Welcome</html>', { status: 200 }),
    });
    expect(String(await rejection(client.exportState()))).toBe(
      'Error: GET http://mock.test/__mock/state: 200 without {data}: <html>Welcome</html>',
    );
    expect(String(await rejection(client.alerts()))).toBe(
      'Error: GET http://mock.test/__mock/alerts: 200 without {data}: <html>Welcome</html>',
    );
  });

  it('says which mock did not answer, and keeps the network error as the cause', async () => {
    // A port nothing listens on: the mock did not start, or the suite has the wrong URL. Held
    // throughout, not bound and released: no other test's server may take it between.
    const held = await holdPort();
    onTestFinished(() => held.release());
    const url = `http://127.0.0.1:${held.port}`;
    const error = await rejection(connectMock(url).clock.now());
    expect(isMockApiError(error)).toBe(false);
    expect(String(error)).toBe(
      `Error: GET ${url}/__mock/clock: no answer (fetch failed: ECONNREFUSED); is the mock server running at ${url}?`,
    );
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it('names a failure of the fetch it is given, whatever it throws', async () => {
    const client = connectMock('http://mock.test', {
      fetch: async () => {
        throw 'offline';
      },
    });
    expect(String(await rejection(client.settle()))).toBe(
      'Error: POST http://mock.test/__mock/settle: no answer (offline); is the mock server running at http://mock.test?',
    );
  });

  it("says, in a DOM environment, that a running mock may have refused the page's origin, and how to pass", async () => {
    // happy-dom given an app's url enforces CORS: the refusal reads as no answer at all.
    vi.stubGlobal('document', {});
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const blocked = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(
      String(await rejection(connectMock('http://127.0.0.1:4010', { fetch: blocked }).settle())),
    ).toBe(
      "Error: POST http://127.0.0.1:4010/__mock/settle: no answer (Failed to fetch); is the mock server running at http://127.0.0.1:4010? In a page or a DOM test environment, it may be running and have refused this page's origin: without an admin token the control API takes requests from this machine's origins only; start the mock with one (adminToken, --admin-token) and pass it here",
    );
    // Given a token, the origin is no reason: no hint.
    const withToken = connectMock('http://127.0.0.1:4010', { fetch: blocked, adminToken: 't' });
    expect(String(await rejection(withToken.settle()))).toBe(
      'Error: POST http://127.0.0.1:4010/__mock/settle: no answer (Failed to fetch); is the mock server running at http://127.0.0.1:4010?',
    );
  });

  it('refuses a URL that is not an absolute http(s) URL at once, naming it', () => {
    for (const url of ['not a url', '127.0.0.1:4010', 'ftp://mock.test', '/__mock', '']) {
      expect(() => connectMock(url), url).toThrow(
        new TypeError(
          `connectMock: url must be an absolute http:// or https:// URL (as server.url), got ${JSON.stringify(url)}`,
        ),
      );
    }
    expect(connectMock('https://mock.test:8443/base/').url).toBe('https://mock.test:8443/base');
  });

  it('refuses options it does not have, or of another type, at once, naming them', () => {
    // From JavaScript these were taken: a typo (admintoken) or a number sent no token, and the calls
    // failed later with 401 "missing or wrong control API token"; a fetch that is no function
    // failed each call as "no answer (fetch is not a function)"; null threw reading adminToken.
    const url = 'http://127.0.0.1:4010';
    const refusals: [unknown, string][] = [
      [null, 'connectMock: options must be an object, not null'],
      ['tok-en', 'connectMock: options must be an object, not "tok-en"'],
      [
        { admintoken: 'tok-en' },
        'connectMock: admintoken is not an option; did you mean "adminToken"?',
      ],
      [{ token: 'tok-en' }, 'connectMock: token is not an option (its options: adminToken, fetch)'],
      [{ adminToken: 5 }, 'connectMock: adminToken must be a non-empty string, not 5'],
      [{ adminToken: '' }, 'connectMock: adminToken must be a non-empty string, not ""'],
      [{ fetch: 'x' }, 'connectMock: fetch must be a function, not "x"'],
    ];
    for (const [options, message] of refusals) {
      expect(() => connectMock(url, options as never), JSON.stringify(options)).toThrow(
        new TypeError(message),
      );
    }
    expect(() => connectMock(url, { adminToken: undefined, fetch: undefined })).not.toThrow();
  });

  it('refuses a URL with a query, a fragment or credentials, without echoing a password', () => {
    // The control paths are appended to the URL: a query or fragment would end up before them, and
    // fetch refuses a URL with credentials (the admin token is the option adminToken).
    const cases: [string, string][] = [
      ['http://127.0.0.1:4010?x=1', 'a query (?x=1)'],
      ['http://127.0.0.1:4010/#top', 'a fragment (#top)'],
      [
        'http://admin:s3cret@127.0.0.1:4010',
        'credentials (user:password@): pass the admin token as adminToken',
      ],
      [
        'http://admin@127.0.0.1:4010',
        'credentials (user:password@): pass the admin token as adminToken',
      ],
    ];
    for (const [url, part] of cases) {
      let error: unknown;
      try {
        connectMock(url);
      } catch (caught) {
        error = caught;
      }
      expect(error, url).toBeInstanceOf(TypeError);
      expect((error as Error).message, url).toMatch(
        `connectMock: url must be the mock's base URL without ${part}, got "`,
      );
      expect((error as Error).message, url).not.toContain('s3cret');
    }
  });
});
