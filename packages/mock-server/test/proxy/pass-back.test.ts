import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createValidationProxy } from '../../src/proxy.js';
import { AGENT, ANSWER_HEADERS, page } from '../support/proxy-answers.js';

// What the proxy passes back of a conforming upstream's answers: the bytes, the framing of its own,
// the headers a client reads (each Set-Cookie apart), and no body where the status has none.

const BODY = JSON.stringify(page([AGENT, { ...AGENT, name: 'Ventas, «día» ✓' }]));
const COOKIES = ['a=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT', 'b=2; Path=/'];

let server: Server;
let upstream: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    if (req.method === 'DELETE') {
      res.writeHead(204, ANSWER_HEADERS);
      return void res.end();
    }
    res.writeHead(200, {
      ...ANSWER_HEADERS,
      'content-type': 'application/json',
      'set-cookie': COOKIES,
    });
    res.end(BODY);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  upstream = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** One request over node:http: the status, the headers and the body's bytes. */
function call(url: string, method: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = request(url, { method, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('the validation proxy passes back', () => {
  it('over HTTP: the body byte for byte with its length, each Set-Cookie apart, a 204 without body', async () => {
    const proxy = createValidationProxy({ upstream });
    const running = await proxy.listen({ port: 0 });
    try {
      const got = await call(`${running.url}/v1/agents`, 'GET');
      expect(got.status).toBe(200);
      expect(got.body.equals(Buffer.from(BODY))).toBe(true);
      expect(got.headers['content-length']).toBe(String(Buffer.byteLength(BODY)));
      expect(got.headers['set-cookie']).toEqual(COOKIES);
      expect(got.headers['x-request-id']).toBe(ANSWER_HEADERS['x-request-id']);
      const deleted = await call(`${running.url}/v1/agents/${AGENT.id}`, 'DELETE');
      expect(deleted.status).toBe(204);
      expect(deleted.body.byteLength).toBe(0);
      expect(deleted.headers['content-length']).toBeUndefined();
      expect(proxy.violations()).toEqual([]);
    } finally {
      await running.close();
    }
  });

  it('from proxy.fetch: a Response, with each Set-Cookie apart and a 204 without body', async () => {
    const proxy = createValidationProxy({ upstream });
    const res = await proxy.fetch('/v1/agents');
    expect(res).toBeInstanceOf(Response);
    expect(await res.text()).toBe(BODY);
    expect(res.headers.getSetCookie()).toEqual(COOKIES);
    const deleted = await proxy.fetch(`/v1/agents/${AGENT.id}`, { method: 'DELETE' });
    expect(deleted).toBeInstanceOf(Response);
    expect([deleted.status, deleted.body]).toEqual([204, null]);
  });

  it('what a custom fetch answers, having handed it a Request', async () => {
    const seen: unknown[] = [];
    const proxy = createValidationProxy({
      upstream,
      fetch: (input) => {
        seen.push(input);
        return fetch(input);
      },
    });
    expect(await (await proxy.fetch('/v1/agents?limit=2')).text()).toBe(BODY);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toBeInstanceOf(Request);
    expect((seen[0] as Request).url).toBe(`${upstream}/v1/agents?limit=2`);
  });

  it('what the global fetch of the moment answers: one stubbed after the proxy was made is the one asked', async () => {
    const proxy = createValidationProxy({ upstream });
    const stub = vi.fn(
      async () =>
        new Response(BODY, { headers: { ...ANSWER_HEADERS, 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', stub);
    try {
      const res = await proxy.fetch('/v1/agents');
      expect(await res.text()).toBe(BODY);
      expect(stub).toHaveBeenCalledTimes(1);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});
