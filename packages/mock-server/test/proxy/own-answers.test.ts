import { request } from 'node:http';
import { describe, expect, it, onTestFinished } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { createValidationProxy } from '../../src/proxy.js';
import { AGENT, ANSWER_HEADERS, REQUEST_ID } from '../support/proxy-answers.js';

// The answers the proxy makes itself (under errors: a refused request, a replaced answer; in either
// mode: an upstream unreachable or too slow) carry what every answer of the mock carries: an
// X-Request-Id, and the CORS headers that let a browser app read them.

const ORIGIN = 'https://app.example.test';
/** The mock's own request ids: a UUID v4 in lower case. */
const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const UPSTREAM = 'http://upstream.test';

/** The CORS headers the mock sends with an API answer (an error of its own) to a page at ORIGIN. */
async function mockCors(): Promise<Record<string, string>> {
  const mock = createMockServer();
  const res = await mock.fetch('/v1/agentz', { headers: { origin: ORIGIN } });
  mock.dispose();
  return corsOf(res.headers);
}

/** The CORS of the proxy's own answers: the mock's, its violations header exposed beside them. */
async function ownCors(): Promise<Record<string, string>> {
  const cors = await mockCors();
  const exposed = `${cors['access-control-expose-headers']}, x-contract-violations`;
  return { ...cors, 'access-control-expose-headers': exposed };
}

function corsOf(headers: Headers): Record<string, string> {
  return Object.fromEntries([...headers].filter(([name]) => name.startsWith('access-control-')));
}

/** A request through the proxy, from a page at ORIGIN. */
const from = (path: string, init: RequestInit = {}) =>
  new Request(`http://proxy.test${path}`, {
    ...init,
    headers: { origin: ORIGIN, 'x-api-key': 'sk-test', ...init.headers },
  });

/** An upstream (a custom fetch) that answers 418, undeclared, with `headers`. */
const teapot = (headers: Record<string, string>) => async () =>
  new Response(JSON.stringify({ data: AGENT }), {
    status: 418,
    headers: { ...headers, 'content-type': 'application/json' },
  });

describe("the proxy's own answers, as every answer of the mock", () => {
  it("replace a broken answer 502 with the upstream's X-Request-Id and the mock's CORS", async () => {
    const proxy = createValidationProxy({
      upstream: UPSTREAM,
      errors: true,
      fetch: teapot(ANSWER_HEADERS),
    });
    const res = await proxy.fetch(from(`/v1/agents/${AGENT.id}`));
    expect(res.status).toBe(502);
    expect(res.headers.get('x-request-id')).toBe(REQUEST_ID);
    expect(corsOf(res.headers)).toEqual(await ownCors());
    expect(proxy.violations().map((v) => v.request_id)).toEqual([REQUEST_ID]);
  });

  it('make a fresh X-Request-Id, as the mock makes its own, where the upstream sent none', async () => {
    const { 'x-request-id': _, ...idless } = ANSWER_HEADERS;
    const proxy = createValidationProxy({
      upstream: UPSTREAM,
      errors: true,
      fetch: teapot(idless),
    });
    const first = await proxy.fetch(from(`/v1/agents/${AGENT.id}`));
    const second = await proxy.fetch(from(`/v1/agents/${AGENT.id}`));
    expect(first.status).toBe(502);
    const ids = [first, second].map((res) => res.headers.get('x-request-id'));
    expect(ids[0]).toMatch(UUID_V4);
    expect(ids[1]).toMatch(UUID_V4);
    expect(ids[0]).not.toBe(ids[1]);
    // The violations name the id the client was given, so that the two can be matched.
    const recorded = new Set(proxy.violations().map((v) => v.request_id));
    expect(recorded).toEqual(new Set(ids));
  });

  it('refuse a bad request (400), an unknown route (404) and a method the path lacks (405) with both', async () => {
    const sent: Request[] = [];
    const proxy = createValidationProxy({
      upstream: UPSTREAM,
      errors: true,
      fetch: async (req) => {
        sent.push(req);
        return new Response(null, { status: 500 });
      },
    });
    const cors = await ownCors();
    const refusals = [
      from('/v1/agents', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"name":5}',
      }),
      from('/v1/agentz'),
      from('/v1/agents', { method: 'PATCH' }),
    ];
    const statuses: number[] = [];
    for (const refused of refusals) {
      const res = await proxy.fetch(refused);
      statuses.push(res.status);
      expect(res.headers.get('x-request-id')).toMatch(UUID_V4);
      expect(corsOf(res.headers)).toEqual(cors);
    }
    expect(statuses).toEqual([400, 404, 405]);
    expect(sent).toEqual([]);
    for (const violation of proxy.violations()) expect(violation.request_id).toMatch(UUID_V4);
  });

  it('answer an unreachable upstream (502) and a slow one (504) with both, in either mode', async () => {
    const cors = await ownCors();
    const unreachable = async () => {
      throw new TypeError('fetch failed', { cause: { code: 'ECONNREFUSED' } });
    };
    const silent = (req: Request) =>
      new Promise<Response>((_, reject) => {
        req.signal.addEventListener('abort', () => reject(req.signal.reason));
      });
    for (const errors of [false, true]) {
      for (const [send, status] of [
        [unreachable, 502],
        [silent, 504],
      ] as const) {
        const proxy = createValidationProxy({
          upstream: UPSTREAM,
          errors,
          fetch: send,
          upstreamTimeoutMs: 1,
        });
        const res = await proxy.fetch(from('/v1/agents'));
        expect(res.status).toBe(status);
        expect(res.headers.get('x-request-id')).toMatch(UUID_V4);
        expect(corsOf(res.headers)).toEqual(cors);
      }
    }
  });

  it("pass an upstream's answer back as it is: no id or CORS of the proxy's added", async () => {
    const { 'x-request-id': _, ...idless } = ANSWER_HEADERS;
    const proxy = createValidationProxy({ upstream: UPSTREAM, fetch: teapot(idless) });
    const res = await proxy.fetch(from(`/v1/agents/${AGENT.id}`));
    expect(res.status).toBe(418);
    expect(res.headers.get('x-request-id')).toBeNull();
    expect(corsOf(res.headers)).toEqual({});
    // No id was given to the client: none is recorded.
    expect(proxy.violations()).not.toEqual([]);
    for (const violation of proxy.violations()) expect(violation.request_id).toBeUndefined();
  });

  it('list the violations with an X-Request-Id too, as the mock answers its control API', async () => {
    const proxy = createValidationProxy({ upstream: UPSTREAM });
    const res = await proxy.fetch(from('/__mock/violations'));
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(UUID_V4);
  });
});

