import { describe, expect, it, vi } from 'vitest';
import { createManualClock, createMockServer } from '../src/index.js';
import { createValidationProxy } from '../src/proxy.js';
import { apiClient } from './support/api.js';
import { inProcess } from './support/transports.js';

function client(mock: ReturnType<typeof createMockServer>) {
  const { key } = mock.createApiKey({ scopes: 'all' });
  return apiClient(inProcess(mock), key);
}

describe('createMockServer options', () => {
  it('makes the same ids on every run with ids: { seed }', async () => {
    const run = async () => {
      const mock = createMockServer({ ids: { seed: 42 }, clock: 'manual', startTime: 0 });
      const call = client(mock);
      const agent = await call('POST', '/v1/agents', { body: { name: 'A' } });
      return agent.body.data.id;
    };
    const first = await run();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(await run()).toBe(first);
  });

  describe('with ids: { seed }, every random value of a run is the same on the next', () => {
    /** A run's random values: ids, request ids, an API key, a webhook secret, a widget key. */
    const run = async (polls: number, mock = createMockServer({ ids: { seed: 7 } })) => {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const call = client(mock);
      // Health polls before the work: their number varies with the machine, and must change nothing else.
      for (let i = 0; i < polls; i++) await call('GET', '/v1/health', { key: null });
      const created = await call('POST', '/v1/webhooks', {
        body: { url: 'https://hooks.example.com/in', events: ['conversation.created'] },
      });
      const channel = await call('POST', '/v1/channels', {
        body: { name: 'Site', type: 'widget' },
      });
      const widget = await call('GET', `/v1/channels/${channel.body.data.id}/widget`);
      return {
        key,
        webhook: created.body.data.id,
        secret: created.body.data.secret,
        channel: channel.body.data.id,
        widget: widget.body.data,
        requestId: widget.headers.get('x-request-id'),
        mock,
      };
    };
    const values = ({ mock: _, ...rest }: Awaited<ReturnType<typeof run>>) => rest;

    it('gives the same ids, secrets, keys and request ids, however many requests created nothing', async () => {
      const first = await run(0);
      expect(first.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
      expect(first.key).toMatch(/^ap_test_[0-9a-f]{48}$/);
      const second = await run(0);
      expect(values(second)).toEqual(values(first));
      const polled = await run(5);
      // Request ids are drawn per request, so the polls move them; nothing else.
      expect({ ...values(polled), requestId: null }).toEqual({ ...values(first), requestId: null });
      expect(polled.requestId).not.toBe(first.requestId);
      const other = await run(0, createMockServer({ ids: { seed: 8 } }));
      for (const name of ['key', 'webhook', 'secret', 'channel', 'requestId'] as const) {
        expect(other[name]).not.toBe(first[name]);
      }
    });

    it('starts the sequences again on reset, so each test of a suite draws the same values', async () => {
      const first = await run(0);
      first.mock.reset();
      expect(values(await run(0, first.mock))).toEqual(values(first));
    });

    it('draws each kind of secret from its own sequence: a key made first moves no webhook secret', async () => {
      const secretOf = async (extraKeys: number) => {
        const mock = createMockServer({ ids: { seed: 7 } });
        const call = client(mock);
        for (let i = 0; i < extraKeys; i++) mock.createApiKey({ scopes: 'all' });
        const made = await call('POST', '/v1/webhooks', {
          body: { url: 'https://hooks.example.com/in', events: ['contacts'] },
        });
        return made.body.data.secret as string;
      };
      const plain = await secretOf(0);
      expect(await secretOf(3)).toBe(plain);
    });

    it.each([2 ** 32, -1, 1.5, Number.NaN, '7'])('refuses the seed %s at once', (seed) => {
      expect(() => createMockServer({ ids: { seed: seed as number } })).toThrow(
        `ids.seed: must be an integer from 0 to 4294967295, not ${String(seed)}`,
      );
    });

    // `ids: 42` for `{ seed: 42 }` started a server whose every create answered 500 (`random.id is
    // not a function`), and `ids: null` threw a TypeError reading `seed`.
    it.each([42, null, 'seeded', true, [42]])(
      'refuses ids: %j at once, naming the option',
      (ids) => {
        expect(() => createMockServer({ ids: ids as never })).toThrow(
          `ids: must be 'random', { seed } or a function that returns an id, not ${JSON.stringify(ids)}`,
        );
      },
    );

    // JSON.stringify, which showed them, throws on a BigInt, shows a symbol as `undefined` and
    // numbers it cannot write (NaN, ±Infinity, even inside a list) as `null`, so that `ids: NaN` was
    // refused as "not null".
    it.each([
      [5n, '5n'],
      [Symbol('seed'), 'Symbol(seed)'],
      [Number.NaN, 'NaN'],
      [Number.POSITIVE_INFINITY, 'Infinity'],
      [-0, '-0'],
      [[Number.NEGATIVE_INFINITY, 1, 2n], '[-Infinity,1,2n]'],
    ])('refuses ids: %s naming it, not a TypeError about serializing it', (ids, shown) => {
      expect(() => createMockServer({ ids: ids as never })).toThrow(
        `ids: must be 'random', { seed } or a function that returns an id, not ${shown}`,
      );
    });

    // What JSON cannot write is marked by NUL for the unquoting after it: a string or key of the
    // option's own that holds a NUL is still quoted, not read as a mark's (`"\0NaN\0"` shown NaN).
    it.each([
      ['\0NaN\0', '"\\u0000NaN\\u0000"'],
      ['\0"\0', '"\\u0000\\"\\u0000"'],
      [['\0x\0', Number.NaN], '["\\u0000x\\u0000",NaN]'],
      [[{ '\0k\0': 1n, k: '\0' }], '[{"\\u0000k\\u0000":1n,"k":"\\u0000"}]'],
    ])('refuses ids (case %#) quoting a NUL of its own as JSON does', (ids, shown) => {
      expect(() => createMockServer({ ids: ids as never })).toThrow(
        `ids: must be 'random', { seed } or a function that returns an id, not ${shown}`,
      );
    });

    it('keeps them random without a seed', async () => {
      const a = await run(0, createMockServer());
      const b = await run(0, createMockServer());
      for (const name of ['key', 'webhook', 'secret', 'channel', 'requestId'] as const) {
        expect(b[name]).not.toBe(a[name]);
      }
    });
  });

  it('takes an option given as undefined as left out (the types let exactOptionalPropertyTypes pass one)', async () => {
    const mock = createMockServer({
      variant: undefined,
      clock: undefined,
      startTime: undefined,
      rateLimit: undefined,
      requireHttps: undefined,
      adminToken: undefined,
      seed: undefined,
      baseUrl: undefined,
      ids: undefined,
      responder: undefined,
      mcpTools: undefined,
      deliveryFetch: undefined,
      deliveryGraceMs: undefined,
      journalSize: undefined,
      onError: undefined,
    });
    expect([mock.variant, mock.baseUrl, mock.clock.mode]).toEqual([
      'A',
      'http://127.0.0.1:4010',
      'real',
    ]);
    const res = await client(mock)('GET', '/v1/agents');
    expect([res.status, res.headers.get('x-ratelimit-limit'), res.body.data]).toEqual([
      200,
      '100',
      [],
    ]);
    const server = await mock.listen({ port: undefined, host: undefined });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    await server.close({ graceMs: undefined });
    mock.dispose();
  });

  it('refuses a close() grace setTimeout cannot wait, naming graceMs, and still closes on a good one', async () => {
    // 3e9 ms fired at once (Node sets 1 ms): the requests in flight were cut, where a long grace was meant.
    const mock = createMockServer();
    const server = await mock.listen();
    const proxy = await createValidationProxy({ upstream: server.url }).listen();
    const rule =
      'graceMs: must be a whole number of milliseconds from 0 to 2147483647 (about 24.8 days, the longest timer)';
    for (const running of [server, proxy]) {
      await expect(running.close({ graceMs: 3e9 })).rejects.toThrow(
        new TypeError(`${rule}, not 3000000000`),
      );
      await expect(running.close({ graceMs: 'x' as never })).rejects.toThrow(
        new TypeError(`${rule}, not "x"`),
      );
      await running.close({ graceMs: 0 });
    }
    mock.dispose();
  });

  it('refuses a listen() port, host or option Node would misread, naming it, before anything listens', async () => {
    // Node read port: 'x' as a pipe's name (url http://127.0.0.1:undefined), host: '' as every
    // interface (url http://:PORT), and left a typo (prot) to a free port unsaid.
    const mock = createMockServer();
    for (const port of ['x', '4010', 1.5, -1, 65_536, Number.NaN, null]) {
      await expect(mock.listen({ port: port as never })).rejects.toThrow(
        `port: must be a whole number from 0 to 65535 (0 picks a free one), not ${port === 'x' || port === '4010' ? JSON.stringify(port) : String(port)}`,
      );
    }
    for (const host of ['', 5, null]) {
      await expect(mock.listen({ host: host as never })).rejects.toThrow(
        `host: must be a host name or IP address (127.0.0.1, 0.0.0.0, ::1, localhost), not ${JSON.stringify(host)}`,
      );
    }
    await expect(mock.listen({ prot: 0 } as never)).rejects.toThrow(
      'prot: is not an option of listen; did you mean "port"?',
    );
    await expect(mock.listen('4010' as never)).rejects.toThrow(
      'listen: takes { port?, host? }, not "4010"',
    );
    const server = await mock.listen({ port: 0, host: '127.0.0.1' });
    expect(server.url).toBe(`http://127.0.0.1:${server.port}`);
    await server.close();
    mock.dispose();
    // The contract proxy's listen() takes the same options, refused alike.
    const proxy = createValidationProxy({ upstream: 'http://127.0.0.1:9' });
    await expect(proxy.listen({ port: 'x' as never })).rejects.toThrow(
      'port: must be a whole number from 0 to 65535 (0 picks a free one), not "x"',
    );
    await expect(proxy.listen({ host: '' })).rejects.toThrow('host: must be a host name');
  });

  it("refuses a host in a URL's brackets at once, naming the address without them, in both listen()s", async () => {
    // It failed late, as a name this machine does not resolve: 'getaddrinfo ENOTFOUND [::1]'.
    const message = 'host: an IPv6 address is written without brackets (::1), not "[::1]"';
    const mock = createMockServer();
    await expect(mock.listen({ host: '[::1]' })).rejects.toThrow(new TypeError(message));
    mock.dispose();
    const proxy = createValidationProxy({ upstream: 'http://127.0.0.1:9' });
    await expect(proxy.listen({ host: '[::1]' })).rejects.toThrow(new TypeError(message));
  });

  it('answers 500 INTERNAL_ERROR for a real bug and reports it to onError', async () => {
    const onError = vi.fn();
    const mock = createMockServer({
      onError,
      mcpTools: () => {
        throw new Error('mcpTools exploded');
      },
    });
    const call = client(mock);
    const res = await call('POST', '/v1/mcp-servers', {
      body: { name: 'Docs', url: 'https://mcp.test/sse' },
    });
    expect(res.status).toBe(500);
    expect(res.body.error).toEqual({
      code: 'INTERNAL_ERROR',
      message: 'internal error in the mock server; see its log',
      status: 500,
    });
    // Every authenticated answer carries the key's rate-limit headers, a 500 too.
    expect(res.headers.get('x-ratelimit-limit')).toBe('100');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(res.headers.get('x-ratelimit-reset')).toMatch(/^\d+$/);
    expect(onError).toHaveBeenCalledOnce();
    expect(onError.mock.calls[0]?.[0]).toEqual(new Error('mcpTools exploded'));
  });

  it('uses the responder option for the AI answer, with the agent and its trainings', async () => {
    const mock = createMockServer({
      responder: ({ message, agent, trainings }) =>
        `${agent.name}/${trainings.length}: ${message.toUpperCase()}`,
    });
    const call = client(mock);
    const agent = (await call('POST', '/v1/agents', { body: { name: 'Ana' } })).body.data.id;
    await call('POST', `/v1/agents/${agent}/trainings`, { body: { type: 'text', content: 'x' } });
    const res = await call('POST', `/v1/agents/${agent}/conversation`, {
      body: { message: 'hello' },
    });
    expect(res.body.data.response).toBe('Ana/1: HELLO');
  });

  it('hands the responder copies in the API shape, which it may change without touching the state', async () => {
    const seen: Record<string, unknown>[] = [];
    const mock = createMockServer({
      responder: ({ agent, trainings }) => {
        seen.push({ ...agent });
        Object.assign(agent, { name: 'Changed by the responder' });
        Object.assign(trainings[0] ?? {}, { title: 'changed' });
        return 'ok';
      },
    });
    const call = client(mock);
    const agent = (await call('POST', '/v1/agents', { body: { name: 'Ana' } })).body.data.id;
    await call('POST', `/v1/agents/${agent}/trainings`, {
      body: { type: 'text', title: 'T', content: 'x' },
    });
    const res = await call('POST', `/v1/agents/${agent}/conversation`, { body: { message: 'hi' } });
    expect(res.body.data.response).toBe('ok');
    expect(Object.keys(seen[0] ?? {}).some((key) => key.startsWith('_'))).toBe(false);
    expect((await call('GET', `/v1/agents/${agent}`)).body.data.name).toBe('Ana');
    expect((await call('GET', `/v1/agents/${agent}/trainings`)).body.data[0].title).toBe('T');
  });

  it('gives new MCP servers the tools of the mcpTools option', async () => {
    const mock = createMockServer({
      mcpTools: (server) => [
        {
          name: `${server.name.toLowerCase()}_lookup`,
          description: 'd',
          input_schema: { type: 'object' },
          enabled: false,
        },
      ],
    });
    const call = client(mock);
    const id = (
      await call('POST', '/v1/mcp-servers', { body: { name: 'CRM', url: 'https://crm.test' } })
    ).body.data.id;
    expect((await call('GET', `/v1/mcp-servers/${id}/tools`)).body.data).toEqual([
      { name: 'crm_lookup', description: 'd', input_schema: { type: 'object' }, enabled: false },
    ]);
  });

  // Taken as they came, a tool without its description or a name listed twice was stored as it
  // was, and the state exported after it did not import again.
  it('fills in the defaults of mcpTools as setMcpServer does, and refuses what it refuses', async () => {
    const mock = createMockServer({ mcpTools: [{ name: 'search' }] as never });
    const call = client(mock);
    const id = (
      await call('POST', '/v1/mcp-servers', { body: { name: 'CRM', url: 'https://crm.test' } })
    ).body.data.id;
    expect((await call('GET', `/v1/mcp-servers/${id}/tools`)).body.data).toEqual([
      { name: 'search', description: '', input_schema: { type: 'object' }, enabled: true },
    ]);
    expect(() => mock.importState(mock.exportState())).not.toThrow();

    expect(() => createMockServer({ mcpTools: [{ name: 'a' }, { name: 'a' }] as never })).toThrow(
      new TypeError('mcpTools: tools[1].name: a is listed twice'),
    );
    expect(() => createMockServer({ mcpTools: 'search' as never })).toThrow(
      new TypeError('mcpTools: tools: must be an array'),
    );
    // A function's tools are checked as it gives them: a new MCP server then fails (500, onError).
    const onError = vi.fn();
    const bad = createMockServer({ onError, mcpTools: () => [{ name: '' }] as never });
    const made = await client(bad)('POST', '/v1/mcp-servers', {
      body: { name: 'CRM', url: 'https://crm.test' },
    });
    expect(made.status).toBe(500);
    expect(String(onError.mock.calls[0]?.[0])).toMatch(/^TypeError: mcpTools: tools\[0\]\.name: /);
    expect(bad.exportState().tables.mcpServers).toEqual([]);
  });

  it('runs on an injected clock', async () => {
    const clock = createManualClock(Date.parse('2030-01-01T00:00:00.000Z'));
    const mock = createMockServer({ clock });
    const call = client(mock);
    expect((await call('POST', '/v1/agents', { body: { name: 'A' } })).body.data.created_at).toBe(
      '2030-01-01T00:00:00.000Z',
    );
    await clock.advance(1500);
    expect((await call('GET', '/v1/health', { key: null })).body.timestamp).toBe(
      '2030-01-01T00:00:01.500Z',
    );
  });

  it('refuses a bad variant, clock or start time with a clear error', () => {
    expect(() => createMockServer({ variant: 'C' as never })).toThrow(
      'variant: must be "A" or "B"',
    );
    expect(() => createMockServer({ clock: 'fast' as never })).toThrow(/^clock: must be/);
    expect(() => createMockServer({ clock: 'manual', startTime: 'not a date' })).toThrow(
      'startTime: must be an ISO 8601 date or a date-time with Z or an offset (2024-01-01T09:00:00Z), not "not a date"',
    );
    expect(() => createMockServer({ clock: 'manual', startTime: Number.NaN })).toThrow(
      'startTime: must be a valid date',
    );
    // Read by `new Date()` they were 1970 (null, true), a year ([2024]) or a TypeError about BigInt.
    for (const startTime of [null, true, [2024], 5n, {}]) {
      expect(() => createMockServer({ clock: 'manual', startTime: startTime as never })).toThrow(
        `startTime: must be a Date, milliseconds since the epoch or an ISO 8601 string, not ${typeof startTime === 'bigint' ? '5n' : JSON.stringify(startTime)}`,
      );
    }
    expect(() => createMockServer({ clock: 'manual', startTime: Symbol('t') as never })).toThrow(
      'startTime: must be a Date, milliseconds since the epoch or an ISO 8601 string, not Symbol(t)',
    );
    // A clock of your own without the methods: `options.clock.onBeforeStep is not a function`.
    expect(() => createMockServer({ clock: { now: () => 0 } as never })).toThrow(
      'clock: must be "real", "manual" or a Clock, with mode, now, schedule, clear, advance, pending, onBeforeStep and dispose; it lacks mode, schedule, clear, advance, pending, onBeforeStep, dispose',
    );
    // Outside the clock's range: no Variant A timestamp before 1970, no 4-digit year after 9999.
    for (const startTime of [
      -1,
      '1969-12-31T23:59:59Z',
      new Date(Date.UTC(9999, 11, 1, 0, 0, 1)),
    ]) {
      expect(() => createMockServer({ clock: 'manual', startTime })).toThrow(
        'startTime: must be from 1970-01-01T00:00:00.000Z to 9999-12-01T00:00:00.000Z (the range of the mock clock)',
      );
    }
  });

  it('refuses a rate limit, grace, journal size or seed the CLI could not be given, naming the option', () => {
    // A window without windowMs never reset and sent X-RateLimit-Reset: NaN; a limit of 0 refused
    // every request (--rate-limit 0 is refused).
    for (const rateLimit of [
      { limit: 5 },
      { limit: 0, windowMs: 1000 },
      { limit: 1.5, windowMs: 1 },
      true,
    ]) {
      expect(() => createMockServer({ rateLimit: rateLimit as never })).toThrow(
        /^rateLimit: must be false or \{ limit, windowMs \}, each a whole number >= 1 \(windowMs in milliseconds\), not /,
      );
    }
    expect(() => createMockServer({ rateLimit: { limit: 5 } as never })).toThrow(
      'not { limit: 5, windowMs: undefined }',
    );
    // Infinity (or anything past a timer's 2^31 - 1 ms) made the grace 1 ms, not endless.
    for (const deliveryGraceMs of [Number.POSITIVE_INFINITY, -1, 60_001, 1.5, Number.NaN]) {
      expect(() => createMockServer({ clock: 'manual', deliveryGraceMs })).toThrow(
        `deliveryGraceMs: must be a whole number of milliseconds from 0 to 60000, as --delivery-grace-ms, not ${deliveryGraceMs}`,
      );
    }
    for (const journalSize of [-1, 2.5, Number.NaN]) {
      expect(() => createMockServer({ journalSize })).toThrow(
        `journalSize: must be a whole number >= 0, not ${journalSize}`,
      );
    }
    // Quoted by String() they read as valid values: "not 5" for [5], "not 1,2" for [1, 2].
    for (const [journalSize, shown] of [
      [[5], '[5]'],
      [{ size: 5 }, '{"size":5}'],
      [[1, 2], '[1,2]'],
    ] as const) {
      expect(() => createMockServer({ journalSize: journalSize as never })).toThrow(
        `journalSize: must be a whole number >= 0, not ${shown}`,
      );
    }
    // A typo of 'demo' was imported as a state: "body: must be an object".
    expect(() => createMockServer({ seed: 'demos' as never })).toThrow(
      `seed: must be 'demo', 'none' or a state exported earlier (exportState()), not "demos"`,
    );
    // null, 0 and false were taken as no seed at all, without a word; 5 was imported, "body: must
    // be an object".
    for (const [seed, shown] of [
      [null, 'null'],
      [0, '0'],
      [false, 'false'],
      [5, '5'],
    ] as const) {
      expect(() => createMockServer({ seed: seed as never })).toThrow(
        `seed: must be 'demo', 'none' or a state exported earlier (exportState()), not ${shown}`,
      );
    }
    // What the CLI's flags give is taken.
    const mock = createMockServer({
      clock: 'manual',
      rateLimit: { limit: 1, windowMs: 1 },
      deliveryGraceMs: 0,
      journalSize: 0,
      seed: 'none',
    });
    expect(mock.requests()).toEqual([]);
    expect(() => createMockServer({ rateLimit: false, deliveryGraceMs: 60_000 })).not.toThrow();
  });

  it('refuses options that are no object, an option it does not have, or a function or flag of another type, naming it', () => {
    // From JavaScript these were taken: a typo left the default in place (a baseURL left MSW
    // matching 127.0.0.1:4010, so the app's requests went to the network), and a responder or
    // deliveryFetch that is no function failed later, on each request, without naming the option.
    for (const options of [null, 'manual', 42, []]) {
      expect(() => createMockServer(options as never)).toThrow(
        `options: must be an object, not ${Array.isArray(options) ? 'an array' : JSON.stringify(options)}`,
      );
    }
    expect(() => createMockServer({ baseURL: 'http://api.test' } as never)).toThrow(
      'baseURL: is not an option of createMockServer; did you mean "baseUrl"?',
    );
    expect(() => createMockServer({ clcok: 'manual' } as never)).toThrow(
      'clcok: is not an option of createMockServer; did you mean "clock"?',
    );
    expect(() => createMockServer({ port: 4010 } as never)).toThrow(
      /^port: is not an option of createMockServer \(its options: variant, clock, .*onRequest, onWebhookAttempt\)$/,
    );
    for (const name of ['responder', 'deliveryFetch', 'onWebhookAttempt'] as const) {
      expect(() => createMockServer({ [name]: 'hi' } as never)).toThrow(
        `${name}: must be a function, not "hi"`,
      );
    }
    expect(() => createMockServer({ requireHttps: 'yes' } as never)).toThrow(
      'requireHttps: must be true or false, not "yes"',
    );
    // Left out, or given as undefined, they are taken as before.
    expect(() =>
      createMockServer({ responder: undefined, deliveryFetch: undefined, requireHttps: undefined }),
    ).not.toThrow();
  });

  // api-decisions section 7: the journal keeps the last 1000 requests unless told otherwise.
  it('keeps the newest 1000 requests in the journal by default, dropping the oldest', async () => {
    const mock = createMockServer({ rateLimit: false });
    const call = client(mock);
    for (let i = 0; i < 1001; i++) await call('GET', `/v1/health?n=${i}`, { key: null });
    const kept = mock.requests();
    expect(kept).toHaveLength(1000);
    expect(kept[0]?.query).toBe('?n=1');
    expect(kept.at(-1)?.query).toBe('?n=1000');
  });

  it('refuses what --start-time refuses: a time without a zone, a day that does not exist, a real clock', () => {
    for (const startTime of ['2024-01-01T00:00:00', '2023-02-29']) {
      expect(() => createMockServer({ clock: 'manual', startTime })).toThrow(
        `startTime: must be an ISO 8601 date or a date-time with Z or an offset (2024-01-01T09:00:00Z), not "${startTime}"`,
      );
    }
    for (const clock of [undefined, 'real'] as const) {
      expect(() => createMockServer({ clock, startTime: '2024-01-01' })).toThrow(
        "startTime: needs clock: 'manual'",
      );
    }
    expect(createMockServer({ clock: 'manual', startTime: '2024-02-29' }).clock.now()).toBe(
      Date.parse('2024-02-29T00:00:00Z'),
    );
  });

  it('starts at any date-time the API itself takes: digits past the millisecond (dropped), a lower-case t or z', () => {
    // Python's isoformat() and PostgreSQL write microseconds; the API's date-time fields take up to nine digits.
    for (const [startTime, now] of [
      ['2024-01-01T09:00:00.123456+00:00', '2024-01-01T09:00:00.123Z'],
      ['2024-01-01T09:00:00.999999999Z', '2024-01-01T09:00:00.999Z'],
      ['2024-01-01t09:00:00z', '2024-01-01T09:00:00.000Z'],
    ]) {
      const mock = createMockServer({ clock: 'manual', startTime });
      expect(new Date(mock.clock.now()).toISOString()).toBe(now);
      mock.dispose();
    }
    expect(() =>
      createMockServer({ clock: 'manual', startTime: '2024-01-01T09:00:00.1234567890Z' }),
    ).toThrow('startTime: must be an ISO 8601 date');
  });
});
