import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('request validation over $name', (transport) => {
  const h = useMock(transport);

  it.each([
    ['limit=0', 'limit', 'minimum', 'limit: must be at least 1'],
    ['limit=101', 'limit', 'maximum', 'limit: must be at most 100'],
    ['page=0', 'page', 'minimum', 'page: must be at least 1'],
    ['limit=ten', 'limit', 'type', 'limit: must be an integer'],
    // An integer is written in digits: 5.0 was read as 5, while 1e1 was refused.
    ['limit=5.0', 'limit', 'type', 'limit: must be an integer'],
    ['limit=1e1', 'limit', 'type', 'limit: must be an integer'],
    ['order=up', 'order', 'enum', 'order: must be one of "asc", "desc"'],
    [
      'stauts=active',
      'stauts',
      'unknown',
      'stauts: is not a known query parameter; did you mean "status"?',
    ],
    ['sort=name', 'sort', 'unknown', 'sort: is not a known query parameter'],
    ['limit=1&limit=2', 'limit', 'single', 'limit: must be given once'],
  ])('rejects the query %s naming the field and rule', async (query, field, rule, message) => {
    const res = await h.call('GET', `/v1/agents?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION_ERROR');
    expect(res.body.error.message).toBe(message);
    expect(res.body.error.details).toEqual([{ field, rule, message }]);
  });

  // GET /v1/health takes no query either: the spec declares the 400 (h.call checks the answer
  // against it), without rate-limit headers, as health needs no key.
  it('rejects a query parameter on GET /v1/health, as on every operation', async () => {
    const res = await h.call('GET', '/v1/health?cachebust=1', { key: null });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'cachebust', rule: 'unknown', message: 'cachebust: is not a known query parameter' },
    ]);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
  });

  it.each([
    ['q=caf%E9', 'q'], // Latin-1, not UTF-8: URLSearchParams would search for "caf\uFFFD"
    ['q=100%', 'q'], // a stray %: would be searched for as is
    ['q=%zz', 'q'],
    ['%zz=1', 'query'], // no name to point at
  ])('rejects the query %s that is not percent-encoded UTF-8', async (query, field) => {
    const res = await h.call('GET', `/v1/contacts?${query}`);
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      {
        field,
        rule: 'encoding',
        message: `${field}: is not valid percent-encoded UTF-8 (write % as %25, other characters as the %XX of their UTF-8 bytes)`,
      },
    ]);
  });

  it('reads a percent-encoded UTF-8 query and + as a space', async () => {
    const made = await h.call('POST', '/v1/contacts', { body: { name: 'Zoë Café' } });
    expect(made.status).toBe(201);
    const found = await h.call('GET', '/v1/contacts?q=zo%C3%AB+caf%c3%a9&limit=5');
    expect(found.status).toBe(200);
    expect(found.body.data.map((c: { name: string }) => c.name)).toEqual(['Zoë Café']);
  });

  it('rejects a path id that is not a UUID', async () => {
    const res = await h.call('GET', '/v1/agents/123');
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      { field: 'id', rule: 'format', message: 'id: must be a UUID' },
    ]);
  });

  it('says in words what a pattern asks, not as a regex', async () => {
    const channel = (await h.call('POST', '/v1/channels', { body: { name: 'Web' } })).body.data.id;
    const language = await h.call('PUT', `/v1/channels/${channel}/settings`, {
      body: { language: 'EN_us' },
    });
    expect(language.body.error.details).toEqual([
      {
        field: 'language',
        rule: 'pattern',
        message: 'language: must be a BCP 47 language tag such as en or pt-BR',
      },
    ]);
    const mcp = (
      await h.call('POST', '/v1/mcp-servers', { body: { name: 'Docs', url: 'https://mcp.test' } })
    ).body.data.id;
    const tool = await h.call('PUT', `/v1/mcp-servers/${mcp}/tools/a*b`, {
      body: { enabled: true },
    });
    expect(tool.body.error.details).toEqual([
      {
        field: 'toolName',
        rule: 'pattern',
        message: 'toolName: must be 1 to 128 letters, digits, underscores, dots or hyphens',
      },
    ]);
  });

  it('rejects an unknown body field, naming it and the known one it is likely a slip for', async () => {
    const res = await h.call('POST', '/v1/agents', {
      body: { name: 'Ann', nmae: 'typo', avatarUrl: 'x', colour: 'red' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      {
        field: 'nmae',
        rule: 'unknown',
        message: 'nmae: is not a known field; did you mean "name"?',
      },
      {
        field: 'avatarUrl',
        rule: 'unknown',
        message: 'avatarUrl: is not a known field; did you mean "avatar_url"?',
      },
      { field: 'colour', rule: 'unknown', message: 'colour: is not a known field' },
    ]);
  });

  it('lists every violated rule of a body', async () => {
    const res = await h.call('POST', '/v1/agents', {
      body: { temperature: 3, avatar_url: 'not a url' },
    });
    expect(res.status).toBe(400);
    expect(
      res.body.error.details
        .map((d: { field: string; rule: string }) => `${d.field}:${d.rule}`)
        .sort(),
    ).toEqual(['avatar_url:format', 'avatar_url:pattern', 'name:required', 'temperature:maximum']);
  });

  it("says a number past a double's range is one, not that it is no number", async () => {
    // JSON.parse reads 1e309 as Infinity: "temperature: must be a number" to a client that sent one.
    const res = await h.call('POST', '/v1/agents', {
      raw: '{"name":"Ann","temperature":1e309}',
      headers: { 'content-type': 'application/json' },
    });
    expect([res.status, res.body.error.details]).toEqual([
      400,
      [
        {
          field: 'temperature',
          rule: 'type',
          message: "temperature: must be a number (this one is beyond a double's range, ±1.8e308)",
        },
      ],
    ]);
    // Where no number is taken, none is said to be out of range.
    const named = await h.call('POST', '/v1/agents', {
      raw: '{"name":1e309}',
      headers: { 'content-type': 'application/json' },
    });
    expect(named.body.error.details[0].message).toBe('name: must be a string');
  });

  it('lists the first 100 violated rules of a body with thousands, and counts them all', async () => {
    const body: Record<string, unknown> = { name: 'Ann' };
    for (let i = 0; i < 5000; i++) body[`x${i}`] = i;
    const res = await h.call('POST', '/v1/agents', { body });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toHaveLength(100);
    expect(res.body.error.details[0]).toEqual({
      field: 'x0',
      rule: 'unknown',
      message: 'x0: is not a known field',
    });
    expect(res.body.error.message).toBe('x0: is not a known field (and 4999 more)');
  });

  it('rejects malformed JSON naming body', async () => {
    const res = await h.call('POST', '/v1/agents', {
      raw: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'body', rule: 'json' });
  });

  // JSON.parse keeps the last of a key's values and drops the others unseen, as a query parameter
  // given twice would (limit=1&limit=2 is 400 rule single): the client meant one of them.
  it.each([
    ['/v1/agents', '{"name":"Ann","name":"Bob"}', 'name', '/v1/agents'],
    [
      '/v1/agents/{id}/conversation',
      '{"message":"Hi","metadata":{"a":1,"a":2}}',
      'metadata.a',
      '/v1/conversations',
    ],
  ])(
    'rejects a body to %s with a key twice (%s), naming it, and makes nothing',
    async (path, raw, field, list) => {
      const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Ann' } })).body.data.id;
      const count = async () => (await h.call('GET', list)).body.data.length;
      const before = await count();
      const res = await h.call('POST', path.replace('{id}', agent), {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      const message = `${field}: must be given once`;
      expect(res.body.error.message).toBe(message);
      expect(res.body.error.details).toEqual([{ field, rule: 'single', message }]);
      expect(await count()).toBe(before);
    },
  );

  it('says a key given twice that the operation does not take is a slip, not that it came twice', async () => {
    const res = await h.call('PUT', '/v1/agents/00000000-0000-4000-8000-000000000101', {
      raw: '{"nmae":"Ann","nmae":"Bob"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    const message = 'nmae: is not a known field; did you mean "name"?';
    expect(res.body.error.details).toEqual([{ field: 'nmae', rule: 'unknown', message }]);
  });

  // The bytes are UTF-8, but an escape can still write half a surrogate pair: stored, it came back
  // as "\ud800", which strict JSON readers (Rust's serde_json among them) refuse, breaking every list.
  it('rejects a string escaping a lone surrogate, naming the field, and makes nothing', async () => {
    const res = await h.call('POST', '/v1/agents', {
      raw: '{"name":"Ann \\ud800"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    const message = 'name: must be Unicode text (\\ud800 is half of a surrogate pair)';
    expect(res.body.error.details).toEqual([{ field: 'name', rule: 'encoding', message }]);
    expect((await h.call('GET', '/v1/agents')).body.data).toEqual([]);
  });

  // The answer itself must not hold one either: a key or value naming a lone surrogate is named by
  // its escape, as the rule's own message names it, so a strict reader can read why it was refused.
  it('names a key or value holding a lone surrogate by its escape in the 400, never the half itself', async () => {
    const res = await h.call('POST', '/v1/agents', {
      raw: '{"name":"A","emial\\ud800":1,"status":"on\\udc00"}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    const lone = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    for (const { field, message } of res.body.error.details)
      expect(field + message).not.toMatch(lone);
    expect(res.body.error.details[0]).toMatchObject({
      field: 'emial\\ud800',
      rule: 'unknown',
      message: expect.stringMatching(/^emial\\ud800: is not a known field/),
    });
    expect(res.body.error.message).toMatch(/^emial\\ud800: is not a known field/);
    expect(h.mock.requests({ status: 400 }).at(-1)?.error?.message).not.toMatch(lone);
  });

  it('rejects a JSON body that is no object (null, an array, a number) naming body, never a 500', async () => {
    for (const raw of ['null', '[]', '5']) {
      const res = await h.call('POST', '/v1/agents', {
        raw,
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: 'body', rule: 'type' });
    }
  });

  it('rejects a body without a JSON content type', async () => {
    const res = await h.call('POST', '/v1/agents', {
      raw: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body: must be JSON/);
  });

  it('rejects a body that is not valid UTF-8', async () => {
    const raw = new Uint8Array([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d]);
    const res = await h.call('POST', '/v1/agents', {
      raw,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'body', rule: 'encoding' });
  });

  it.each([
    ['application/json; charset=iso-8859-1', 'must be UTF-8 JSON, not charset=iso-8859-1'],
    ['application/json;charset="latin1"', 'must be UTF-8 JSON, not charset=latin1'],
  ])('rejects a JSON body declared in another charset (%s)', async (type, message) => {
    const res = await h.call('POST', '/v1/agents', {
      raw: '{"name":"x"}',
      headers: { 'content-type': type },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({
      field: 'body',
      rule: 'contentType',
      message: `body: ${message}`,
    });
  });

  it.each([
    'Application/JSON; Charset=UTF-8',
    'application/json; charset=utf8',
    'application/json; charset="us-ascii"',
  ])('accepts UTF-8 by any of its labels (%s)', async (type) => {
    const res = await h.call('POST', '/v1/agents', {
      raw: '{"name":"x"}',
      headers: { 'content-type': type },
    });
    expect(res.status).toBe(201);
  });

  it('rejects a compressed body naming Content-Encoding, not UTF-8', async () => {
    const res = await h.call('POST', '/v1/agents', {
      raw: new Uint8Array([0x1f, 0x8b, 0x08, 0x00, 0xff]),
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details[0]).toMatchObject({ field: 'body', rule: 'contentEncoding' });
    expect(res.body.error.message).toContain('Content-Encoding: gzip');
  });

  it('rejects a missing required body', async () => {
    const res = await h.call('POST', '/v1/agents');
    expect(res.status).toBe(400);
    expect(res.body.error.message).toMatch(/^body: is required/);
  });

  it('answers 413 for a body over 1 MiB', async () => {
    const res = await h.call('POST', '/v1/agents', {
      body: { name: 'x', description: 'y'.repeat(1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  describe.each([
    ['DELETE', (id: string) => `/v1/agents/${id}`, 204],
    ['POST', (id: string) => `/v1/agents/${id}/deactivate`, 200],
  ] as const)('%s of an operation without a body', (method, pathFor, success) => {
    const json = { 'content-type': 'application/json' };
    const send = async (options: {
      raw?: BodyInit;
      body?: unknown;
      headers?: Record<string, string>;
    }) => {
      const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Ann' } })).body.data.id;
      return h.call(method, pathFor(agent), options);
    };

    it('takes an empty body or {}', async () => {
      expect((await send({})).status).toBe(success);
      expect((await send({ body: {} })).status).toBe(success);
    });

    it('rejects malformed JSON naming body', async () => {
      const res = await send({ raw: '{oops', headers: json });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: 'body', rule: 'json' });
    });

    it('rejects a body without a JSON content type', async () => {
      const res = await send({ raw: 'oops', headers: { 'content-type': 'text/plain' } });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: 'body', rule: 'contentType' });
    });

    it('rejects a field, naming it', async () => {
      const res = await send({ body: { a: 1 } });
      expect(res.status).toBe(400);
      expect(res.body.error.details).toEqual([
        { field: 'a', rule: 'unknown', message: 'a: is not a known field' },
      ]);
    });

    it('rejects a body that is not an object', async () => {
      const res = await send({ body: [] });
      expect(res.status).toBe(400);
      expect(res.body.error.details[0]).toMatchObject({ field: 'body', rule: 'type' });
    });

    it('answers 413 for a body over 1 MiB', async () => {
      const res = await send({ raw: 'x'.repeat(2 * 1024 * 1024), headers: json });
      expect(res.status).toBe(413);
      expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
    });
  });

  it('answers 405 with Allow for a known path and another method', async () => {
    const res = await h.call('PATCH', '/v1/agents', { unchecked: true });
    expect(res.status).toBe(405);
    // What the server answers there: HEAD goes with GET, and OPTIONS (the CORS preflight) everywhere.
    expect(res.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(res.body.error.code).toBe('METHOD_NOT_ALLOWED');
    expect(res.body.error.message).toBe(
      'PATCH is not allowed on /v1/agents; use GET, HEAD, POST, OPTIONS',
    );
  });

  it('names HEAD, not the GET it stands for, when a path has no GET', async () => {
    const res = await h.call('HEAD', '/v1/agents/agt_x/activate', { unchecked: true });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    const get = await h.call('GET', '/v1/agents/agt_x/activate', { unchecked: true });
    expect(get.body.error.message).toBe(
      'GET is not allowed on /v1/agents/agt_x/activate; use POST, OPTIONS',
    );
  });

  it('answers HEAD as GET without a body, auth and rate limit included', async () => {
    const health = await h.call('HEAD', '/v1/health', { key: null, unchecked: true });
    expect(health.status).toBe(200);
    expect(health.body).toBeUndefined();
    const list = await h.call('HEAD', '/v1/agents', { unchecked: true });
    expect(list.status).toBe(200);
    // The length of the GET's body, which HEAD leaves out.
    const listed = await h.call('GET', '/v1/agents');
    const length = new TextEncoder().encode(JSON.stringify(listed.body)).byteLength;
    expect(list.headers.get('content-length')).toBe(String(length));
    expect(list.headers.get('content-type')).toMatch(/^application\/json/);
    expect(list.headers.get('x-ratelimit-remaining')).not.toBeNull();
    expect(list.body).toBeUndefined();
    const noKey = await h.call('HEAD', '/v1/agents', { key: null, unchecked: true });
    expect(noKey.status).toBe(401);
    expect(noKey.body).toBeUndefined();
    const journal = (await h.call('GET', '/__mock/requests')).body.data;
    expect(journal.at(-1)).toMatchObject({ method: 'HEAD', path: '/v1/agents', status: 401 });
  });

  it('answers 404 NOT_FOUND for an unknown path', async () => {
    const res = await h.call('GET', '/v1/nothing-here');
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'NOT_FOUND', status: 404 });
    expect(res.body.error.message).toBe('no such path: GET /v1/nothing-here');
  });

  it('routes a path whose unreserved characters are percent-encoded as the plain path (RFC 3986)', async () => {
    // Unchecked: the spec checker matches paths as written.
    const created = await h.call('POST', '/v1/ag%65nts', {
      body: { name: 'Encoded' },
      unchecked: true,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id as string;
    const read = await h.call('GET', `/v1/%61gents/${id.replace('-', '%2d')}`, { unchecked: true });
    expect(read.status).toBe(200);
    expect(read.body.data.name).toBe('Encoded');
    // An escaped reserved character is data, not a separator: no route has that segment.
    const slash = await h.call('GET', '/v1/agents%2Fx');
    expect(slash.status).toBe(404);
    expect(slash.body.error.message).toBe('no such path: GET /v1/agents%2Fx');
  });

  it('names the route a path is one slip from (a near miss), or /v1 missing or twice', async () => {
    const msw = transport.name === 'MSW setupServer';
    const chat = '/v1/chats/00000000-0000-4000-8000-000000000009';
    for (const [method, path, meant] of [
      ['GET', '/v1/agent', '/v1/agents'],
      ['POST', '/v1/contact', '/v1/contacts'],
      ['POST', `${chat}/start_human`, `${chat}/start-human`],
      ['POST', `${chat}/stophuman`, `${chat}/stop-human`],
      ['GET', '/V1/agents', '/v1/agents'],
      [
        'POST',
        '/v1/agents/00000000-0000-4000-8000-000000000001/conversations',
        '/v1/agents/00000000-0000-4000-8000-000000000001/conversation',
      ],
      ['GET', '/v1/v1/agents', '/v1/agents'],
      // MSW handlers take only paths under /v1 and /__mock: the others go on to other handlers.
      ...(msw ? [] : ([['GET', '/agents', '/v1/agents']] as const)),
    ] as const) {
      const res = await h.call(method, path, { unchecked: true });
      expect(res.status, path).toBe(404);
      expect(res.body.error.message).toBe(
        `no such path: ${method} ${path}; did you mean ${meant}?`,
      );
    }
    // Two slips, or nothing near: no guess.
    for (const path of [
      '/v1/agent/x/y',
      '/v1/v1/agent',
      '/v1/nothing-here',
      ...(msw ? [] : ['/x']),
    ]) {
      expect((await h.call('GET', path)).body.error.message).toBe(`no such path: GET ${path}`);
    }
  });

  it('says when a trailing slash is all that is wrong with a path', async () => {
    const res = await h.call('GET', '/v1/agents/');
    expect(res.status).toBe(404);
    expect(res.body.error.message).toBe(
      'no such path: GET /v1/agents/ (paths have no trailing slash: /v1/agents)',
    );
    const nested = await h.call(
      'POST',
      '/v1/chats/00000000-0000-4000-8000-000000000009/stop-human//',
    );
    expect(nested.body.error.message).toContain(
      '(paths have no trailing slash: /v1/chats/00000000-0000-4000-8000-000000000009/stop-human)',
    );
  });

  // A path with a long run of slashes inside (the most a request line takes over HTTP is 16 KiB; in
  // process, any length) took quadratic time to answer: /\/+$/ was tried from each slash of the run
  // (200 000 slashes, 27 s; 16 000, 0.1 s). Nothing here times it: it answers what it answered, now
  // in milliseconds (before, past the test's time limit).
  it('answers a path with a long run of slashes inside as any unknown path', async () => {
    const run = '/'.repeat(transport.name === 'node http server' ? 16_000 : 200_000);
    const inside = await h.call('GET', `/v1/x${run}y`);
    expect(inside.status).toBe(404);
    expect(inside.body.error.message).toBe(`no such path: GET /v1/x${run}y`);
    const trailing = await h.call('GET', `/v1/agents${run}`);
    expect(trailing.body.error.message).toBe(
      `no such path: GET /v1/agents${run} (paths have no trailing slash: /v1/agents)`,
    );
  });

  it('sends X-Request-Id and CORS headers on every response, and answers preflight', async () => {
    const ids = new Set<string>();
    for (const res of [
      await h.call('GET', '/v1/agents'),
      await h.call('GET', '/v1/agents', { key: null }),
    ]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      ids.add(res.headers.get('x-request-id') ?? '');
    }
    expect(ids.size).toBe(2);
    const preflight = await h.connection.fetch(`${h.connection.baseUrl}/v1/agents`, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://app.test',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'x-api-key, content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/x-api-key/);
    expect(preflight.headers.get('access-control-allow-methods')).toMatch(/POST/);
  });
});