/** One request over node:http to the running proxy: its status and headers. */
function call(url: string, method: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, unknown> }>((resolve, reject) => {
    const req = request(url, { method, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the proxy over HTTP', () => {
  it('forwards every header line, past 2000 of them, as the mock reads them', async () => {
    // node:http dropped every header after the 2000th: the key sent after 2100 short lines did not
    // reach the upstream.
    let forwarded: string | null = null;
    const proxy = createValidationProxy({
      upstream: UPSTREAM,
      fetch: async (request) => {
        forwarded = request.headers.get('x-api-key');
        return new Response(JSON.stringify({ data: AGENT }), { headers: ANSWER_HEADERS });
      },
    });
    const running = await proxy.listen({ port: 0 });
    onTestFinished(() => running.close());
    const headers: Record<string, string> = { 'x-api-key': 'sk_after_the_filler' };
    const filler = Object.fromEntries(Array.from({ length: 2100 }, (_, i) => [`a${i}`, '1']));
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(`${running.url}/v1/agents/${AGENT.id}`, {
        headers: { ...filler, ...headers },
      });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      req.end();
    });
    expect([status, forwarded]).toEqual([200, 'sk_after_the_filler']);
  });
});

describe("the proxy's own answers over HTTP", () => {
  it('carry an X-Request-Id and CORS where node:http refuses a request or an answer', async () => {
    const cors = await mockCors();
    const lower = (record: Record<string, string>) =>
      Object.fromEntries(Object.entries(record).map(([k, v]) => [k.toLowerCase(), v]));
    const proxy = createValidationProxy({
      upstream: UPSTREAM,
      // Headers takes \x01 in a value; node:http refuses to write it: 502, naming why.
      fetch: async () => new Response('{}', { headers: { ...ANSWER_HEADERS, 'x-odd': 'a\x01b' } }),
    });
    const running = await proxy.listen({ port: 0 });
    onTestFinished(() => running.close());
    const unwritable = await call(`${running.url}/v1/agents`, 'GET', { origin: ORIGIN });
    // A target that is neither a path nor a URL (`*`), written as node:http lets a path be.
    const star = await new Promise<{ status: number; headers: Record<string, unknown> }>(
      (resolve, reject) => {
        const req = request(
          running.url,
          { method: 'OPTIONS', path: '*', headers: { origin: ORIGIN } },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
          },
        );
        req.on('error', reject);
        req.end();
      },
    );
    // The control route by another name than this machine's: refused before the route (403).
    const byName = await call(`${running.url}/__mock/violations`, 'GET', {
      host: 'proxy.lan:4011',
      origin: 'http://localhost:5173',
    });
    expect([unwritable.status, star.status, byName.status]).toEqual([502, 400, 403]);
    for (const answer of [unwritable, star]) {
      expect(answer.headers['x-request-id']).toMatch(UUID_V4);
      const got = Object.fromEntries(
        Object.entries(answer.headers).filter(([name]) => name.startsWith('access-control-')),
      );
      expect(got).toEqual(lower(cors));
    }
    expect(byName.headers['x-request-id']).toMatch(UUID_V4);
    expect(byName.headers['access-control-allow-origin']).toBe('http://localhost:5173');
  });
});
