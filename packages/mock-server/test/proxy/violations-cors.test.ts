import { afterEach, describe, expect, it } from 'vitest';
import { createValidationProxy, type ValidationProxy } from '../../src/proxy.js';
import type { RunningServer } from '../../src/transports/node-server.js';

// The proxy's own route, /__mock/violations, answers CORS as the mock's control API does: to a page
// served from this machine, or to any page when an admin token guards it; and over HTTP it refuses a
// change asked by another origin's page without one (tests of the mock: test/behaviour/control-api,
// test/hardening/node-server-edges).

const LOCAL = 'http://localhost:5173';
const EVIL = 'https://evil.example';
const TOKEN = 'admin-1';

const running: RunningServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

/** A proxy with one violation in its log (a route the spec lacks, refused under `errors`), never reaching an upstream. */
async function proxyWithViolation(adminToken?: string): Promise<ValidationProxy> {
  const proxy = createValidationProxy({
    upstream: 'http://127.0.0.1:9',
    errors: true,
    adminToken,
    fetch: () => Promise.reject(new Error('the upstream is not to be asked')),
  });
  await proxy.fetch('/v1/agentz');
  expect(proxy.violationCount()).toBe(1);
  return proxy;
}

type Send = (path: string, init?: RequestInit) => Promise<Response>;

/** Sends to the proxy served over HTTP on loopback. */
async function overHttp(proxy: ValidationProxy): Promise<Send> {
  const server = await proxy.listen({ port: 0 });
  running.push(server);
  return (path, init) => fetch(`${server.url}${path}`, init);
}

const targets: { name: string; connect: (proxy: ValidationProxy) => Promise<Send> }[] = [
  { name: 'proxy.fetch', connect: async (proxy) => (path, init) => proxy.fetch(path, init) },
  { name: 'listen', connect: overHttp },
];

const preflight = (send: Send, origin: string) =>
  send('/__mock/violations', {
    method: 'OPTIONS',
    headers: {
      origin,
      'access-control-request-method': 'DELETE',
      'access-control-request-headers': 'x-mock-admin-token',
    },
  });

