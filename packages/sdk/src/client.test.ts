import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  apiError,
  fakeClock,
  hangingFetch,
  json,
  recordingFetch,
} from '../test/support/recording-fetch.js';
import { AgentPlatform } from './client.js';
import type { Clock } from './core/clock.js';
import {
  AgentPlatformError,
  APIConnectionError,
  APIError,
  APIUserAbortError,
  RateLimitError,
  ServiceUnavailableError,
  ValidationError,
} from './core/errors.js';
import type { Logger } from './core/logger.js';

const ID = '7d0c3b1e-0000-4000-8000-000000000001';
const rateHeaders = {
  'X-RateLimit-Limit': '100',
  'X-RateLimit-Remaining': '99',
  'X-RateLimit-Reset': '1795000000',
};

afterEach(() => {
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
});

describe('construction', () => {
  it('needs an API key, naming both ways to give one', () => {
    vi.stubEnv('AGENT_PLATFORM_API_KEY', '');
    expect(() => new AgentPlatform({ baseUrl: 'http://api.test' })).toThrow(
      /apiKey.*AGENT_PLATFORM_API_KEY/,
    );
    expect(() => new AgentPlatform({ baseUrl: 'http://api.test' })).toThrow(AgentPlatformError);
  });

  it('needs a base URL', () => {
    vi.stubEnv('AGENT_PLATFORM_BASE_URL', '');
    expect(() => new AgentPlatform({ apiKey: 'k' })).toThrow(/baseUrl.*AGENT_PLATFORM_BASE_URL/);
  });

  it('refuses baseURL, the spelling of the OpenAI and Anthropic SDKs, rather than ignore it', () => {
    // Spread from a config object, it passes TypeScript's excess-property check; it was ignored, and
    // AGENT_PLATFORM_BASE_URL (here another server) used in its place.
    vi.stubEnv('AGENT_PLATFORM_BASE_URL', 'http://env.test');
    const config = { apiKey: 'k', baseURL: 'http://api.test' };
    expect(() => new AgentPlatform(config)).toThrow(
      new AgentPlatformError('baseURL: spelled baseUrl here'),
    );
  });
  it.each([' ', ' \t\n'])(
    'refuses an apiKey of only whitespace (%j) as a missing one',
    (apiKey) => {
      // fetch trims a header's value: the key would be sent empty, and every call refused with a 401.
      vi.stubEnv('AGENT_PLATFORM_API_KEY', 'env-key');
      expect(() => new AgentPlatform({ apiKey, baseUrl: 'http://api.test' })).toThrow(
        new AgentPlatformError('apiKey: missing; pass it or set AGENT_PLATFORM_API_KEY'),
      );
    },
  );

  it('names AGENT_PLATFORM_BASE_URL when its value is refused, baseUrl when the option is', () => {
    vi.stubEnv('AGENT_PLATFORM_BASE_URL', 'https://api.example.com/v1');
    const rule =
      'must be an http(s) URL without /v1, query, #, {} or credentials, e.g. https://api.example.com, not "https://api.example.com/v1"';
    expect(() => new AgentPlatform({ apiKey: 'k' })).toThrow(
      new AgentPlatformError(`AGENT_PLATFORM_BASE_URL: ${rule}`),
    );
    expect(() => new AgentPlatform({ apiKey: 'k', baseUrl: 'https://api.example.com/v1' })).toThrow(
      new AgentPlatformError(`baseUrl: ${rule}`),
    );
  });

  it('falls back to the environment', async () => {
    vi.stubEnv('AGENT_PLATFORM_API_KEY', 'env-key');
    vi.stubEnv('AGENT_PLATFORM_BASE_URL', 'http://env.test/');
    const { fetch, calls } = recordingFetch(() => json(200, { data: { key_name: 'x' } }));
    await new AgentPlatform({ fetch }).me();
    expect(calls[0]?.url.href).toBe('http://env.test/v1/me');
    expect(calls[0]?.headers.get('x-api-key')).toBe('env-key');
  });

  it("reads the environment for an empty option, as `process.env.X ?? ''` gives one", async () => {
    vi.stubEnv('AGENT_PLATFORM_API_KEY', 'env-key');
    vi.stubEnv('AGENT_PLATFORM_BASE_URL', 'http://env.test/');
    const { fetch, calls } = recordingFetch(() => json(200, { data: { key_name: 'x' } }));
    await new AgentPlatform({ apiKey: '', baseUrl: '', fetch }).me();
    expect(calls[0]?.url.href).toBe('http://env.test/v1/me');
    expect(calls[0]?.headers.get('x-api-key')).toBe('env-key');
  });

  it.each(['', ' \t '])('takes an environment variable of %j as unset', async (blank) => {
    vi.stubEnv('AGENT_PLATFORM_API_KEY', blank);
    vi.stubEnv('AGENT_PLATFORM_BASE_URL', blank);
    vi.stubEnv('AGENT_PLATFORM_LOG', blank);
    expect(() => new AgentPlatform({ baseUrl: 'http://api.test' })).toThrow(/apiKey: missing/);
    expect(() => new AgentPlatform({ apiKey: 'k' })).toThrow(/baseUrl: missing/);
    // The log level falls back to off, which logs nothing.
    const log = vi.fn();
    const logger = { debug: log, info: log, warn: log, error: log };
    const { fetch } = recordingFetch(() => json(200, { data: {} }));
    await new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch, logger }).me();
    expect(log).not.toHaveBeenCalled();
  });

  it('runs where there is no process (edge, browsers)', () => {
    vi.stubGlobal('process', undefined);
    expect(() => new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test' })).not.toThrow();
    expect(() => new AgentPlatform({ baseUrl: 'http://api.test' })).toThrow(/apiKey: missing/);
  });
});

