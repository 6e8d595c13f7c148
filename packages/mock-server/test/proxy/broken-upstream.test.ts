import { getEventListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { holdPort } from '../../../../test/support/hold-port.js';
import {
  type UpstreamFailure,
  watchedValidationProxy,
} from '../../src/proxy/create-validation-proxy.js';
import { createValidationProxy, VIOLATIONS_HEADER, type Violation } from '../../src/proxy.js';
import { AGENT, ANSWER_HEADERS, page as pageOf } from '../support/proxy-answers.js';

// A deliberately broken upstream on loopback: each route answers one way the spec is broken, and
// the proxy must name each with its field and rule, pass the answer back unchanged, and (with
// `errors`) refuse it instead.

const KEY = 'sk-secret-key-never-logged';
const GOOD_HEADERS = ANSWER_HEADERS;
const { name: _, ...NAMELESS } = AGENT;
const page = (data: unknown[]) => JSON.stringify(pageOf(data));

/** What a GET of each path answers (any other request: 201 and an agent): status, content type, body, and whether the usual headers are left out. */
const ROUTES: Record<string, [number, string, string, boolean?]> = {
  '/base/v1/agents': [
    200,
    'application/json',
    page([AGENT, NAMELESS, { ...AGENT, status: 'paused' }]),
  ],
  [`/base/v1/agents/${AGENT.id}`]: [418, 'application/json', '{}'],
  '/base/v1/me': [200, 'text/html', '<html>maintenance</html>'],
  '/base/v1/channels': [200, 'application/json', '{"data": ['],
  '/base/v1/contacts': [200, 'application/json', page([]), true],
  '/base/v1/custom-fields': [200, 'application/json', page(Array(40).fill({ x: 'y'.repeat(10) }))],
};

let server: Server;
let upstream: string;
const received: IncomingMessage[] = [];
/** The bodies of the requests received, as text. */
const bodies: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(req);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => bodies.push(Buffer.concat(chunks).toString()));
    const path = (req.url ?? '').split('?')[0] as string;
    const [status, type, body, bare] = (req.method === 'GET' || req.method === 'HEAD'
      ? ROUTES[path]
      : undefined) ?? [201, 'application/json', JSON.stringify({ data: AGENT })];
    res.writeHead(status, { 'content-type': type, ...(bare ? {} : GOOD_HEADERS) });
    req.on('end', () => res.end(body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}/base`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received.length = 0;
  bodies.length = 0;
});

const get = (path: string) =>
  new Request(`http://proxy.test${path}`, { headers: { 'x-api-key': KEY } });

describe('the validation proxy in front of a broken upstream', () => {
  it('names a missing required field and a wrong enum by their paths, and passes the answer back unchanged', async () => {
    const proxy = createValidationProxy({ upstream });
    const res = await proxy.fetch(get('/v1/agents'));
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(ROUTES['/base/v1/agents']?.[2]);
    expect(res.headers.get(VIOLATIONS_HEADER)).toBe('2');
    expect(res.headers.get('x-request-id')).toBe(GOOD_HEADERS['x-request-id']);
    expect(proxy.violations()).toEqual([
      {
        at: expect.any(String),
        request_id: GOOD_HEADERS['x-request-id'],
        method: 'GET',
        path: '/v1/agents',
        operation_id: 'agentsList',
        status: 200,
        in: 'response',
        field: 'data[1].name',
        rule: 'required',
        message: 'data[1].name: is required',
      },
      expect.objectContaining({
        field: 'data[2].status',
        rule: 'enum',
        message: 'data[2].status: must be one of "active", "inactive"',
      }),
    ]);
    // The path prefix of the upstream URL is kept; the key is forwarded, and stored nowhere.
    expect(received[0]?.url).toBe('/base/v1/agents');
    expect(received[0]?.headers['x-api-key']).toBe(KEY);
    expect(JSON.stringify(proxy.violations())).not.toContain(KEY);
  });

  it('names an undeclared status, text/html for JSON, a body that is not JSON, a missing header', async () => {
    const seen: string[] = [];
    const proxy = createValidationProxy({
      upstream,
      onViolation: (v) => seen.push(`${v.field} ${v.rule}`),
    });
    const teapot = await proxy.fetch(get(`/v1/agents/${AGENT.id}`));
    expect(teapot.status).toBe(418);
    await proxy.fetch(get('/v1/me'));
    await proxy.fetch(get('/v1/channels'));
    await proxy.fetch(get('/v1/contacts'));
    expect(seen).toEqual([
      'status status',
      'body content-type',
      'body json',
      'body json',
      'X-Request-Id required',
      'X-RateLimit-Limit required',
      'X-RateLimit-Remaining required',
      'X-RateLimit-Reset required',
    ]);
    expect(proxy.violations()[0]?.message).toBe(
      'status: 418 is not declared for agentsRetrieve (GET /v1/agents/{id} declares 200, 400, 401, 403, 404, 429, 500, 503)',
    );
    expect(proxy.violationCount()).toBe(8);
  });

  it('logs a listener that throws or rejects, and answers all the same', async () => {
    // An async one that rejected was an unhandled rejection, which ends a Node process.
    const logged: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args) => {
      logged.push(args);
    });
    onTestFinished(() => spy.mockRestore());
    const listeners = [
      () => {
        throw new Error('sync');
      },
      async () => {
        throw new Error('async');
      },
    ];
    for (const onViolation of listeners) {
      const proxy = createValidationProxy({ upstream, onViolation });
      expect((await proxy.fetch(get(`/v1/agents/${AGENT.id}`))).status).toBe(418);
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged.map(([text, error]) => [text, (error as Error).message])).toEqual([
      ['[agent-platform-mock proxy] onViolation threw:', 'sync'],
      ['[agent-platform-mock proxy] onViolation threw:', 'async'],
    ]);
  });

  it('with errors: answers a broken answer 502 CONTRACT_VIOLATION naming field and rule', async () => {
    const proxy = createValidationProxy({ upstream, errors: true });
    const res = await proxy.fetch(get('/v1/agents'));
    expect(res.status).toBe(502);
    expect(res.headers.get(VIOLATIONS_HEADER)).toBe('2');
    const { error } = (await res.json()) as { error: Record<string, unknown> };
    expect(error).toEqual({
      code: 'CONTRACT_VIOLATION',
      status: 502,
      message:
        "the upstream's 200 answer to GET /v1/agents breaks the spec: data[1].name: is required (and 1 more)",
      details: [
        { field: 'data[1].name', rule: 'required', message: 'data[1].name: is required' },
        {
          field: 'data[2].status',
          rule: 'enum',
          message: 'data[2].status: must be one of "active", "inactive"',
        },
      ],
    });
  });

  it('reports a bad request body and forwards it; with errors, refuses it 400 without forwarding', async () => {
    const bad = () =>
      new Request('http://proxy.test/v1/agents', {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 5, temperature: 9 }),
      });
    const lenient = createValidationProxy({ upstream });
    const forwarded = await lenient.fetch(bad());
    expect(forwarded.status).toBe(201);
    expect(received).toHaveLength(1);
    expect(lenient.violations().map((v) => [v.in, v.field, v.rule, v.status])).toEqual([
      ['request', 'name', 'type', 201],
      ['request', 'temperature', 'maximum', 201],
    ]);
    const strict = createValidationProxy({ upstream, errors: true });
    const refused = await strict.fetch(bad());
    expect(received).toHaveLength(1);
    expect(refused.status).toBe(400);
    const body = (await refused.json()) as { error: { code: string; details: unknown[] } };
    expect(body.error.code).toBe('VALIDATION_ERROR');
    expect(body.error.details).toEqual([
      { field: 'name', rule: 'type', message: 'name: must be a string' },
      { field: 'temperature', rule: 'maximum', message: 'temperature: must be at most 2' },
    ]);
    expect(strict.violations().map((v) => v.status)).toEqual([null, null]);
  });

  it('keeps each violation short, however long a field the request names: a shared proxy would hold 2 MB a request', async () => {
    const heard: Violation[] = [];
    const proxy = createValidationProxy({ upstream, onViolation: (v) => heard.push(v) });
    const key = `${'k'.repeat(100_000)}`;
    const res = await proxy.fetch(
      new Request('http://proxy.test/v1/agents', {
        method: 'POST',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ada', [key]: 1 }),
      }),
    );
    expect(res.status).toBe(201);
    const [kept] = proxy.violations();
    expect(kept).toMatchObject({ in: 'request', rule: 'unknown', field: `${'k'.repeat(997)}...` });
    expect(kept?.message).toBe(`${'k'.repeat(997)}...`);
    expect(heard).toEqual([kept]);
  });

  it('reports a route the spec does not have (rule route): forwarded, or 404 with errors', async () => {
    const lenient = createValidationProxy({ upstream });
    await lenient.fetch(get('/v1/agentz'));
    expect(received).toHaveLength(1);
    expect(lenient.violations()).toEqual([
      expect.objectContaining({
        in: 'request',
        operation_id: null,
        field: 'path',
        rule: 'route',
        message: 'path: GET /v1/agentz matches no operation of the spec',
      }),
    ]);
    const strict = createValidationProxy({ upstream, errors: true });
    expect((await strict.fetch(get('/v1/agentz'))).status).toBe(404);
    const wrongMethod = await strict.fetch(
      new Request('http://proxy.test/v1/health', { method: 'DELETE' }),
    );
    expect(wrongMethod.status).toBe(405);
    // RFC 9110 asks a 405 for Allow; it lists what the proxy passes on there, as the mock's does.
    expect(wrongMethod.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    const onAgents = await strict.fetch(
      new Request('http://proxy.test/v1/agents', { method: 'PATCH' }),
    );
    expect(onAgents.headers.get('allow')).toBe('GET, HEAD, POST, OPTIONS');
    expect(received).toHaveLength(1);
  });

  it('passes an answer over the body cap through unvalidated, with one violation saying so', async () => {
    const proxy = createValidationProxy({ upstream, maxBodyBytes: 64 });
    const res = await proxy.fetch(get('/v1/custom-fields'));
    expect(await res.text()).toBe(ROUTES['/base/v1/custom-fields']?.[2]);
    expect(proxy.violations()).toEqual([
      expect.objectContaining({
        in: 'response',
        field: 'body',
        rule: 'size',
        message: 'body: not validated: larger than 64 bytes (passed through as it is)',
      }),
    ]);
  });

  it('answers 502 UPSTREAM_UNREACHABLE naming the upstream when it does not answer', async () => {
    // Held throughout, not bound and released: no other test's server may take it between.
    const held = await holdPort();
    onTestFinished(() => held.release());
    const { port } = held;
    const proxy = createValidationProxy({ upstream: `http://127.0.0.1:${port}/api` });
    const res = await proxy.fetch(get('/v1/agents'));
    expect(res.status).toBe(502);
    const { error } = (await res.json()) as { error: { code: string; message: string } };
    expect(error.code).toBe('UPSTREAM_UNREACHABLE');
    expect(error.message).toBe(
      `upstream http://127.0.0.1:${port}/api: no answer to GET /v1/agents (ECONNREFUSED)`,
    );
    expect(proxy.violations()).toEqual([]);
  });

  it('answers 504 UPSTREAM_TIMEOUT when the upstream does not answer, or stops sending its body, in time', async () => {
    // An upstream that never answers, and one that sends its headers and then nothing: each gives
    // up only when the proxy aborts it.
    const silent = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    const stalled = async (request: Request) =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data": ['));
            request.signal.addEventListener('abort', () => controller.error(request.signal.reason));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    for (const send of [silent, stalled]) {
      const proxy = createValidationProxy({ upstream, fetch: send, upstreamTimeoutMs: 1 });
      const res = await proxy.fetch(get('/v1/agents'));
      expect(res.status).toBe(504);
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect(error).toEqual(
        expect.objectContaining({
          code: 'UPSTREAM_TIMEOUT',
          message: `upstream ${upstream}: no whole answer to GET /v1/agents within 1 ms (upstreamTimeoutMs)`,
        }),
      );
      expect(proxy.violations()).toEqual([]);
    }
    const rule =
      'must be a whole number of milliseconds from 1 to 2147483647 (about 24.8 days, the longest timer)';
    expect(() => createValidationProxy({ upstream, upstreamTimeoutMs: 0 })).toThrow(
      `upstreamTimeoutMs: ${rule}, not 0`,
    );
    // Longer than setTimeout takes, it fired at once: every forward was a 504, meant as no limit.
    expect(() => createValidationProxy({ upstream, upstreamTimeoutMs: 2 ** 31 })).toThrow(
      `upstreamTimeoutMs: ${rule}, not 2147483648`,
    );
  });

  it('answers 504 in time though a fetch of its own ignores the abort, before or after its answer', async () => {
    // It hung the request for good: the timer only aborted a signal nobody listened to.
    const deaf = () => new Promise<Response>(() => undefined);
    const deafBody = async () =>
      new Response(new ReadableStream<Uint8Array>({ start: () => undefined }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      });
    for (const send of [deaf, deafBody]) {
      const proxy = createValidationProxy({ upstream, fetch: send, upstreamTimeoutMs: 1 });
      const res = await proxy.fetch(get('/v1/agents'));
      expect(res.status).toBe(504);
      expect(((await res.json()) as { error: { code: string } }).error.code).toBe(
        'UPSTREAM_TIMEOUT',
      );
    }
  });

  it("passes the caller's abort on to the upstream while a body past the cap streams back", async () => {
    // Once the proxy stopped listening for it, an abandoned large download held the upstream's
    // connection for as long as the upstream kept it open.
    let upstreamAborted = false;
    const endless = async (request: Request) => {
      request.signal.addEventListener('abort', () => {
        upstreamAborted = true;
      });
      return new Response(
        new ReadableStream<Uint8Array>({
          pull(controller) {
            controller.enqueue(new Uint8Array(64));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    };
    const proxy = createValidationProxy({ upstream, fetch: endless, maxBodyBytes: 100 });
    const caller = new AbortController();
    const res = await proxy.fetch(get('/v1/agents'), { signal: caller.signal });
    const reader = (res.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    expect(upstreamAborted).toBe(false);
    caller.abort();
    await reader.read().catch(() => undefined);
    expect(upstreamAborted).toBe(true);
  });

  it("stops listening to the caller's signal once a streamed body is read or cancelled", async () => {
    // A Request sent again and again gained one listener a large answer, MaxListenersExceededWarning.
    const big = () => async () =>
      new Response(new Uint8Array(1000), { headers: { 'content-type': 'application/json' } });
    const request = get('/v1/agents');
    const listeners = () => getEventListeners(request.signal, 'abort').length;
    const before = listeners();
    const proxy = createValidationProxy({ upstream, fetch: big(), maxBodyBytes: 100 });
    for (let i = 0; i < 3; i++) await (await proxy.fetch(request)).arrayBuffer();
    expect(listeners()).toBe(before);
    for (let i = 0; i < 3; i++) await (await proxy.fetch(request)).body?.cancel();
    expect(listeners()).toBe(before);
  });

  it('says an answer was cut short or no HTTP, a blocked port and a fetch that returned no Response', async () => {
    const failing = (code: string) => async () => {
      throw new TypeError('fetch failed', { cause: { code } });
    };
    const cutShort = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"data": ['));
            controller.error(new TypeError('terminated', { cause: { code: 'UND_ERR_SOCKET' } }));
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    // Its headers came, then a chunk size that is no number: no HTTP, not an answer cut short.
    const badChunk = async () =>
      new Response(
        new ReadableStream<Uint8Array>({
          start(controller) {
            controller.error(
              new TypeError('fetch failed', { cause: { code: 'HPE_INVALID_CHUNK_SIZE' } }),
            );
          },
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    const cases: [(request: Request) => Promise<unknown>, string][] = [
      [
        cutShort,
        'the answer to GET /v1/agents was cut short (UND_ERR_SOCKET: the upstream closed the connection)',
      ],
      [
        badChunk,
        'the answer to GET /v1/agents was no HTTP fetch could read (HPE_INVALID_CHUNK_SIZE)',
      ],
      [
        failing('HPE_UNEXPECTED_CONTENT_LENGTH'),
        'the answer to GET /v1/agents was no HTTP fetch could read (HPE_UNEXPECTED_CONTENT_LENGTH)',
      ],
      [
        async () => {
          throw new TypeError('fetch failed', { cause: new Error('bad port') });
        },
        'no answer to GET /v1/agents (bad port: fetch refuses this port (the fetch standard blocks e.g. 6000, 6665-6669, 10080); give the upstream another port)',
      ],
      [
        failing('DEPTH_ZERO_SELF_SIGNED_CERT'),
        "no answer to GET /v1/agents (DEPTH_ZERO_SELF_SIGNED_CERT: the upstream's TLS certificate is not trusted; for a CA of your own, start the proxy with NODE_EXTRA_CA_CERTS=ca.pem)",
      ],
      [
        async () => undefined,
        "no answer to GET /v1/agents (the proxy's fetch returned no Response but undefined)",
      ],
      [
        async () => ({ ok: true }),
        'no answer to GET /v1/agents (the proxy\'s fetch returned no Response but {"ok":true})',
      ],
    ];
    for (const [send, said] of cases) {
      const proxy = createValidationProxy({
        upstream,
        fetch: send as (r: Request) => Promise<Response>,
      });
      const res = await proxy.fetch(get('/v1/agents'));
      const { error } = (await res.json()) as { error: { code: string; message: string } };
      expect([res.status, error.code, error.message]).toEqual([
        502,
        'UPSTREAM_UNREACHABLE',
        `upstream ${upstream}: ${said}`,
      ]);
    }
  });

  it("tells the CLI's watch each forward's failure (a name not found, a timeout) as answered, null for an answer", async () => {
    const heard: (UpstreamFailure | null)[] = [];
    const notFound = async () => {
      throw new TypeError('fetch failed', {
        cause: { code: 'ENOTFOUND', hostname: 'api.example.test' },
      });
    };
    const silent = (request: Request) =>
      new Promise<Response>((_, reject) => {
        request.signal.addEventListener('abort', () => reject(request.signal.reason));
      });
    for (const send of [notFound, silent, undefined]) {
      const options = { upstream, fetch: send, upstreamTimeoutMs: send ? 1 : 60_000 };
      const proxy = watchedValidationProxy(options, (failure) => heard.push(failure));
      await (await proxy.fetch(get('/v1/health'))).arrayBuffer();
    }
    expect(heard).toEqual([
      {
        status: 502,
        code: 'UPSTREAM_UNREACHABLE',
        message: `upstream ${upstream}: no answer to GET /v1/health (ENOTFOUND: no address for the host name api.example.test (the upstream's URL); is it spelt right, and known to this machine's DNS or /etc/hosts?)`,
      },
      {
        status: 504,
        code: 'UPSTREAM_TIMEOUT',
        message: `upstream ${upstream}: no whole answer to GET /v1/health within 1 ms (upstreamTimeoutMs)`,
      },
      null,
    ]);
  });

  it('refuses an upstream that is not an absolute http(s) URL, and any other bad option, with a TypeError at once', () => {
    for (const bad of ['ftp://example.test', 'example.test', 'http://example.test/?x=1', '']) {
      expect(() => createValidationProxy({ upstream: bad })).toThrow(TypeError);
    }
    const bad = (options: object) => () => createValidationProxy({ upstream, ...options });
    expect(bad({ maxViolations: 0 })).toThrow('maxViolations: must be a whole number >= 1, not 0');
    expect(bad({ maxBodyBytes: Number.NaN })).toThrow(
      'maxBodyBytes: must be a whole number >= 1, not NaN',
    );
    expect(bad({ variant: 'C' })).toThrow(`variant: must be 'A' or 'B', not "C"`);
    expect(bad({ fetch: 'fetch' })).toThrow('fetch: must be a function, not fetch');
    expect(bad({ adminToken: ' spaced ' })).toThrow(/^adminToken: /);
    expect(() => createValidationProxy({ upstream: 'nope' })).toThrow(
      /^upstream: must be an absolute http\(s\) URL/,
    );
    // A URL object is taken as its text, as connectMock takes one.
    expect(createValidationProxy({ upstream: new URL(upstream) }).upstream).toBe(upstream);
  });

  it('refuses, from JavaScript, options that are no object, an option it does not have and errors that is no boolean', () => {
    // As createMockServer does: a typo left the default (60 s) in place unsaid, errors: 'yes' was
    // off, and the upstream URL given alone was refused as 'upstream: ... not undefined'.
    const create = createValidationProxy as (options: unknown) => unknown;
    expect(() => create(undefined)).toThrow(
      new TypeError('options: must be an object, not undefined'),
    );
    expect(() => create(upstream)).toThrow(
      new TypeError(
        `options: must be an object, not "${upstream}" (pass { upstream: "${upstream}" })`,
      ),
    );
    expect(() => create({ upstream, upstreamTimeout: 10 })).toThrow(
      new TypeError(
        'upstreamTimeout: is not an option of createValidationProxy; did you mean "upstreamTimeoutMs"?',
      ),
    );
    expect(() => create({ upstream, errors: 'yes' })).toThrow(
      new TypeError('errors: must be true or false, not "yes"'),
    );
    expect(() => create({ upstream, errors: undefined, maxViolations: undefined })).not.toThrow();
  });

  it('refuses an upstream with credentials (they would go unsent), never repeating the password', () => {
    for (const bad of [
      'http://user:hunter2@example.test/api',
      'http://user:hunter2@example.test/?q',
      'http://user:hunter2@',
    ]) {
      let message = '';
      try {
        createValidationProxy({ upstream: bad });
      } catch (error) {
        expect(error).toBeInstanceOf(TypeError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/^upstream: /);
      expect(message).not.toContain('hunter2');
    }
    expect(() => createValidationProxy({ upstream: 'http://user@example.test' })).toThrow(
      /^upstream: must not carry credentials/,
    );
  });

  it('lists and clears its violations at /__mock/violations, behind the admin token when set', async () => {
    const proxy = createValidationProxy({ upstream, adminToken: 'admin-1' });
    await proxy.fetch(get('/v1/agentz'));
    const denied = await proxy.fetch('/__mock/violations');
    expect(denied.status).toBe(401);
    const headers = { 'x-mock-admin-token': 'admin-1' };
    const listed = await proxy.fetch('/__mock/violations', { headers });
    expect(await listed.json()).toEqual({
      data: [expect.objectContaining({ rule: 'route' })],
      total: 1,
    });
    expect((await proxy.fetch('/__mock/violations', { method: 'DELETE', headers })).status).toBe(
      204,
    );
    expect(proxy.violationCount()).toBe(0);
    expect(received).toHaveLength(1);
  });

  it('checks a HEAD answer by its status and headers only, and passes it back without a body', async () => {
    const proxy = createValidationProxy({ upstream });
    const res = await proxy.fetch(new Request('http://proxy.test/v1/agents', { method: 'HEAD' }));
    expect(res.status).toBe(200);
    expect(res.headers.get(VIOLATIONS_HEADER)).toBe('0');
    expect(received[0]?.method).toBe('HEAD');
    expect(proxy.violations()).toEqual([]);
  });

  it('forwards a request body over the cap whole, unvalidated, with one violation saying so, even under errors', async () => {
    const proxy = createValidationProxy({ upstream, maxBodyBytes: 64, errors: true });
    const name = 'n'.repeat(200);
    const res = await proxy.fetch('/v1/agents', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(res.status).toBe(201);
    expect(bodies).toEqual([JSON.stringify({ name })]);
    // Its answer (an agent, over 64 bytes too) passes through as well, even under `errors`.
    expect(await res.json()).toEqual({ data: AGENT });
    expect(proxy.violations()).toEqual([
      expect.objectContaining({ in: 'request', field: 'body', rule: 'size', status: 201 }),
      expect.objectContaining({ in: 'response', field: 'body', rule: 'size', status: 201 }),
    ]);
  });
});

describe('the validation proxy over HTTP', () => {
  it('guards /__mock/violations as the mock guards its control API', async () => {
    const proxy = createValidationProxy({ upstream });
    const running = await proxy.listen({ port: 0 });
    try {
      const { request } = await import('node:http');
      const call = (method: string, headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${running.url}/__mock/violations`, { method, headers }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      expect(await call('GET', {})).toBe(200);
      // A page that rebound a DNS name to 127.0.0.1, or one of another origin, reaches nothing.
      expect(await call('GET', { host: 'evil.example.test' })).toBe(403);
      expect(await call('DELETE', { origin: 'https://evil.example.test' })).toBe(403);
      expect(await call('DELETE', {})).toBe(204);
    } finally {
      await running.close();
    }
  });

  it('forwards an absolute-form target by its path, and answers one that is no URL 400, not 502', async () => {
    const proxy = createValidationProxy({ upstream });
    const running = await proxy.listen({ port: 0 });
    try {
      const { request } = await import('node:http');
      const call = (method: string, path: string) =>
        new Promise<[number, string]>((resolve, reject) => {
          const req = request(running.url, { method, path }, (res) => {
            let body = '';
            res.on('data', (chunk: Buffer) => {
              body += chunk;
            });
            res.on('end', () => resolve([res.statusCode ?? 0, body]));
          });
          req.on('error', reject);
          req.end();
        });
      // A client told to use a proxy names the host it means, credentials and all: only the path is the upstream's.
      const [status] = await call('GET', 'http://user:pw@api.example.test/v1/agents');
      expect(status).toBe(200);
      expect(received.at(-1)?.url).toBe('/base/v1/agents');
      const [refused, body] = await call('OPTIONS', '*');
      expect(refused).toBe(400);
      expect(JSON.parse(body)).toEqual({
        error: expect.objectContaining({
          code: 'VALIDATION_ERROR',
          message: 'path: must be a path (/v1/agents) or an absolute http(s) URL, not "*"',
        }),
      });
    } finally {
      await running.close();
    }
  });

  it("passes a HEAD answer's Content-Length back, the size of what a GET would answer", async () => {
    const { request } = await import('node:http');
    const head = (url: string) =>
      new Promise<string | undefined>((resolve, reject) => {
        const req = request(url, { method: 'HEAD' }, (res) => {
          res.resume();
          resolve(res.headers['content-length']);
        });
        req.on('error', reject);
        req.end();
      });
    // An upstream that says how long its GET answer is, as a HEAD answer should.
    const body = page([AGENT]);
    const sized = createServer((req, res) => {
      const length = String(Buffer.byteLength(body));
      res.writeHead(200, {
        ...GOOD_HEADERS,
        'content-type': 'application/json',
        'content-length': length,
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
    await new Promise<void>((resolve) => sized.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(sized.address() as AddressInfo).port}`;
    const proxy = createValidationProxy({ upstream: origin });
    const running = await proxy.listen({ port: 0 });
    try {
      const direct = await head(`${origin}/v1/agents`);
      expect(direct).toBe(String(Buffer.byteLength(body)));
      expect(await head(`${running.url}/v1/agents`)).toBe(direct);
      expect(proxy.violations()).toEqual([]);
    } finally {
      await running.close();
      await new Promise<void>((resolve) => sized.close(() => resolve()));
    }
  });

  it('guards /__mock/violations reached by dot segments too (/v1/../__mock/violations)', async () => {
    const proxy = createValidationProxy({ upstream });
    await proxy.fetch(get('/v1/agentz'));
    const running = await proxy.listen({ port: 0 });
    try {
      const { request } = await import('node:http');
      const call = (method: string, path: string, headers: Record<string, string>) =>
        new Promise<number>((resolve, reject) => {
          const req = request(`${running.url}/`, { method, path, headers }, (res) => {
            res.resume();
            resolve(res.statusCode ?? 0);
          });
          req.on('error', reject);
          req.end();
        });
      const evil = { origin: 'https://evil.example.test' };
      for (const path of ['/v1/../__mock/violations', '/v1/%2e%2e/__mock/violations']) {
        expect(await call('GET', path, { host: 'evil.example.test' })).toBe(403);
        expect(await call('DELETE', path, evil)).toBe(403);
      }
      expect(proxy.violationCount()).toBe(1);
    } finally {
      await running.close();
    }
  });
});
