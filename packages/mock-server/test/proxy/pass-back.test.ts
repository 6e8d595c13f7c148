import { createServer, type IncomingHttpHeaders, request, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createValidationProxy } from '../../src/proxy.js';
import { AGENT, ANSWER_HEADERS, page } from '../support/proxy-answers.js';

// What the proxy passes back of a conforming upstream's answers: the bytes, the framing of its own,
// the headers a client reads (each Set-Cookie apart), and no body where the status has none.

const BODY = JSON.stringify(page([AGENT, { ...AGENT, name: 'Ventas, «día» ✓' }]));
const COOKIES = ['a=1; Path=/; Expires=Wed, 21 Oct 2026 07:28:00 GMT', 'b=2; Path=/'];

let server: Server;
let upstream: string;
/** The same upstream with a path prefix. */
let prefixed: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    // The test names the Location (and Content-Location) the answer carries: it is forwarded.
    // With x-answer-location-2, each is sent twice: two header lines, as a broken upstream might.
    const first = req.headers['x-answer-location'];
    const second = req.headers['x-answer-location-2'];
    if (typeof first === 'string') {
      const location = typeof second === 'string' ? [first, second] : first;
      res.setHeader('location', location);
      res.setHeader('content-location', location);
      res.writeHead(302, ANSWER_HEADERS);
      return void res.end();
    }
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
  prefixed = `${upstream}/base`;
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