describe.each(targets)('CORS of /__mock/violations through $name', ({ connect }) => {
  it("lists OPTIONS in a 405's Allow, as the mock's routes do: it is answered", async () => {
    const send = await connect(await proxyWithViolation());
    const refused = await send('/__mock/violations', { method: 'POST' });
    expect(refused.status).toBe(405);
    expect(refused.headers.get('allow')).toBe('GET, HEAD, DELETE, OPTIONS');
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'POST is not allowed on /__mock/violations; use GET, HEAD, DELETE, OPTIONS',
    );
  });

  it('refuses a query it does not take, naming it, rather than answering all (or clearing all)', async () => {
    const proxy = await proxyWithViolation();
    const send = await connect(proxy);
    for (const method of ['GET', 'DELETE']) {
      const refused = await send('/__mock/violations?limit=1', { method });
      expect(refused.status, method).toBe(400);
      const message = 'limit: is not a known query parameter (/__mock/violations takes none)';
      expect(((await refused.json()) as { error: unknown }).error).toEqual({
        code: 'VALIDATION_ERROR',
        message,
        status: 400,
        details: [{ field: 'limit', rule: 'unknown', message }],
      });
    }
    expect(proxy.violations()).toHaveLength(1);
  });

  it('lets a page served from this machine read and clear it without an admin token', async () => {
    const proxy = await proxyWithViolation();
    const send = await connect(proxy);
    const read = await send('/__mock/violations', { headers: { origin: LOCAL } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(LOCAL);
    expect(read.headers.get('vary')).toBe('Origin');
    expect((await read.json()).total).toBe(1);
    const allowed = await preflight(send, LOCAL);
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(LOCAL);
    expect(allowed.headers.get('access-control-allow-methods')).toMatch(/DELETE/);
    expect(proxy.violationCount()).toBe(1);
    const cleared = await send('/__mock/violations', {
      method: 'DELETE',
      headers: { origin: LOCAL },
    });
    expect(cleared.status).toBe(204);
    expect(cleared.headers.get('access-control-allow-origin')).toBe(LOCAL);
    expect(proxy.violationCount()).toBe(0);
  });

  it('lets no page on the web read it, nor preflight a change, without an admin token', async () => {
    const proxy = await proxyWithViolation();
    const send = await connect(proxy);
    for (const origin of [EVIL, 'http://localhost.evil.example', 'null']) {
      const read = await send('/__mock/violations', { headers: { origin } });
      // Answered (a test runner in Node sends no Origin check), but a browser keeps it from the page.
      expect(read.status, origin).toBe(200);
      expect(read.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(read.headers.get('vary'), origin).toBe('Origin');
      const refused = await preflight(send, origin);
      expect(refused.status, origin).toBe(204);
      expect(refused.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(refused.headers.get('access-control-allow-methods'), origin).toBeNull();
    }
    expect(proxy.violationCount()).toBe(1);
  });

  it('answers a preflight for a DELETE with the admin token from any origin, and CORS on its answers', async () => {
    const proxy = await proxyWithViolation(TOKEN);
    const send = await connect(proxy);
    for (const origin of [LOCAL, EVIL]) {
      // A preflight carries no token: answered all the same, so that the DELETE with one can follow.
      const allowed = await preflight(send, origin);
      expect(allowed.status, origin).toBe(204);
      expect(allowed.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(allowed.headers.get('access-control-allow-methods'), origin).toMatch(/DELETE/);
      expect(allowed.headers.get('access-control-allow-headers'), origin).toBe(
        'x-mock-admin-token',
      );
    }
    // Without the token: refused, in an answer the page can read; nothing cleared.
    const denied = await send('/__mock/violations', {
      method: 'DELETE',
      headers: { origin: EVIL },
    });
    expect(denied.status).toBe(401);
    expect(denied.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(proxy.violationCount()).toBe(1);
    const read = await send('/__mock/violations', {
      headers: { origin: EVIL, 'x-mock-admin-token': TOKEN },
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(read.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/);
    const cleared = await send('/__mock/violations', {
      method: 'DELETE',
      headers: { origin: EVIL, 'x-mock-admin-token': TOKEN },
    });
    expect(cleared.status).toBe(204);
    expect(cleared.headers.get('access-control-allow-origin')).toBe(EVIL);
    expect(proxy.violationCount()).toBe(0);
  });
});

describe('/__mock/violations over HTTP, refused before the route', () => {
  it('refuses its DELETE without an admin token (a simple request, no preflight), clearing nothing', async () => {
    const proxy = await proxyWithViolation();
    const send = await overHttp(proxy);
    for (const origin of [EVIL, 'null', 'http://localhost.evil.example']) {
      const res = await send('/__mock/violations', { method: 'DELETE', headers: { origin } });
      expect(res.status, origin).toBe(403);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      const { error } = await res.json();
      expect(error.code).toBe('FORBIDDEN');
      expect(error.message).toMatch(/^Origin: the control API without an admin token acts only/);
    }
    expect(proxy.violationCount()).toBe(1);
  });

  it('answers a refusal with the CORS of the route: a page served from this machine reads why', async () => {
    const proxy = await proxyWithViolation();
    const server = await proxy.listen({ port: 0 });
    running.push(server);
    const { request } = await import('node:http');
    // A page on localhost that named the proxy by another name (its LAN address, say): refused by Host.
    const answer = await new Promise<Record<string, string | string[] | undefined>>(
      (resolve, reject) => {
        const headers = { host: 'proxy.lan:4011', origin: LOCAL };
        const req = request(`${server.url}/__mock/violations`, { headers }, (res) => {
          res.resume();
          resolve({ status: String(res.statusCode), ...res.headers });
        });
        req.on('error', reject);
        req.end();
      },
    );
    expect(answer.status).toBe('403');
    expect(answer['access-control-allow-origin']).toBe(LOCAL);
    expect(answer.vary).toBe('Origin');
    const web = await fetch(`${server.url}/__mock/violations`, {
      method: 'DELETE',
      headers: { origin: EVIL },
    });
    expect(web.status).toBe(403);
    expect(web.headers.get('vary')).toBe('Origin');
    expect(proxy.violationCount()).toBe(1);
  });
});