describe('requests', () => {
  it('sends the key, default headers and per-request headers', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: { id: ID } }));
    const client = new AgentPlatform({
      apiKey: 'secret',
      baseUrl: 'http://api.test',
      fetch,
      defaultHeaders: { 'x-team': 'blue', 'x-trace': 'default' },
    });
    await client.agents.retrieve(ID, { headers: { 'x-trace': 'call' } });
    const headers = calls[0]?.headers;
    expect(headers?.get('x-api-key')).toBe('secret');
    expect(headers?.get('x-team')).toBe('blue');
    expect(headers?.get('x-trace')).toBe('call');
  });

  it('looks up the global fetch on every request, not at construction', async () => {
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test' });
    const first = recordingFetch(() => json(200, { data: { id: 'one' } }));
    const second = recordingFetch(() => json(200, { data: { id: 'two' } }));
    vi.stubGlobal('fetch', first.fetch);
    expect(await client.agents.retrieve(ID)).toEqual({ id: 'one' });
    vi.stubGlobal('fetch', second.fetch);
    expect(await client.agents.retrieve(ID)).toEqual({ id: 'two' });
    expect([first.calls.length, second.calls.length]).toEqual([1, 1]);
  });

  it('encodes path parameters', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    await client.mcpServers.updateTool(ID, 'search docs/v2', { enabled: false });
    expect(calls[0]?.url.pathname).toBe(`/v1/mcp-servers/${ID}/tools/search%20docs%2Fv2`);
  });

  it.each(['', '.', '..'])(
    'refuses the path parameter %j, which URL resolution would turn into another path',
    async (bad) => {
      const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
      const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
      const refused = (name: string) =>
        `${name}: must be a well-formed string, not "", "." or ".."`;
      // Sent, these would be DELETE /v1/ and DELETE /v1/messages/{ID}: other operations.
      await expect(client.agents.delete(bad)).rejects.toThrow(refused('id'));
      await expect(client.chats.deleteMessage(bad, ID)).rejects.toThrow(refused('id'));
      await expect(client.chats.deleteMessage(ID, bad)).rejects.toThrow(refused('messageId'));
      await client.agents.retrieve(ID); // the fetch is reached otherwise
      const raw = client.raw.DELETE('/v1/agents/{id}', { params: { path: { id: bad } } });
      await expect(raw).rejects.toThrow(refused('id'));
      await expect(raw).rejects.toBeInstanceOf(AgentPlatformError);
      expect(calls.map((call) => call.url.pathname)).toEqual([`/v1/agents/${ID}`]);
    },
  );

  it.each([
    ['an object (untrusted JSON)', { 'x/../../webhooks/wh_1?': '' }],
    ['an empty object', {}],
    ['an array', ['agt_1']],
    ['undefined', undefined],
    ['null', null],
    ['a number', 42],
  ])('refuses a path parameter that is %s, not a string', async (_, bad) => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const id = bad as unknown as string;
    const refused = (name: string) =>
      new AgentPlatformError(`${name}: must be a well-formed string, not "", "." or ".."`);
    // Sent, an object went as `key,value` (DELETE /v1/webhooks/wh_1?,), undefined as /{id}.
    await expect(client.agents.delete(id)).rejects.toThrow(refused('id'));
    await expect(client.webhooks.retrieve(id)).rejects.toThrow(refused('id'));
    await expect(client.chats.deleteMessage(ID, id)).rejects.toThrow(refused('messageId'));
    const raw = client.raw.DELETE('/v1/agents/{id}', { params: { path: { id } } });
    await expect(raw).rejects.toThrow(refused('id'));
    await expect(raw).rejects.toBeInstanceOf(AgentPlatformError);
    expect(calls).toEqual([]);
  });

  it('refuses a raw call whose path object lacks a parameter that the path names', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const refused = new AgentPlatformError(
      'messageId: must be a well-formed string, not "", "." or ".."',
    );
    // Sent, the first went as DELETE /v1/chats/{ID}/messages/%7BmessageId%7D.
    const lacking = { id: ID } as { id: string; messageId: string };
    await expect(
      client.raw.DELETE('/v1/chats/{id}/messages/{messageId}', { params: { path: lacking } }),
    ).rejects.toThrow(refused);
    // A name the path does not have is not read, as openapi-fetch does.
    const extra = { id: ID, messageId: ID, unused: 42 } as { id: string; messageId: string };
    await client.raw.DELETE('/v1/chats/{id}/messages/{messageId}', { params: { path: extra } });
    expect(calls.map((call) => call.url.pathname)).toEqual([`/v1/chats/${ID}/messages/${ID}`]);
  });

  it('refuses a raw call without params.path, naming the parameter (plain JS)', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const untyped = client.raw as unknown as {
      GET(path: string, init?: object): Promise<unknown>;
    };
    // Sent, these went as GET /v1/agents/%7Bid%7D: openapi-fetch fills nothing without params.path.
    const refused = new AgentPlatformError('id: must be a well-formed string, not "", "." or ".."');
    await expect(untyped.GET('/v1/agents/{id}')).rejects.toThrow(refused);
    await expect(untyped.GET('/v1/agents/{id}', { params: {} })).rejects.toBeInstanceOf(
      AgentPlatformError,
    );
    // Braces a querySerializer leaves in the query are no path parameter.
    await untyped.GET('/v1/agents', {
      params: { query: { filter: '{"a":1}' } },
      querySerializer: { allowReserved: true },
    });
    expect(calls.map((call) => call.url.pathname)).toEqual(['/v1/agents']);
  });

  it('refuses an id with a lone surrogate, which cannot be percent-encoded (was a URIError)', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const cut = '\u{1F600}'.slice(0, 1); // half of an emoji
    const refused = new AgentPlatformError('id: must be a well-formed string, not "", "." or ".."');
    await expect(client.agents.retrieve(cut)).rejects.toThrow(refused);
    await expect(client.agents.retrieve(cut)).rejects.toBeInstanceOf(AgentPlatformError);
    await client.agents.retrieve('\u{1F600}'); // a whole one is sent, encoded
    expect(calls.map((call) => call.url.pathname)).toEqual(['/v1/agents/%F0%9F%98%80']);
  });

  it('gives a middleware the path parameters in params.path, never the body or query', async () => {
    // The list call (the GET) is answered a page, which a list call checks it gets.
    const { fetch } = recordingFetch((call) =>
      call.method === 'GET'
        ? json(200, { data: [], pagination: { page: 1, limit: 5, total: 0, total_pages: 0 } })
        : json(200, { data: { id: ID } }),
    );
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const seen: unknown[] = [];
    client.raw.use({
      onRequest: ({ params }) => {
        seen.push({ ...params });
      },
    });
    await client.conversations.sendMessage(ID, { message: 'my card is 4111 1111 1111 1111' });
    await client.conversations.listMessages(ID, { limit: 5 });
    await client.agents.create({ name: 'Support' });
    expect(seen).toEqual([
      { path: { id: ID } },
      { path: { id: ID }, query: { limit: 5 } },
      {}, // no path parameters: no path object
    ]);
  });

  it('sends any other odd id percent-encoded, which URL resolution leaves alone', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    for (const id of ['...', '%2e%2e', '.%2E', '../x', 'a/..', ' ..']) {
      await client.agents.retrieve(id);
    }
    expect(calls.map((call) => call.url.pathname)).toEqual([
      '/v1/agents/...',
      '/v1/agents/%252e%252e',
      '/v1/agents/.%252E',
      '/v1/agents/..%2Fx',
      '/v1/agents/a%2F..',
      '/v1/agents/%20..',
    ]);
  });

  it('unwraps data, and gives the response, request id and rate limit on withResponse()', async () => {
    const { fetch } = recordingFetch(() =>
      json(200, { data: { id: ID } }, { 'X-Request-Id': 'req-9', ...rateHeaders }),
    );
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    expect(await client.agents.retrieve(ID)).toEqual({ id: ID });
    const result = await client.agents.retrieve(ID).withResponse();
    expect(result.data).toEqual({ id: ID });
    expect(result.response.status).toBe(200);
    expect(result.requestId).toBe('req-9');
    expect(result.rateLimit).toEqual({ limit: 100, remaining: 99, reset: 1795000000 });
  });

  it('runs finally() once the call settles, and resolves to the unwrapped data', async () => {
    const { fetch } = recordingFetch(() => json(200, { data: { id: ID } }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const done = vi.fn();
    expect(await client.agents.retrieve(ID).finally(done)).toEqual({ id: ID });
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('returns health unwrapped and DELETE as undefined', async () => {
    const { fetch } = recordingFetch((call) =>
      call.method === 'DELETE'
        ? new Response(null, { status: 204 })
        : json(200, { status: 'ok', timestamp: '2026-11-20T10:00:00.000Z' }),
    );
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    expect(await client.health()).toEqual({ status: 'ok', timestamp: '2026-11-20T10:00:00.000Z' });
    expect(await client.agents.delete(ID)).toBeUndefined();
  });

  it('sends an optional field or query parameter given as undefined as absent, on every page', async () => {
    const { fetch, calls } = recordingFetch((call) =>
      call.method === 'PUT'
        ? json(200, { data: { id: ID } })
        : json(200, {
            data: [],
            // The page asked for, as the API answers.
            pagination: {
              page: Number(call.url.searchParams.get('page') ?? 1),
              limit: 5,
              total: 10,
              total_pages: 2,
            },
          }),
    );
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    await client.agents.update(ID, { name: undefined, description: 'd' });
    await (await client.agents.list({ status: undefined, limit: 5 })).getNextPage();
    expect(calls.map((c) => `${c.method} ${c.url.search} ${c.body ?? ''}`)).toEqual([
      'PUT  {"description":"d"}',
      'GET ?limit=5 ',
      'GET ?limit=5&page=2 ',
    ]);
  });

  it('throws ServiceUnavailableError when health answers 503', async () => {
    const { fetch } = recordingFetch(() =>
      json(503, { status: 'maintenance', timestamp: '2026-11-20T10:00:00.000Z' }),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      maxRetries: 0,
    });
    const error = await client.health().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceUnavailableError);
    expect((error as ServiceUnavailableError).body).toMatchObject({ status: 'maintenance' });
  });

  it('gives the error fields of a validation error', async () => {
    const { fetch } = recordingFetch(() =>
      apiError(400, 'VALIDATION_ERROR', { 'X-Request-Id': 'req-400', ...rateHeaders }),
    );
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const error = await client.agents.list({ limit: 500 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect(error).toMatchObject({
      status: 400,
      code: 'VALIDATION_ERROR',
      requestId: 'req-400',
      rateLimit: { remaining: 99 },
    });
  });

  it('turns a 2xx whose body is not JSON into an APIError carrying the text', async () => {
    for (const [text, type] of [
      ['<html>Sign in to the Wi-Fi</html>', 'text/html'],
      ['{"data":', 'application/json'],
    ]) {
      const { fetch } = recordingFetch(
        () => new Response(text, { status: 200, headers: { 'content-type': type as string } }),
      );
      const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
      const error = await client.agents.retrieve(ID).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toMatchObject({ status: 200, body: text });
      expect((error as APIError).message).toMatch(/^HTTP 200, but the body is not JSON \(/);
    }
  });

  it('throws for an empty 200 (typed as a resource, it must not resolve to undefined); a 204 is no data', async () => {
    const { fetch } = recordingFetch(() => new Response('', { status: 200 }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const error = await client.agents.retrieve(ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toMatch(/^HTTP 200, but the body is not JSON \(/);
    const noContent = recordingFetch(() => new Response(null, { status: 204 }));
    const deleting = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch: noContent.fetch,
    });
    expect(await deleting.agents.delete(ID)).toBeUndefined();
  });

  it('throws for a 204 to an operation typed to answer data (only the DELETEs answer 204)', async () => {
    // A proxy or another server at baseUrl: a retrieve must not resolve to undefined, nor a list
    // fail with a TypeError reading `data` of nothing.
    const { fetch } = recordingFetch(() => new Response(null, { status: 204 }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    for (const call of [
      () => client.agents.retrieve(ID),
      () => client.agents.create({ name: 'Support' }),
      () => client.chats.startHuman(ID),
      () => client.health(),
      () => client.agents.list(),
    ]) {
      const error = await call().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(APIError);
      expect(error).toMatchObject({ status: 204, body: '' });
      expect((error as APIError).message).toMatch(/^HTTP 204, but the body is not JSON \(/);
    }
  });

  it('throws for a 2xx that is JSON but has no data (typed as a resource, it must not resolve to undefined)', async () => {
    // A proxy's, a cache's or another service's answer, as a list call refuses one that is no page.
    for (const text of [
      'null',
      '{}',
      '[]',
      '"ok"',
      '1',
      'true',
      '{"data":null}',
      '{"status":"ok"}',
    ]) {
      const { fetch } = recordingFetch(() => new Response(text, { status: 200 }));
      const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
      for (const call of [
        () => client.agents.retrieve(ID),
        () => client.agents.create({ name: 'Support' }),
        () => client.agents.delete(ID),
      ]) {
        const error = await call().catch((e: unknown) => e);
        expect(error).toBeInstanceOf(APIError);
        expect(error).toMatchObject({ status: 200, body: JSON.parse(text) });
        expect((error as APIError).message).toBe(
          'HTTP 200, but the body has no data: is baseUrl the API?',
        );
      }
    }
  });

  it('dates an HTTP-date Retry-After by the client clock, not the wall clock', async () => {
    // The clock is a year ahead of the wall clock: read by Date.now(), the wait would be a year.
    const time = fakeClock(Date.UTC(2027, 10, 20, 10, 0, 0));
    const { fetch } = recordingFetch(() =>
      apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': 'Sat, 20 Nov 2027 10:00:30 GMT' }),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      maxRetries: 0,
      clock: time.clock,
    });
    const error = await client.agents.retrieve(ID).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitError);
    expect((error as RateLimitError).retryAfter).toBe(30);
  });

  it.each([
    ['RFC 850', 'Saturday, 20-Nov-27 10:00:30 GMT'],
    ['asctime', 'Sat Nov 20 10:00:30 2027'],
  ])(
    'waits what a Retry-After in the obsolete %s form asks, not the backoff',
    async (_form, date) => {
      const time = fakeClock(Date.UTC(2027, 10, 20, 10, 0, 0));
      const { fetch, calls } = recordingFetch((_, i) =>
        i === 0
          ? apiError(503, 'SERVICE_UNAVAILABLE', { 'Retry-After': date })
          : json(200, { data: { id: ID } }),
      );
      const client = new AgentPlatform({
        apiKey: 'k',
        baseUrl: 'http://api.test',
        fetch,
        clock: time.clock,
      });
      await client.agents.retrieve(ID);
      expect(calls).toHaveLength(2);
      expect(time.sleeps).toEqual([30_000]);
    },
  );

  it('gives raw access through openapi-fetch with the same auth and retries', async () => {
    const { fetch, calls } = recordingFetch((_, i) =>
      i === 0 ? apiError(503, 'SERVICE_UNAVAILABLE') : json(200, { data: { id: ID } }),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      clock: fakeClock().clock,
    });
    const { data, error } = await client.raw.GET('/v1/agents/{id}', {
      params: { path: { id: ID } },
    });
    expect(error).toBeUndefined();
    expect(data?.data.id).toBe(ID);
    expect(calls).toHaveLength(2);
    expect(calls[1]?.headers.get('x-api-key')).toBe('k');
  });

  it('honours the signal given to a raw call', async () => {
    const hanging = hangingFetch();
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch: hanging.fetch,
    });
    const controller = new AbortController();
    const pending = client.raw.GET('/v1/me', { signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    expect(hanging.calls()).toBe(1);
  });

  it('replays a body that a middleware replaced', async () => {
    const { fetch, calls } = recordingFetch((_, i) =>
      i === 0
        ? apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '1' })
        : json(201, { data: {} }),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      clock: fakeClock().clock,
    });
    client.raw.use({
      onRequest: ({ request }) =>
        new Request(request, { body: JSON.stringify({ name: 'from middleware' }) }),
    });
    await client.agents.create({ name: 'original' });
    expect(calls.map((c) => c.body)).toEqual([
      '{"name":"from middleware"}',
      '{"name":"from middleware"}',
    ]);
  });
  it('runs middleware once per call, above the retries: it never sees an attempt', async () => {
    // The retries sit beneath openapi-fetch's middleware, in its fetch (issue #7): a middleware that
    // signs or logs a request must not run again for each retry, nor see the 503s retried away.
    const { fetch, calls } = recordingFetch((_, i) =>
      i < 2 ? apiError(503, 'SERVICE_UNAVAILABLE') : json(200, { data: { id: ID } }),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      clock: fakeClock().clock,
    });
    const seen: string[] = [];
    client.raw.use({
      onRequest: ({ request }) => {
        seen.push(`request ${request.method}`);
      },
      onResponse: ({ response }) => {
        seen.push(`response ${response.status}`);
      },
    });
    expect(await client.agents.retrieve(ID)).toEqual({ id: ID });
    expect(calls).toHaveLength(3);
    expect(seen).toEqual(['request GET', 'response 200']);
  });

  it("keeps client.raw's use and eject as openapi-fetch made them: synchronous, a bad middleware thrown at once", async () => {
    // Only the methods that send check headers: wrapped too, use would answer a promise, and a bad
    // middleware would be an unhandled rejection instead of a throw at the line that added it.
    const { fetch } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const seen: string[] = [];
    const middleware = {
      onRequest: ({ request }: { request: Request }) => {
        seen.push(request.method);
      },
    };
    expect(client.raw.use(middleware)).toBeUndefined();
    await client.me();
    expect(client.raw.eject(middleware)).toBeUndefined();
    await client.me();
    expect(seen).toEqual(['GET']);
    expect(() => client.raw.use({} as never)).toThrow(/Middleware must be an object/);
  });

  it('takes a raw call whose init is passed as undefined (a wrapper forwarding its own)', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: { key_name: 'x' } }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    // A wrapper that forwards its own optional init passes undefined when it was given none.
    const getMe = (init?: { headers?: Record<string, string> }) => client.raw.GET('/v1/me', init);
    const requestMe = (init?: { headers?: Record<string, string> }) =>
      client.raw.request('get', '/v1/me', init);
    expect((await getMe()).data).toEqual({ data: { key_name: 'x' } });
    expect((await requestMe()).data).toEqual({ data: { key_name: 'x' } });
    expect(calls).toHaveLength(2);
  });

  it('fails as a connection error when a body a middleware answered with fails to read', async () => {
    // A middleware that answers itself (a cache) sends nothing: no attempt is held for the body.
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const broken = new ReadableStream({
      pull: (controller) => controller.error(new Error('cache entry truncated')),
    });
    client.raw.use({ onRequest: () => new Response(broken, { status: 200 }) });
    const error = await client.me().then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).cause).toEqual(new Error('cache entry truncated'));
    expect(calls).toEqual([]);
  });

  it("throttles client.raw's calls with the client's throttle", async () => {
    // One window of one request, spent by the first call and reset in 10 s: the second call waits
    // for the reset (plus the second of margin) on the client's clock instead of drawing a 429.
    const time = fakeClock();
    const reset = String(time.clock.now() / 1000 + 10);
    const { fetch, calls } = recordingFetch(() =>
      json(
        200,
        { data: { id: ID } },
        { 'X-RateLimit-Limit': '1', 'X-RateLimit-Remaining': '0', 'X-RateLimit-Reset': reset },
      ),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      clock: time.clock,
      throttle: true,
    });
    const get = () => client.raw.GET('/v1/agents/{id}', { params: { path: { id: ID } } });
    await Promise.all([get(), get()]);
    expect(calls).toHaveLength(2);
    expect(time.sleeps).toEqual([11_000]);
  });
});

