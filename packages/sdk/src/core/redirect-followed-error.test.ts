import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../../test/support/recording-fetch.js';
import { AgentPlatform } from '../client.js';
import { APIError } from './errors.js';

// README (Errors): "A `fetch` option that follows redirects itself (one that rebuilds the request from
// its URL and drops its `redirect: 'manual'`) has sent the key by then: its redirected answer fails all
// the same, `Redirect to <final URL> followed: check baseUrl`". Also when the redirect's target answers an
// error status: sendAttempt rebuilt that response from its text (new Response(text, {status, headers})),
// which dropped `redirected`, so refuseRedirect missed it.
let keysStolen: (string | undefined)[] = [];
let status = 404;
const elsewhere = createServer((request, response) => {
  keysStolen.push(request.headers['x-api-key'] as string | undefined);
  response
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ error: { code: 'X', message: 'login page says no', status } }));
});
const api = createServer((_request, response) => {
  response.writeHead(307, { location: `${origin(elsewhere)}/login` }).end();
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
});

const follows = () =>
  new AgentPlatform({
    apiKey: 'secret',
    baseUrl: origin(api),
    clock: fakeClock().clock,
    // Rebuilds the request from its URL: redirect 'manual' is dropped, fetch follows the 307.
    fetch: (request) =>
      globalThis.fetch(request.url, { method: request.method, headers: request.headers }),
  });

describe("a redirect followed by a fetch of one's own, to an error status", () => {
  it("fails a resource method with the redirect error, as client.raw does, not as the target's 404", async () => {
    status = 404;
    const client = follows();
    // client.raw sees it (no hold: the original Response, `redirected` true, reaches refuseRedirect).
    const rawError = await client.raw.GET('/v1/me').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect((rawError as APIError).message).toBe(
      `Redirect to ${origin(elsewhere)}/login followed: check baseUrl`,
    );
    // A resource method too, not a NotFoundError quoting the other origin's body.
    const error = await client.agents.retrieve('a1').then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIError);
    expect((error as APIError).message).toBe(
      `Redirect to ${origin(elsewhere)}/login followed: check baseUrl`,
    );
  });

  it('does not retry a GET whose followed redirect answered 503 (each retry sends the key elsewhere again)', async () => {
    status = 503;
    const error = await follows()
      .agents.retrieve('a1')
      .then(
        () => undefined,
        (e: unknown) => e,
      );
    // A redirect is "neither followed nor retried" (README, Retry policy): the key went elsewhere
    // once, which cannot be undone, but retrying the 503 sends it there twice more.
    expect(keysStolen).toEqual(['secret']);
    expect((error as APIError).message).toMatch(/^Redirect to .* followed: check baseUrl$/);
  });
});