/** One raw request (`text`, written as is) to 127.0.0.1:`port`; the answer's head, up to the blank line. */
function rawHead(port: number, text: string) {
  return new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let got = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      got += chunk;
    });
    socket.on('end', () => resolve(got.split('\r\n\r\n')[0] ?? ''));
    socket.on('error', reject);
    socket.write(text);
  });
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

  it("lets a page read x-contract-violations where the upstream's CORS lets it read the answer", async () => {
    // A browser app behind the proxy could not: only the headers an answer exposes are readable.
    const answer = (headers: Record<string, string>) => async () =>
      new Response(BODY, {
        headers: { ...ANSWER_HEADERS, 'content-type': 'application/json', ...headers },
      });
    const exposed = async (headers: Record<string, string>) => {
      const proxy = createValidationProxy({ upstream, fetch: answer(headers) });
      return (await proxy.fetch('/v1/agents')).headers.get('access-control-expose-headers');
    };
    expect(await exposed({ 'access-control-allow-origin': '*' })).toBe('x-contract-violations');
    expect(
      await exposed({
        'access-control-allow-origin': 'https://app.test',
        'access-control-expose-headers': 'X-Request-Id',
      }),
    ).toBe('X-Request-Id, x-contract-violations');
    expect(
      await exposed({ 'access-control-allow-origin': '*', 'access-control-expose-headers': '*' }),
    ).toBe('*');
    // With credentials `*` is a header named `*`, not every header (the Fetch standard).
    expect(
      await exposed({
        'access-control-allow-origin': 'https://app.test',
        'access-control-allow-credentials': 'true',
        'access-control-expose-headers': '*',
      }),
    ).toBe('*, x-contract-violations');
    // No CORS of the upstream's: none added, a page reads nothing of it anyway.
    expect(await exposed({})).toBeNull();
    // The proxy's own answers (a 502 here) expose it beside the mock's list.
    const own = createValidationProxy({ upstream, fetch: async () => undefined as never });
    const refused = await own.fetch('/v1/agents');
    expect(refused.status).toBe(502);
    expect(refused.headers.get('access-control-expose-headers')).toMatch(
      /^X-Request-Id, .*, x-contract-violations$/,
    );
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

describe("the validation proxy's Location and Content-Location", () => {
  /** [what the upstream sends, what the client gets]: the upstream's URLs become root-relative. */
  const cases = (origin: string): [string, string][] => {
    const authority = origin.replace('http:', '');
    return [
      [`${origin}/base/v1/agents/${AGENT.id}?x=1#top`, `/v1/agents/${AGENT.id}?x=1#top`],
      [`${origin}/base`, '/'],
      [`${origin}/base/`, '/'],
      [`${origin.toUpperCase()}/base/v1/agents`, '/v1/agents'],
      // The prefix compared as a path: escaped unreserved characters are the same path (RFC 3986).
      [`${origin}/b%61se/v1/agents`, '/v1/agents'],
      // Root-relative and network-path references resolve against the upstream, as its client would.
      [`/base/v1/agents/${AGENT.id}?x=1`, `/v1/agents/${AGENT.id}?x=1`],
      [`/base`, '/'],
      [`${authority}/base/v1/agents`, '/v1/agents'],
      // A path that would read as a host (//evil.example) is kept a path, as WHATWG URL writes one.
      [`${origin}/base//evil.example/x`, '/.//evil.example/x'],
      // Not the upstream's: another prefix, origin or scheme, or relative to the request's path.
      [`${origin}/basement/v1/agents`, `${origin}/basement/v1/agents`],
      [`${origin}/v1/agents`, `${origin}/v1/agents`],
      ['/basement/v1/agents', '/basement/v1/agents'],
      ['https://other.example.test/base/v1/agents', 'https://other.example.test/base/v1/agents'],
      ['//other.example.test/base/v1/agents', '//other.example.test/base/v1/agents'],
      [
        `${origin.replace('http:', 'https:')}/base/v1`,
        `${origin.replace('http:', 'https:')}/base/v1`,
      ],
      ['v1/agents', 'v1/agents'],
    ];
  };

  it("over HTTP: root-relative where they named the upstream's URL, whatever Host the client sent", async () => {
    const proxy = createValidationProxy({ upstream: prefixed });
    const running = await proxy.listen({ port: 0 });
    try {
      for (const [sent, want] of cases(upstream)) {
        const headers = { 'x-answer-location': sent, host: 'evil.example' };
        const got = await call(`${running.url}/v1/agents`, 'GET', headers);
        expect([sent, got.status, got.headers.location, got.headers['content-location']]).toEqual([
          sent,
          302,
          want,
          want,
        ]);
      }
    } finally {
      await running.close();
    }
  });

  it("from proxy.fetch: root-relative, so that a client resolves them against the proxy's URL it asked", async () => {
    const proxy = createValidationProxy({ upstream: prefixed });
    for (const [sent, want] of cases(upstream)) {
      const res = await proxy.fetch('https://proxy.test/v1/agents', {
        headers: { 'x-answer-location': sent },
      });
      const location = res.headers.get('location');
      expect([sent, location, res.headers.get('content-location')]).toEqual([sent, want, want]);
      if (location !== sent) {
        const followed = new URL(location ?? '', 'https://proxy.test/v1/agents');
        expect([sent, followed.origin]).toEqual([sent, 'https://proxy.test']);
      }
    }
  });

  it("with no prefix: any path of the upstream's origin", async () => {
    const proxy = createValidationProxy({ upstream });
    for (const [sent, want] of [
      [`${upstream}/v1/agents/${AGENT.id}`, `/v1/agents/${AGENT.id}`],
      [`${upstream}//evil.example/x`, '/.//evil.example/x'],
      ['/v1/agents', '/v1/agents'],
    ] as const) {
      const res = await proxy.fetch('/v1/agents', { headers: { 'x-answer-location': sent } });
      expect([sent, res.headers.get('location')]).toEqual([sent, want]);
    }
  });

  it('with a prefix spelled otherwise: escapes compared by their character, not their case or form', async () => {
    for (const [prefix, sent] of [
      ['/a%2fb', '/a%2Fb'],
      ['/a%2Fb', '/a%2fb'],
      ['/~ada', '/%7Eada'],
      ['/%7eada', '/~ada'],
      ['/a b', '/a%20b'],
    ] as const) {
      const proxy = createValidationProxy({ upstream: `${upstream}${prefix}` });
      for (const location of [`${upstream}${sent}/v1/agents`, `${sent}/v1/agents`]) {
        const res = await proxy.fetch('/v1/agents', { headers: { 'x-answer-location': location } });
        expect([prefix, location, res.headers.get('location')]).toEqual([
          prefix,
          location,
          '/v1/agents',
        ]);
      }
    }
    // An escaped slash is no slash: /a%2Fb is one segment, not the prefix /a and then b.
    const proxy = createValidationProxy({ upstream: `${upstream}/a` });
    const location = `${upstream}/a%2Fb/v1/agents`;
    const res = await proxy.fetch('/v1/agents', { headers: { 'x-answer-location': location } });
    expect(res.headers.get('location')).toBe(location);
  });

  it("sent twice (fetch's Headers joins them with ', '): passed back as joined, no one URL made of the two", async () => {
    const proxy = createValidationProxy({ upstream: prefixed });
    const [first, second] = [`${prefixed}/v1/agents/a`, `${prefixed}/v1/agents/b`];
    const res = await proxy.fetch('/v1/agents', {
      headers: { 'x-answer-location': first, 'x-answer-location-2': second },
    });
    expect([res.headers.get('location'), res.headers.get('content-location')]).toEqual([
      `${first}, ${second}`,
      `${first}, ${second}`,
    ]);
  });
});

describe('the validation proxy names no host in a Location, however the request named one', () => {
  const lines = (head: string) => head.split('\r\n').filter((line) => /^location:/i.test(line));

  it('without a Host (HTTP/1.0), on a server bound to 0.0.0.0', async () => {
    const proxy = createValidationProxy({ upstream: prefixed });
    const running = await proxy.listen({ port: 0, host: '0.0.0.0' });
    try {
      const head = await rawHead(
        running.port,
        `GET /v1/agents HTTP/1.0\r\nx-answer-location: ${prefixed}/v1/agents/${AGENT.id}\r\n\r\n`,
      );
      expect(lines(head)).toEqual([`location: /v1/agents/${AGENT.id}`]);
    } finally {
      await running.close();
    }
  });

  it('for an absolute-form target (a client using it as its HTTP proxy): resolved by the client against the URL it asked', async () => {
    const proxy = createValidationProxy({ upstream: prefixed });
    const running = await proxy.listen({ port: 0 });
    try {
      const head = await rawHead(
        running.port,
        `GET http://u:pw@API.example.test:8080/v1/agents HTTP/1.1\r\nHost: other.example.test\r\nx-answer-location: ${prefixed}/v1/agents/${AGENT.id}\r\nConnection: close\r\n\r\n`,
      );
      expect(lines(head)).toEqual([`location: /v1/agents/${AGENT.id}`]);
    } finally {
      await running.close();
    }
  });
});

describe('the validation proxy, given an answer node:http cannot write', () => {
  it('answers 502 naming why, rather than leaving the client waiting (a custom fetch with a control character in a header)', async () => {
    const proxy = createValidationProxy({
      upstream,
      // Headers takes \x01 in a value; node:http refuses to write it.
      fetch: async () => new Response(BODY, { headers: { ...ANSWER_HEADERS, 'x-odd': 'a\x01b' } }),
    });
    const running = await proxy.listen({ port: 0 });
    try {
      const got = await call(`${running.url}/v1/agents`, 'GET');
      expect(got.status).toBe(502);
      expect(JSON.parse(got.body.toString()).error).toMatchObject({
        code: 'UPSTREAM_UNREACHABLE',
        message: expect.stringMatching(/x-odd/),
      });
    } finally {
      await running.close();
    }
  });
});