describe('logging', () => {
  function recordingLogger() {
    const lines: string[] = [];
    const log = (level: string) => (message: string) => lines.push(`${level} ${message}`);
    const logger: Logger = {
      debug: log('debug'),
      info: log('info'),
      warn: log('warn'),
      error: log('error'),
    };
    return { logger, lines };
  }

  it('is off by default', async () => {
    const { logger, lines } = recordingLogger();
    const { fetch } = recordingFetch(() => json(200, { data: {} }));
    await new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch, logger }).me();
    expect(lines).toEqual([]);
  });

  it('logs method, path, status, attempt and duration at debug, never the key', async () => {
    const { logger, lines } = recordingLogger();
    const { fetch } = recordingFetch((_, i) =>
      i === 0
        ? apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '2' })
        : json(200, { data: {} }),
    );
    const client = new AgentPlatform({
      apiKey: 'super-secret-key',
      baseUrl: 'http://api.test',
      fetch,
      logger,
      logLevel: 'debug',
      clock: fakeClock().clock,
    });
    await client.agents.retrieve(ID);
    expect(lines).toEqual([
      `debug GET /v1/agents/${ID} 429 (attempt 1, 0 ms)`,
      `info retrying GET /v1/agents/${ID} in 2000 ms`,
      `debug GET /v1/agents/${ID} 200 (attempt 2, 0 ms)`,
    ]);
    expect(lines.join('\n')).not.toContain('super-secret-key');
  });

  it.each([
    ['an empty object', {}, 'now'],
    ['no sleep', { now: (): number => 0 }, 'sleep'],
    ['a sleep that is no function', { now: (): number => 0, sleep: 5 }, 'sleep'],
    ['a number', 5, 'now'],
  ])('refuses at construction a clock with %s, naming the method', (_, clock, name) => {
    // Plain JavaScript: it was accepted, and every call then failed with a raw TypeError
    // (`timeSource.now is not a function`).
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const options = { apiKey: 'k', baseUrl: 'http://api.test', fetch };
    expect(() => new AgentPlatform({ ...options, clock: clock as unknown as Clock })).toThrow(
      new AgentPlatformError(`clock.${name}: must be a function`),
    );
    expect(calls).toHaveLength(0);
  });

  it('refuses at construction a logger that lacks a method its level calls', async () => {
    // It was a TypeError (`logger[name] is not a function`) from every call once its response had
    // come: a POST done on the server, then thrown, is sent again by a caller who retries.
    const { fetch, calls } = recordingFetch(() => json(201, { data: {} }));
    const log = () => {};
    const logger = { info: log, warn: log, error: log } as unknown as Logger;
    const options = { apiKey: 'k', baseUrl: 'http://api.test', fetch, logger };
    expect(() => new AgentPlatform({ ...options, logLevel: 'debug' })).toThrow(
      new AgentPlatformError('logger.debug: must be a function'),
    );
    vi.stubEnv('AGENT_PLATFORM_LOG', 'debug');
    expect(() => new AgentPlatform(options)).toThrow(
      new AgentPlatformError('logger.debug: must be a function'),
    );
    vi.unstubAllEnvs();
    expect(calls).toHaveLength(0);
    // Levels it does not reach need no method.
    await new AgentPlatform({ ...options, logLevel: 'info' }).agents.create({ name: 'a' });
    expect(
      () => new AgentPlatform({ ...options, logger: {} as Logger, logLevel: 'off' }),
    ).not.toThrow();
  });

  it("logs each attempt's duration by the client's clock", async () => {
    const { logger, lines } = recordingLogger();
    const time = fakeClock();
    const { fetch } = recordingFetch(() => {
      time.advance(120);
      return json(200, { data: {} });
    });
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      logger,
      logLevel: 'debug',
      clock: time.clock,
    });
    await client.me();
    expect(lines).toEqual(['debug GET /v1/me 200 (attempt 1, 120 ms)']);
  });

  it('warns of a wait refused for exceeding maxRetryAfter (the README says so)', async () => {
    const { logger, lines } = recordingLogger();
    const { fetch } = recordingFetch(() =>
      apiError(429, 'RATE_LIMIT_EXCEEDED', { 'Retry-After': '61' }),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      logger,
      logLevel: 'warn',
    });
    await expect(client.me()).rejects.toBeInstanceOf(RateLimitError);
    expect(lines).toEqual(['warn GET /v1/me 429; not retried: wait of 61 s > maxRetryAfter']);
  });

  it('keeps debug lines out at info level', async () => {
    const { logger, lines } = recordingLogger();
    const { fetch } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      logger,
      logLevel: 'info',
    });
    await client.me();
    expect(lines).toEqual([]);
  });
});

