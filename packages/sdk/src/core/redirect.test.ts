import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock, recordingFetch } from '../../test/support/recording-fetch.js';
import { AgentPlatform, type ClientOptions } from '../client.js';
import { APIConnectionError, APIError } from './errors.js';

// Two real servers on loopback: an "API" that redirects every request, and the origin it points at,
// which must never see a request (it would get the x-api-key). Only the runtime's own fetch shows
// whether a redirect is followed.
let keysStolen: (string | undefined)[] = [];
let apiHits = 0;
/** What the other origin answers: a 2xx, or an error status with a message of its own. */
let elsewhereStatus = 200;
const elsewhere = createServer((request, response) => {
  keysStolen.push(request.headers['x-api-key'] as string | undefined);
  const status = elsewhereStatus;
  const body =
    status < 400 ? { data: {} } : { error: { code: 'X', message: 'login page', status } };
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
});
const api = createServer((_request, response) => {
  apiHits++;
  response.writeHead(307, { location: `${origin(elsewhere)}/steal` }).end('Moved');
});
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

beforeAll(async () => {
  for (const server of [api, elsewhere]) {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  }
});

afterAll(async () => {
  for (const server of [api, elsewhere]) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

beforeEach(() => {
  keysStolen = [];
  apiHits = 0;
  elsewhereStatus = 200;
});

const client = (options: ClientOptions = {}) =>
  new AgentPlatform({
    apiKey: 'secret',
    baseUrl: origin(api),
    clock: fakeClock().clock,
    ...options,
  });

/** The call's error, checked to be the redirect's. */
async function expectRedirectError(call: PromiseLike<unknown>, status = 307): Promise<APIError> {
  const error = await Promise.resolve(call).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(APIError);
  expect((error as APIError).status).toBe(status);
  expect((error as APIError).message).toMatch(/^Redirect.* followed: check baseUrl$/);
  return error as APIError;
}

describe('a redirect is never followed', () => {
  it('ends a GET in an APIError naming the Location, without a retry', async () => {
    const error = await expectRedirectError(client().agents.retrieve('a1'));
    expect(error.message).toBe(
      `Redirect to ${origin(elsewhere)}/steal not followed: check baseUrl`,
    );
    expect(apiHits).toBe(1);
    expect(keysStolen).toEqual([]);
  });

  it('ends a raw call in the same error instead of an answer', async () => {
    await expectRedirectError(client().raw.GET('/v1/me'));
    expect(keysStolen).toEqual([]);
  });

  it('holds for a fetch that drops init, and a middleware that asks to follow', async () => {
    const dropsInit = client({ fetch: (request) => globalThis.fetch(request) });
    await expectRedirectError(dropsInit.agents.delete('a1'));
    const follows = client();
    follows.raw.use({ onRequest: ({ request }) => new Request(request, { redirect: 'follow' }) });
    await expectRedirectError(follows.me());
    await expectRedirectError(follows.raw.GET('/v1/me', { redirect: 'follow' }));
    expect(apiHits).toBe(3);
    expect(keysStolen).toEqual([]);
  });

  it('fails a call whose own fetch followed the redirect: the key has left, but the caller learns where', async () => {
    // A fetch that rebuilds the request from its URL, method and headers drops redirect: 'manual'.
    const follows = client({
      fetch: (request) =>
        globalThis.fetch(request.url, { method: request.method, headers: request.headers }),
    });
    const error = await expectRedirectError(follows.agents.retrieve('a1'), 200);
    expect(error.message).toBe(`Redirect to ${origin(elsewhere)}/steal followed: check baseUrl`);
    await expectRedirectError(follows.raw.GET('/v1/me'), 200);
    expect(apiHits).toBe(2);
    expect(keysStolen).toEqual(['secret', 'secret']);
  });

  it('fails it whatever the other end answers: not as its 404, and without retrying its 503', async () => {
    // sendAttempt rebuilt an error status's response from its text, which dropped `redirected`.
    const follows = client({
      fetch: (request) =>
        globalThis.fetch(request.url, { method: request.method, headers: request.headers }),
    });
    elsewhereStatus = 404;
    const notFound = await expectRedirectError(follows.agents.retrieve('a1'), 404);
    expect(notFound.message).toBe(`Redirect to ${origin(elsewhere)}/steal followed: check baseUrl`);
    await expectRedirectError(follows.raw.GET('/v1/me'), 404);
    elsewhereStatus = 503;
    // A GET: each retry of the 503 would have sent the key there again.
    await expectRedirectError(follows.agents.retrieve('a1'), 503);
    expect(keysStolen).toEqual(['secret', 'secret', 'secret']);
  });

  it("ends a browser's opaque redirect (status 0, no Location) in the same error", async () => {
    // What a browser's fetch answers with redirect: 'manual'; `new Response` cannot build one.
    const opaque = () =>
      Object.defineProperties(new Response(null), {
        type: { value: 'opaqueredirect' },
        status: { value: 0 },
        ok: { value: false },
      });
    const modes: string[] = [];
    const { fetch, calls } = recordingFetch(opaque);
    const browser = client({
      fetch: (request, init) => {
        modes.push(`${request.redirect} ${init?.redirect}`);
        return fetch(request, init);
      },
    });
    const error = await expectRedirectError(browser.agents.retrieve('a1'), 0);
    expect(error.message).toBe('Redirect not followed: check baseUrl');
    await expectRedirectError(browser.raw.GET('/v1/me'), 0);
    expect(calls).toHaveLength(2);
    expect(modes).toEqual(['manual manual', 'manual manual']);
  });

  it("ends WebKit's opaque redirect, whose body is an empty stream rather than null, in the same error", async () => {
    // WebKitGTK 2.50 (Safari's engine) answers redirect: 'manual' so; status 0 cannot be set again.
    const opaque = () =>
      Object.defineProperties(new Response(''), {
        type: { value: 'opaqueredirect' },
        status: { value: 0 },
        ok: { value: false },
      });
    const webkit = client({ fetch: recordingFetch(opaque).fetch });
    const error = await expectRedirectError(webkit.agents.retrieve('a1'), 0);
    expect(error.message).toBe('Redirect not followed: check baseUrl');
    await expectRedirectError(webkit.raw.GET('/v1/me'), 0);
  });
});

describe('what is no redirect', () => {
  const answering = (respond: () => Response) => {
    const { fetch, calls } = recordingFetch(respond);
    return { calls, client: client({ fetch, baseUrl: 'http://api.test' }) };
  };

  it.each([301, 302, 303, 307, 308])('%d, what fetch would follow, is one', async (status) => {
    const { client: c } = answering(
      () => new Response(null, { status, headers: { location: 'https://elsewhere.test/x' } }),
    );
    const error = await expectRedirectError(c.agents.retrieve('a1'), status);
    expect(error.message).toBe('Redirect to https://elsewhere.test/x not followed: check baseUrl');
  });

  it('returns a 304 to a raw caller, as any other status, and fails a method with HTTP 304', async () => {
    const { client: c, calls } = answering(
      () => new Response(null, { status: 304, headers: { etag: '"v1"' } }),
    );
    const { response } = await c.raw.GET('/v1/me', { headers: { 'if-none-match': '"v1"' } });
    expect(response.status).toBe(304);
    const error = await c.agents.retrieve('a1').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ status: 304, message: 'HTTP 304' });
    expect(calls).toHaveLength(2);
  });

  it.each([300, 305, 306])('%d, which fetch does not follow, is an HTTP error', async (status) => {
    const { client: c } = answering(
      () => new Response(null, { status, headers: { location: 'https://elsewhere.test/x' } }),
    );
    await expect(c.agents.retrieve('a1')).rejects.toMatchObject({
      status,
      message: `HTTP ${status}`,
    });
  });

  it("is not Response.error() (status 0, type 'error'), from a fetch of one's own: a connection error", async () => {
    const { client: c } = answering(() => Response.error());
    const message = 'Connection error: GET http://api.test/v1/agents/a1 (Response.error())';
    await expect(c.agents.retrieve('a1', { maxRetries: 0 })).rejects.toThrow(
      new APIConnectionError(message),
    );
    await expect(c.raw.GET('/v1/me')).rejects.toBeInstanceOf(APIConnectionError);
  });
});