describe('option checks', () => {
  it.each([
    ['maxRetries', -1],
    ['maxRetries', Number.NaN],
    ['timeout', -5],
    ['maxRetryAfter', Number.NaN],
  ])('rejects %s = %d at construction', (name, value) => {
    expect(
      () => new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', [name]: value }),
    ).toThrow(new RegExp(`${name}: must be a (whole )?number >= 0`));
  });

  it('refuses a maxRetries that is no whole number, at construction and per call', async () => {
    // 1.5 made 3 attempts: the retry loop counts up to it.
    const options = { apiKey: 'k', baseUrl: 'http://api.test' };
    expect(() => new AgentPlatform({ ...options, maxRetries: 1.5 })).toThrow(
      new AgentPlatformError('maxRetries: must be a whole number >= 0, not 1.5'),
    );
    await expect(new AgentPlatform(options).me({ maxRetries: 0.5 })).rejects.toThrow(
      'maxRetries: must be a whole number >= 0, not 0.5',
    );
  });

  it('quotes a string where a number belongs: `not 3` would hide that it is none', async () => {
    const options = { apiKey: 'k', baseUrl: 'http://api.test' };
    expect(() => new AgentPlatform({ ...options, maxRetries: '3' as unknown as number })).toThrow(
      new AgentPlatformError('maxRetries: must be a whole number >= 0, not "3"'),
    );
    const client = new AgentPlatform(options);
    await expect(client.me({ timeout: '5000' as unknown as number })).rejects.toThrow(
      'timeout: must be a number >= 0, not "5000"',
    );
  });

  it('refuses a per-call signal that is no AbortSignal, naming it, sending nothing and leaving no timer', async () => {
    // A plain object, or a signal of a library that is no EventTarget: the attempt could not listen
    // on it. It was a connection error retried, then "Request was aborted", and a timer left behind
    // whose removeEventListener call threw out of the process.
    vi.useFakeTimers();
    const fetch = vi.fn(async () => Response.json({}));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    const signal = { aborted: false } as unknown as AbortSignal;
    await expect(client.agents.retrieve(ID, { signal })).rejects.toThrow(
      new AgentPlatformError('signal: must be an AbortSignal'),
    );
    expect(fetch).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
    vi.useRealTimers();
  });

  it.each([
    'api.example.com',
    '127.0.0.1:4010',
    'localhost:4010',
    'ftp://api.example.com',
    'https://api.example.com/v1',
    'https://api.example.com/v1/',
    'https://api.example.com/V1', // requests would go to /V1/v1/...
    // Every path would land after the query or fragment: http://127.0.0.1:4010/?tenant=1/v1/agents
    'http://127.0.0.1:4010?tenant=1',
    'https://api.example.com/#top',
    // The path serializer would fill them: every call refused (tenant) or the id written twice.
    'http://api.test/{tenant}',
    'http://api.test/gw/{id}',
    // A scheme that only ends in http(s): fetch refuses it on every call.
    'git+https://api.example.com',
  ])('rejects baseUrl %s at construction, saying why', (baseUrl) => {
    expect(() => new AgentPlatform({ apiKey: 'k', baseUrl })).toThrow(
      `baseUrl: must be an http(s) URL without /v1, query, #, {} or credentials, e.g. https://api.example.com, not "${baseUrl}"`,
    );
  });

  it.each([
    'https://gw.example.com/v1-proxy',
    'https://gw.example.com/v1beta/',
    'https://gw.example.com/V1/agent-platform',
  ])('keeps a path prefix that only starts with /v1 (%s)', async (baseUrl) => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    await new AgentPlatform({ apiKey: 'k', baseUrl, fetch }).me();
    expect(calls[0]?.url.href).toBe(`${baseUrl.replace(/\/$/, '')}/v1/me`);
  });

  it.each([
    ['https://user:s3cret@api.example.com', '@api.example.com'],
    ['https://s3cret@api.example.com/prefix', '@api.example.com/prefix'],
  ])('rejects baseUrl with credentials at construction, without quoting them', (baseUrl, shown) => {
    let message = '';
    try {
      new AgentPlatform({ apiKey: 'k', baseUrl });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      `baseUrl: must be an http(s) URL without /v1, query, #, {} or credentials, e.g. https://api.example.com, not "${shown}"`,
    );
    expect(message).not.toContain('s3cret');
  });

  it.each([
    // Unencoded, a `/` ends the authority: the URL parser refuses it, and the message quoted what
    // followed the `/` as hidden, but not the user and the first part of the password.
    ['https://user:s3/cret@api.example.com', '@api.example.com'],
    ['user:s3/cret@api.example.com', '@api.example.com'],
  ])('does not quote a password holding a slash (%s)', (baseUrl, shown) => {
    expect(() => new AgentPlatform({ apiKey: 'k', baseUrl })).toThrow(
      new AgentPlatformError(
        `baseUrl: must be an http(s) URL without /v1, query, #, {} or credentials, e.g. https://api.example.com, not "${shown}"`,
      ),
    );
  });

  it.each([
    // Plain JS: a URL object or a port number. It threw `baseUrl.replace is not a function`.
    [new URL('https://api.example.com/v1'), 'https://api.example.com/v1'],
    [4010, '4010'],
  ])('refuses a baseUrl that is no string, naming it (%s)', (baseUrl, shown) => {
    expect(() => new AgentPlatform({ apiKey: 'k', baseUrl: baseUrl as unknown as string })).toThrow(
      new AgentPlatformError(
        `baseUrl: must be an http(s) URL without /v1, query, #, {} or credentials, e.g. https://api.example.com, not "${shown}"`,
      ),
    );
  });

  it.each([
    ['a line break inside', 'sk-live\nsk-live'],
    ['a carriage return inside', 'sk-live\rx'],
    ['NUL', 'sk-live\0'],
    ['an invisible U+200B', 'sk-live\u200b'],
    ['an emoji', 'sk-live🔑'],
  ])('refuses an apiKey holding %s at construction, without quoting it', (_, apiKey) => {
    let error: unknown;
    try {
      new AgentPlatform({ apiKey, baseUrl: 'http://api.test' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AgentPlatformError);
    expect((error as Error).message).toBe('apiKey: must be a valid header value');
    expect(`${(error as Error).stack} ${(error as Error).cause}`).not.toContain('sk-live');
  });

  it('names AGENT_PLATFORM_API_KEY, not apiKey, for a key from the environment', () => {
    vi.stubEnv('AGENT_PLATFORM_API_KEY', 'sk-live\nsk-live');
    let error: unknown;
    try {
      new AgentPlatform({ baseUrl: 'http://api.test' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(AgentPlatformError);
    expect((error as Error).message).toBe('AGENT_PLATFORM_API_KEY: must be a valid header value');
    expect(`${(error as Error).stack} ${(error as Error).cause}`).not.toContain('sk-live');
  });

  it('takes an apiKey with a line break at an end (a key read from a file): fetch trims it', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    await new AgentPlatform({ apiKey: 'sk-live\n', baseUrl: 'http://api.test', fetch }).me();
    expect(calls[0]?.headers.get('x-api-key')).toBe('sk-live');
  });

  it('refuses a defaultHeaders value fetch would refuse, naming the header, not the value', () => {
    const options = { apiKey: 'k', baseUrl: 'http://api.test' };
    const defaultHeaders = { 'x-team': 'blue', authorization: 'Bearer gw-secret\r\nx-evil: 1' };
    expect(() => new AgentPlatform({ ...options, defaultHeaders })).toThrow(
      new AgentPlatformError('authorization: must be a valid header value'),
    );
    expect(
      () => new AgentPlatform({ ...options, defaultHeaders: { 'x-team': 'café, bleu' } }),
    ).not.toThrow();
  });

  it.each(['bad header', 'x-team:', 'x-équipe', ''])(
    'refuses the defaultHeaders name %j at construction, naming it, not its value',
    (name) => {
      const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
      const options = { apiKey: 'k', baseUrl: 'http://api.test', fetch };
      let error: unknown;
      try {
        new AgentPlatform({
          ...options,
          defaultHeaders: { 'x-team': 'blue', [name]: 'gw-secret' },
        });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(AgentPlatformError);
      expect((error as Error).message).toBe(`${name}: must be a valid header name`);
      expect(`${(error as Error).stack} ${(error as Error).cause}`).not.toContain('gw-secret');
      expect(calls).toEqual([]);
    },
  );

  it.each([
    ['name', { 'bad header': 'gw-secret' }, 'bad header'],
    ['value', { authorization: 'Bearer gw-secret\r\nx-evil: 1' }, 'authorization'],
  ])(
    'refuses a per-call header whose %s fetch would refuse, naming it, not its value, sending nothing',
    async (part, headers, name) => {
      const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
      const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
      const error = await client.me({ headers }).then(
        () => undefined,
        (caught: unknown) => caught,
      );
      expect(error).toBeInstanceOf(AgentPlatformError);
      expect((error as Error).message).toBe(`${name}: must be a valid header ${part}`);
      expect(`${(error as Error).stack} ${(error as Error).cause}`).not.toContain('gw-secret');
      expect(calls).toEqual([]);
    },
  );

  it.each([
    ['name', { 'bad header': 'gw-secret' }, 'bad header'],
    ['value', { authorization: 'Bearer gw-secret\r\nx-evil: 1' }, 'authorization'],
  ])(
    'refuses a raw call header whose %s fetch would refuse, naming it, not its value, sending nothing',
    async (part, headers, name) => {
      const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
      const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
      const refused = new AgentPlatformError(`${name}: must be a valid header ${part}`);
      for (const call of [
        () => client.raw.GET('/v1/me', { headers }),
        () => client.raw.POST('/v1/agents', { body: { name: 'x' }, headers }),
        () => client.raw.request('get', '/v1/me', { headers }),
      ]) {
        const error = await call().then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error).toEqual(refused);
        expect(error).toBeInstanceOf(AgentPlatformError);
        expect(`${(error as Error).stack} ${(error as Error).cause}`).not.toContain('gw-secret');
      }
      expect(calls).toEqual([]);
      // Still a promise's rejection, as openapi-fetch's own failures are.
      const pending = client.raw.GET('/v1/me', { headers });
      expect(pending).toBeInstanceOf(Promise);
      await expect(pending).rejects.toEqual(refused);
    },
  );

  it('takes a Headers object (fetch takes one) as per-call headers and as default headers', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const defaultHeaders = new Headers({ 'x-team': 'blue' }) as unknown as Record<string, string>;
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch,
      defaultHeaders,
    });
    await client.me({ headers: new Headers({ 'x-a': '2' }) as unknown as Record<string, string> });
    expect(calls[0]?.headers.get('x-a')).toBe('2');
    expect(calls[0]?.headers.get('x-team')).toBe('blue');
    expect(calls[0]?.headers.get('x-api-key')).toBe('k');
  });

  it('keeps a gateway path prefix in baseUrl', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    await new AgentPlatform({ apiKey: 'k', baseUrl: 'https://gw.test/agent-platform', fetch }).me();
    expect(calls[0]?.url.href).toBe('https://gw.test/agent-platform/v1/me');
  });

  it.each([
    ['http://api.test ', 'http://api.test/v1/me'],
    [' http://api.test/ ', 'http://api.test/v1/me'],
    ['https://gw.test/agent-platform/ ', 'https://gw.test/agent-platform/v1/me'],
  ])(
    'sends to baseUrl %j as the URL parser reads it (a space at either end dropped)',
    async (baseUrl, sent) => {
      // The constructor's check parsed it without the space; every call appended its path to it with
      // the space: a TypeError from fetch (`http://api.test /v1/me`), or a request to /%20/v1/me.
      const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
      await new AgentPlatform({ apiKey: 'k', baseUrl, fetch }).me();
      expect(calls[0]?.url.href).toBe(sent);
    },
  );

  it('rejects an unknown log level, from the option or the environment', () => {
    expect(
      () =>
        new AgentPlatform({
          apiKey: 'k',
          baseUrl: 'http://api.test',
          logLevel: 'verbose' as never,
        }),
    ).toThrow('logLevel: must be one of off, error, warn, info, debug, not "verbose"');
    vi.stubEnv('AGENT_PLATFORM_LOG', 'loud');
    expect(() => new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test' })).toThrow(
      /AGENT_PLATFORM_LOG: must be one of/,
    );
    // Names every object has are no levels either.
    for (const level of ['toString', '__proto__', 'constructor', 'valueOf', 'hasOwnProperty']) {
      const options = { apiKey: 'k', baseUrl: 'http://api.test', logLevel: level as never };
      expect(() => new AgentPlatform(options)).toThrow(`logLevel: must be one of`);
      vi.stubEnv('AGENT_PLATFORM_LOG', level.toUpperCase());
      expect(() => new AgentPlatform({ ...options, logLevel: undefined })).toThrow(
        /AGENT_PLATFORM_LOG: must be one of/,
      );
    }
    for (const logLevel of [['off'], 0, null, { toString: () => 'off' }]) {
      const options = { apiKey: 'k', baseUrl: 'http://api.test', logLevel: logLevel as never };
      expect(() => new AgentPlatform(options)).toThrow(`logLevel: must be one of`);
    }
  });

  it('reads AGENT_PLATFORM_LOG in any case', async () => {
    vi.stubEnv('AGENT_PLATFORM_LOG', 'DEBUG');
    const lines: string[] = [];
    const log = (m: string) => lines.push(m);
    const logger = { debug: log, info: log, warn: log, error: log };
    const { fetch } = recordingFetch(() => json(200, { data: {} }));
    await new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch, logger }).me();
    expect(lines).toEqual([expect.stringMatching(/^GET \/v1\/me 200/)]);
  });

  it('rejects a bad per-request maxRetries without sending', async () => {
    const { fetch, calls } = recordingFetch(() => json(200, { data: {} }));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    await expect(client.me({ maxRetries: -1 })).rejects.toThrow(/maxRetries/);
    expect(calls).toHaveLength(0);
  });
});
