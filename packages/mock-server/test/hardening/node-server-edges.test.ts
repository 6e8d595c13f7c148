import { connect, type Socket } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors.js';
import type { ApiRequest, ApiResponse } from '../../src/http/api-request.js';
import { MAX_STATE_BYTES } from '../../src/http/read-body.js';
import { errorResponse } from '../../src/http/respond.js';
import { createMockServer, DEMO_API_KEY, DEMO_IDS, type RunningServer } from '../../src/index.js';
import { listen } from '../../src/transports/node-server.js';

// The HTTP server at the edges a non-JS client meets: oversized bodies sent whole, Expect headers,
// requests Node's parser refuses, and closing with requests in flight. Raw sockets, so that nothing
// between the test and the server smooths these over. No outcome depends on timing.

// Polls wait for what the server sends, however slow the machine: the outcome never depends on it.
const POLL = { timeout: 60_000, interval: 5 };

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Parses every HTTP/1.1 answer in `text` (Content-Length framed), skipping 1xx ones. */
function parseAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1 ')) {
    const end = rest.indexOf('\r\n\r\n');
    if (end < 0) break;
    const [statusLine = '', ...lines] = rest.slice(0, end).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of lines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const length = Number(headers['content-length'] ?? 0);
    const status = Number(statusLine.split(' ')[1]);
    const body = rest.slice(end + 4, end + 4 + length);
    rest = rest.slice(end + 4 + length);
    if (status >= 200) answers.push({ status, headers, body });
  }
  return answers;
}

/** A raw connection: `send` writes (awaiting the flush), `received` is everything read so far. */
async function open(server: RunningServer): Promise<{
  socket: Socket;
  send(data: string | Buffer): Promise<void>;
  received(): string;
  closed: Promise<void>;
}> {
  const socket = connect(server.port, '127.0.0.1');
  await new Promise((resolve) => socket.once('connect', resolve));
  let text = '';
  socket.on('data', (chunk: Buffer) => {
    text += chunk.toString('latin1');
  });
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  return {
    socket,
    send: (data) =>
      new Promise<void>((resolve, reject) =>
        socket.write(data, (error) => (error ? reject(error) : resolve())),
      ),
    received: () => text,
    closed,
  };
}

/** Waits until `received()` holds `count` final answers. */
async function answers(conn: { received(): string }, count = 1): Promise<RawAnswer[]> {
  await expect.poll(() => parseAnswers(conn.received()).length, POLL).toBeGreaterThanOrEqual(count);
  return parseAnswers(conn.received());
}

const internalErrors: unknown[] = [];
const mock = createMockServer({
  clock: 'manual',
  seed: 'demo',
  onError: (error) => internalErrors.push(error),
});
const key = mock.createApiKey({ scopes: 'all' }).key;
let server: RunningServer;
const servers: RunningServer[] = [];

async function start(): Promise<RunningServer> {
  server = await mock.listen({ port: 0 });
  servers.push(server);
  return server;
}

afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

const post = (length: number, extra = '') =>
  `POST /v1/agents HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n${extra}\r\n`;

describe('the node:http server at its edges', { timeout: 60_000 }, () => {
  it('answers 413 to a client that sends a 4 MiB body whole before reading, and keeps the connection', async () => {
    const conn = await open(await start());
    const body = Buffer.alloc(4 * 1024 * 1024, 'a');
    // Like Python's http.client: headers and the whole body, and only then read.
    await conn.send(post(body.length));
    await conn.send(body);
    const [tooLarge] = await answers(conn);
    expect(tooLarge?.status).toBe(413);
    expect(JSON.parse(tooLarge?.body ?? '')).toMatchObject({
      error: { code: 'PAYLOAD_TOO_LARGE' },
    });
    // The body was read to its end: the same connection serves the next request.
    await conn.send(`GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    const [, health] = await answers(conn, 2);
    expect(health?.status).toBe(200);
    conn.socket.destroy();
  });

  it('answers 413, not a broken pipe, to a 16 MiB body sent whole with Connection: close (urllib)', async () => {
    const conn = await open(await start());
    const body = Buffer.alloc(16 * 1024 * 1024, 'a');
    await conn.send(post(body.length, 'Connection: close\r\n'));
    // Every byte is accepted: the socket stays open until the body has been read to its end.
    await conn.send(body);
    const [tooLarge] = await answers(conn);
    expect(tooLarge?.status).toBe(413);
    expect(tooLarge?.headers.connection).toBe('close');
    await conn.closed;
  });

  it('answers 413, not a reset, to a state over 256 MiB sent whole without Expect, and keeps the connection', async () => {
    const conn = await open(await start());
    const length = MAX_STATE_BYTES + 1;
    await conn.send(
      `PUT /__mock/state HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`,
    );
    // The 413 is written at once, before the body is sent (a client that reads meanwhile stops).
    const [early] = await answers(conn);
    expect(early?.status).toBe(413);
    // Like Python's http.client: the whole body, and only then read. Every byte is accepted.
    const chunk = Buffer.alloc(1024 * 1024, ' ');
    for (let sent = 0; sent < length; sent += chunk.length) {
      await conn.send(sent + chunk.length <= length ? chunk : chunk.subarray(0, length - sent));
    }
    const [tooLarge] = await answers(conn);
    expect(JSON.parse(tooLarge?.body ?? '').error).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'body: must be at most 268435456 bytes (256 MiB)',
    });
    // The body was read to its end: the same connection serves the next request.
    await conn.send(`GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    const [, health] = await answers(conn, 2);
    expect(health?.status).toBe(200);
    conn.socket.destroy();
  });

  it('cuts a connection whose oversized body does not end within the drain budget, after its 413', async () => {
    // A client that declares 1 GiB and sends none of it must not hold the connection forever. The
    // answer is written before the budget's timer can fire (the handler settles in microtasks).
    const refuse = async (request: ApiRequest): Promise<ApiResponse> => {
      await request.readBody().catch(() => {});
      return errorResponse(new ApiError(413, 'PAYLOAD_TOO_LARGE', 'body: too large'));
    };
    for (const extra of ['', 'Connection: close\r\n']) {
      const running = await listen(refuse, {}, { drainBudgetMs: 0 });
      servers.push(running);
      const conn = await open(running);
      await conn.send(
        `PUT /__mock/state HTTP/1.1\r\nHost: x\r\nContent-Length: ${2 ** 30}\r\n${extra}\r\n`,
      );
      await conn.closed;
      expect(parseAnswers(conn.received()).map((a) => a.status)).toEqual([413]);
    }
  });

  it("ignores a GET's body (a DELETE's is checked) and serves the next request on the connection", async () => {
    const conn = await open(await start());
    const request = (method: string, path: string) =>
      `${method} ${path} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 5\r\n\r\n{oops`;
    await conn.send(request('GET', '/v1/agents?limit=1'));
    await conn.send(request('DELETE', '/v1/agents/00000000-0000-4000-8000-000000000103'));
    await conn.send(`GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    const [listed, refused, health] = await answers(conn, 3);
    expect(listed?.status).toBe(200);
    expect(refused?.status).toBe(400);
    expect(JSON.parse(refused?.body ?? '')).toMatchObject({
      error: { details: [{ field: 'body', rule: 'json' }] },
    });
    expect(health?.status).toBe(200);
    conn.socket.destroy();
  });

  it('serves a request target in absolute form (as sent through a proxy)', async () => {
    const running = await start();
    const conn = await open(running);
    await conn.send(
      `GET http://127.0.0.1:${running.port}/v1/agents?limit=1 HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\n`,
    );
    const [answer] = await answers(conn);
    expect(answer?.status).toBe(200);
    expect(JSON.parse(answer?.body ?? '')).toMatchObject({ pagination: { limit: 1 } });
    conn.socket.destroy();
  });

  it('answers a failure around the handler as a 500 in the API envelope, with a request id', async () => {
    const reported: unknown[] = [];
    const running = await listen(
      () => Promise.reject(new Error('boom')),
      {},
      {
        onError: (error, request) => reported.push([String(error), request]),
      },
    );
    servers.push(running);
    const res = await fetch(`${running.url}/v1/health`);
    expect(res.status).toBe(500);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.json()).toEqual({
      error: {
        code: 'INTERNAL_ERROR',
        message: 'internal error in the mock server; see its log',
        status: 500,
      },
    });
    expect(reported).toEqual([['Error: boom', { method: 'GET', path: '/v1/health' }]]);
  });

  it('answers the control API on loopback only to requests addressed to this machine (DNS rebinding)', async () => {
    const running = await start();
    const ask = async (host: string | null, target = '/__mock/clock', extra = '') => {
      const conn = await open(running);
      const hostLine = host === null ? '' : `Host: ${host}\r\n`;
      // HTTP/1.0 for the request without a Host (HTTP/1.1 requires one).
      const version = host === null ? '1.0' : '1.1';
      await conn.send(
        `GET ${target} HTTP/${version}\r\n${hostLine}${extra}Connection: close\r\n\r\n`,
      );
      const [answer] = await answers(conn);
      conn.socket.destroy();
      return answer;
    };
    for (const host of [
      `127.0.0.1:${running.port}`,
      `localhost:${running.port}`,
      'app.localhost',
      `[::1]:${running.port}`,
      // As the URL parser reads them: case, a trailing dot, short and long forms of loopback.
      `LOCALHOST:${running.port}`,
      `localhost.:${running.port}`,
      `127.1:${running.port}`,
      `[0:0:0:0:0:0:0:1]:${running.port}`,
      // 127.0.0.1 mapped to IPv6, in either of its forms.
      `[::ffff:127.0.0.1]:${running.port}`,
      `[::ffff:7f00:1]:${running.port}`,
      null,
    ]) {
      expect((await ask(host))?.status, String(host)).toBe(200);
    }
    for (const host of [
      'evil.example:4010',
      'evil.example',
      '127.0.0.1.evil.example',
      'localhost.evil.example',
      '[::1]evil.example',
      '0.0.0.0:4010',
      '[::ffff:10.0.0.1]:4010',
      '[::ffff:7f00:1]evil.example',
    ]) {
      const refused = await ask(host, '/__mock/clock', 'Origin: http://evil.example\r\n');
      // The control API's CORS rule holds on this answer too: no page on the web reads it.
      expect(refused?.headers['access-control-allow-origin'], host).toBeUndefined();
      expect(refused?.status, host).toBe(403);
      expect(JSON.parse(refused?.body ?? '').error).toMatchObject({ code: 'FORBIDDEN' });
      expect(JSON.parse(refused?.body ?? '').error.message).toMatch(/^Host: the control API/);
    }
    // In absolute form too, and with a query.
    expect((await ask('evil.example', 'http://evil.example/__mock/requests?limit=1'))?.status).toBe(
      403,
    );
    // The API itself answers any Host.
    expect((await ask('evil.example', '/v1/health'))?.status).toBe(200);
    // Dot segments do not lead past the guard to a control route: such a path is the API's (no key).
    for (const target of [
      '/v1/../__mock/clock',
      '/v1/%2e%2e/__mock/clock',
      '/v1/%2E%2E/__mock/clock',
    ]) {
      const answer = await ask('evil.example', target);
      expect(answer?.status, target).toBe(401);
      expect(answer?.body, target).not.toContain('now_ms');
    }
  });

  it('refuses a change to the control API asked by a page on another origin (a simple request, no preflight)', async () => {
    const own = createMockServer({ clock: 'manual', seed: 'demo' });
    const running = await own.listen({ port: 0 });
    servers.push(running);
    const url = (path: string) => `${running.url}${path}`;
    // What a page on https://evil.example can send to http://127.0.0.1:4010 without a preflight:
    // fetch(url, { method: 'POST', mode: 'no-cors' }), a text/plain body, an HTML form.
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      for (const [path, init] of [
        ['/__mock/reset', {}],
        ['/__mock/reset', { headers: { 'content-type': 'text/plain' }, body: '' }],
        ['/__mock/workspaces', {}],
        [`/__mock/channels/${DEMO_IDS.whatsappChannel}/pair`, {}],
      ] as const) {
        const res = await fetch(url(path), {
          method: 'POST',
          ...init,
          headers: { ...('headers' in init ? init.headers : {}), origin },
        });
        expect(res.status, `${origin} ${path}`).toBe(403);
        expect(res.headers.get('access-control-allow-origin')).toBeNull();
        const { error } = await res.json();
        expect(error.code).toBe('FORBIDDEN');
        expect(error.message).toMatch(/^Origin: the control API without an admin token acts only/);
      }
    }
    // Nothing was done: the demo key still works, and no workspace was made.
    const agents = await fetch(url('/v1/agents'), { headers: { 'x-api-key': DEMO_API_KEY } });
    expect(agents.status).toBe(200);
    expect(own.exportState().workspaces).toHaveLength(1);
    // A read is answered as before: the page cannot read it (no CORS header), and it changes nothing.
    const read = await fetch(url('/__mock/clock'), { headers: { origin: 'https://evil.example' } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    // A page served from this machine, and a test runner (no Origin), still change it.
    const local = await fetch(url('/__mock/workspaces'), {
      method: 'POST',
      headers: { origin: 'http://localhost:5173' },
    });
    expect(local.status).toBe(201);
    expect(local.headers.get('access-control-allow-origin')).toBe('http://localhost:5173');
    expect((await fetch(url('/__mock/reset'), { method: 'POST' })).status).toBe(204);
    own.dispose();
  });

  it("refuses its own webhook deliveries at the control API: a key's webhook URL is no way past the guard", async () => {
    // Any key (the demo key is public) registers a webhook at any URL; the mock's own POST to its
    // control API comes from this machine with no Origin, as a test runner's call does.
    const own = createMockServer({ clock: 'manual', seed: 'demo' });
    const running = await own.listen({ port: 0 });
    servers.push(running);
    const headers = { 'x-api-key': DEMO_API_KEY, 'content-type': 'application/json' };
    const hooks: string[] = [];
    for (const path of ['/__mock/settle', `/__mock/channels/${DEMO_IDS.whatsappChannel}/pair`]) {
      const made = await fetch(`${running.url}/v1/webhooks`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ url: `${running.url}${path}`, events: ['contact.created'] }),
      });
      expect(made.status).toBe(201);
      hooks.push((await made.json()).data.id);
    }
    const contact = await fetch(`${running.url}/v1/contacts`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ name: 'Ada', phone: '+14155550100' }),
    });
    expect(contact.status).toBe(201);
    await own.settle();
    const attempts = hooks.map((id) => own.webhookAttempts({ webhook_id: id })[0]?.http_status);
    expect(attempts).toEqual([403, 403]);
    own.dispose();
  });

  it('refuses a change asked by another origin without a token on any interface, not only on loopback (as on 0.0.0.0)', async () => {
    const handled: string[] = [];
    const handler = async (request: ApiRequest): Promise<ApiResponse> => {
      handled.push(`${request.method} ${request.path}`);
      return { status: 204, body: null, headers: {} };
    };
    // The server of a mock without a token on another interface: no Host guard, the Origin one.
    const running = await listen(handler, { port: 0 }, { controlCorsAnyOrigin: false });
    servers.push(running);
    const reset = (headers: Record<string, string>) =>
      fetch(`${running.url}/__mock/reset`, { method: 'POST', headers });
    expect((await reset({ origin: 'http://192.168.1.20:3000' })).status).toBe(403);
    expect(handled).toEqual([]);
    expect((await reset({ origin: 'http://127.0.0.1:3000' })).status).toBe(204);
    expect((await reset({})).status).toBe(204);
    // The API is not the control API: every origin may use it.
    const api = await fetch(`${running.url}/v1/agents`, {
      method: 'POST',
      headers: { origin: 'http://192.168.1.20:3000' },
    });
    expect(api.status).toBe(204);
    expect(handled).toEqual(['POST /__mock/reset', 'POST /__mock/reset', 'POST /v1/agents']);
  });

  it('lets a page on any origin change the control API with the admin token, and no page without it', async () => {
    const guarded = createMockServer({ clock: 'manual', seed: 'demo', adminToken: 't0ken' });
    const running = await guarded.listen({ port: 0 });
    servers.push(running);
    const origin = 'https://abc-5173.app.github.dev';
    const reset = (headers: Record<string, string>) =>
      fetch(`${running.url}/__mock/reset`, { method: 'POST', headers: { origin, ...headers } });
    expect((await reset({})).status).toBe(401);
    expect(guarded.exportState().workspaces).toHaveLength(1);
    const allowed = await reset({ 'x-mock-admin-token': 't0ken' });
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe(origin);
    expect(guarded.exportState().workspaces).toHaveLength(0);
    guarded.dispose();
  });

  it('answers the control API to any Host when it has an admin token (it is the guard then)', async () => {
    const guarded = createMockServer({ clock: 'manual', adminToken: 't0ken' });
    const running = await guarded.listen({ port: 0 });
    servers.push(running);
    const conn = await open(running);
    await conn.send(
      'GET /__mock/clock HTTP/1.1\r\nHost: mock:4010\r\nx-mock-admin-token: t0ken\r\n\r\n',
    );
    const [answer] = await answers(conn);
    expect(answer?.status).toBe(200);
    conn.socket.destroy();
    guarded.dispose();
  });

  it('refuses an oversized body announced with Expect: 100-continue before it is sent', async () => {
    const conn = await open(await start());
    await conn.send(post(5_000_000, 'Expect: 100-continue\r\n'));
    const [answer] = await answers(conn);
    expect(conn.received()).not.toContain('100 Continue');
    expect(answer?.status).toBe(413);
    expect(answer?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer?.headers.connection).toBe('close');
    // Answered by the handler, so it is in the journal like any other request.
    expect(mock.requests().at(-1)).toMatchObject({
      method: 'POST',
      path: '/v1/agents',
      status: 413,
    });
  });

  it('still sends 100 Continue for a body within the limit', async () => {
    const conn = await open(await start());
    const body = JSON.stringify({ name: 'Continued' });
    await conn.send(post(body.length, 'Expect: 100-continue\r\n'));
    await expect.poll(() => conn.received(), POLL).toContain('HTTP/1.1 100 Continue');
    await conn.send(body);
    const [created] = await answers(conn);
    expect(created?.status).toBe(201);
    conn.socket.destroy();
  });

  it('sends no 100 Continue for a request a drop: "request" fault cuts: the API never saw it', async () => {
    mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'request' });
    const conn = await open(await start());
    await conn.send(post(20, 'Expect: 100-continue\r\n'));
    await conn.closed;
    expect(conn.received()).toBe('');
    expect(mock.requests().at(-1)).toMatchObject({ path: '/v1/agents', dropped: 'request' });
    // A cut answer (drop: "response") is the API's, which read the body first.
    mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'response' });
    const cut = await open(await start());
    const body = '{"name":"Read, then lost"}';
    await cut.send(post(Buffer.byteLength(body), 'Expect: 100-continue\r\n'));
    await expect.poll(() => cut.received(), POLL).toContain('HTTP/1.1 100 Continue');
    await cut.send(body);
    await cut.closed;
    expect(mock.requests().at(-1)).toMatchObject({ status: 201, dropped: 'response' });
  });

  it('sends 100 Continue with an answer given before the body is read', async () => {
    const conn = await open(await start());
    await conn.send(post(20, 'Expect: 100-continue\r\n').replace(key, 'sk_wrong'));
    const [refused] = await answers(conn);
    expect(refused?.status).toBe(401);
    expect(conn.received().startsWith('HTTP/1.1 100 Continue\r\n\r\n')).toBe(true);
    conn.socket.destroy();
  });

  it('says a Content-Type sent twice is sent twice, in either order, and a compressed chunked body is compressed', async () => {
    // node:http kept the first Content-Type only: text/plain then application/json was "must be
    // JSON, sent with Content-Type: application/json", the other order passed unseen; gzip in
    // Transfer-Encoding was "must be valid UTF-8".
    const send = async (head: string, body: Buffer | string) => {
      const conn = await open(await start());
      await conn.send(
        `POST /v1/agents HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n${head}Connection: close\r\n\r\n`,
      );
      await conn.send(body);
      const [answer] = await answers(conn);
      conn.socket.destroy();
      return [answer?.status, JSON.parse(answer?.body ?? '{}').error?.details];
    };
    const json = '{"name":"A"}';
    const length = `Content-Length: ${json.length}\r\n`;
    for (const [first, second] of [
      ['text/plain', 'application/json'],
      ['application/json', 'text/plain'],
    ]) {
      expect(
        await send(`Content-Type: ${first}\r\nContent-Type: ${second}\r\n${length}`, json),
      ).toEqual([
        400,
        [
          {
            field: 'body',
            rule: 'contentType',
            message: `body: must be sent with one Content-Type, not 2 (${first}, ${second}); send application/json once`,
          },
        ],
      ]);
    }
    // One Content-Type whose quoted parameter holds a comma is one.
    expect(await send(`Content-Type: application/json; x="a,b/c"\r\n${length}`, json)).toEqual([
      201,
      undefined,
    ]);
    const zipped = gzipSync(json);
    const chunked = Buffer.concat([
      Buffer.from(`${zipped.length.toString(16)}\r\n`),
      zipped,
      Buffer.from('\r\n0\r\n\r\n'),
    ]);
    expect(
      await send('Content-Type: application/json\r\nTransfer-Encoding: gzip, chunked\r\n', chunked),
    ).toEqual([
      400,
      [
        {
          field: 'body',
          rule: 'contentEncoding',
          message: 'body: must be sent uncompressed, not with Transfer-Encoding: gzip, chunked',
        },
      ],
    ]);
  });

  it('reads every header line within the 16 KiB, past 2000 of them (the key after 2100 short ones)', async () => {
    // node:http dropped every header after the 2000th: the key was sent and the answer was 401
    // "missing API key", a Content-Type after them a 400 "must be JSON".
    const conn = await open(await start());
    const filler = 'a: 1\r\n'.repeat(2100);
    await conn.send(
      `POST /v1/agents HTTP/1.1\r\nHost: x\r\n${filler}x-api-key: ${key}\r\nContent-Type: application/json\r\nContent-Length: 12\r\nConnection: close\r\n\r\n{"name":"A"}`,
    );
    const [created] = await answers(conn);
    expect([created?.status, JSON.parse(created?.body ?? '').data?.name]).toEqual([201, 'A']);
    conn.socket.destroy();
  });

  it.each([
    [
      'an Expect other than 100-continue',
      `GET /v1/health HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n`,
      417,
      /Expect/,
    ],
    [
      'a method Node does not parse',
      `FOO /v1/health HTTP/1.1\r\nHost: x\r\n\r\n`,
      400,
      /not valid HTTP/,
    ],
    [
      'headers over 16 KiB',
      `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      431,
      /headers/,
    ],
    [
      'a request target over 16 KiB (a long query string)',
      `GET /v1/contacts?q=${'a'.repeat(20_000)} HTTP/1.1\r\nHost: x\r\n\r\n`,
      414,
      /^request target: longer than the server accepts \(16384 bytes, with the headers\)/,
    ],
  ])('answers %s in the API envelope, with a request id', async (_name, raw, status, message) => {
    const conn = await open(await start());
    await conn.send(raw);
    const [answer] = await answers(conn);
    expect(answer?.status).toBe(status);
    expect(answer?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(answer?.headers['content-type']).toMatch(/^application\/json/);
    const { error } = JSON.parse(answer?.body ?? '');
    expect(error).toMatchObject({ code: 'VALIDATION_ERROR', status });
    expect(error.message).toMatch(message);
  });

  it('answers CONNECT as it answers TRACE, in the API envelope, then closes the connection', async () => {
    const running = await start();
    /** The answer to `method target` on a connection of its own, once the server has closed it. */
    const ask = async (method: string, target: string, extra = '') => {
      const conn = await open(running);
      await conn.send(
        `${method} ${target} HTTP/1.1\r\nHost: 127.0.0.1:4555\r\n${extra}Connection: close\r\n\r\n`,
      );
      // The server closes it, answered or not: what it sent by then is the whole of it.
      await conn.closed;
      const sent = parseAnswers(conn.received());
      expect(sent, `${method} ${target}`).toHaveLength(1);
      return sent[0];
    };
    const withKey = `x-api-key: ${key}\r\n`;
    for (const [target, extra] of [
      ['/v1/health', ''],
      ['/v1/agents', withKey],
      ['/v1/agents', ''],
      ['/__mock/clock', ''],
    ] as const) {
      const trace = await ask('TRACE', target, extra);
      const connect = await ask('CONNECT', target, extra);
      expect(connect?.status, target).toBe(trace?.status);
      expect(connect?.headers['x-request-id'], target).toMatch(/^[0-9a-f-]{36}$/);
      expect(connect?.headers.allow, target).toBe(trace?.headers.allow);
      expect(connect?.headers.connection, target).toBe('close');
      expect(JSON.parse(connect?.body ?? '').error, target).toEqual({
        ...JSON.parse(trace?.body ?? '').error,
        message: JSON.parse(trace?.body ?? '').error.message.replaceAll('TRACE', 'CONNECT'),
      });
    }
    // Authority form, as a proxy client sends it (Node used to close the socket unanswered): no path
    // of the API, so 404, as for `TRACE *` (Node's parser refuses TRACE in authority form).
    const tunnel = await ask('CONNECT', '127.0.0.1:4555');
    expect(tunnel?.status).toBe(404);
    expect(tunnel?.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.parse(tunnel?.body ?? '').error).toEqual({
      code: 'NOT_FOUND',
      message: 'no such path: CONNECT 127.0.0.1:4555',
      status: 404,
    });
    const notAllowed = await ask('CONNECT', '/v1/health');
    expect(notAllowed?.status).toBe(405);
    expect(notAllowed?.headers.allow).toBe('GET, HEAD, OPTIONS');
    expect(JSON.parse(notAllowed?.body ?? '').error).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
    // Journaled as any request the handler answers.
    expect(mock.requests().at(-1)).toMatchObject({ method: 'CONNECT', path: '/v1/health' });
  });

  it('answers an HTTP/1.1 request without Host 400 in the API envelope, with a request id', async () => {
    const running = await start();
    for (const target of ['/v1/health', '/v1/agents', '/__mock/clock']) {
      const conn = await open(running);
      await conn.send(`GET ${target} HTTP/1.1\r\nx-api-key: ${key}\r\n\r\n`);
      await conn.closed;
      const [answer] = parseAnswers(conn.received());
      expect(answer?.status, target).toBe(400);
      expect(answer?.headers['x-request-id'], target).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer?.headers['content-type'], target).toMatch(/^application\/json/);
      expect(answer?.headers.connection, target).toBe('close');
      expect(JSON.parse(answer?.body ?? ''), target).toEqual({
        error: {
          code: 'VALIDATION_ERROR',
          message: 'Host: missing; an HTTP/1.1 request must send a Host header',
          status: 400,
          details: [
            {
              field: 'Host',
              rule: 'required',
              message: 'Host: missing; an HTTP/1.1 request must send a Host header',
            },
          ],
        },
      });
    }
    // HTTP/1.0 has no Host to require.
    const conn = await open(running);
    await conn.send('GET /v1/health HTTP/1.0\r\n\r\n');
    expect((await answers(conn))[0]?.status).toBe(200);
    conn.socket.destroy();
  });

  it("draws the request id of its own answers from the mock's ids, so a seeded run repeats them", async () => {
    const seeded = () => createMockServer({ ids: { seed: 7 } });
    const [first, second] = [await seeded().listen(), await seeded().listen()];
    servers.push(first, second);
    const conn = await open(first);
    await conn.send('FOO /v1/health HTTP/1.1\r\nHost: x\r\n\r\n');
    const [own] = await answers(conn);
    // The same seed, an ordinary answer first: the same id.
    const health = await fetch(`${second.url}/v1/health`);
    expect(own?.status).toBe(400);
    expect(own?.headers['x-request-id']).toBe(health.headers.get('x-request-id'));
  });

  /** Opens a request that the server is handling (it sent 100 Continue) but cannot finish yet. */
  async function inFlight(running: RunningServer, body: string) {
    const conn = await open(running);
    await conn.send(post(body.length, 'Expect: 100-continue\r\n'));
    await expect.poll(() => conn.received(), POLL).toContain('HTTP/1.1 100 Continue');
    return conn;
  }

  it('lets a request in flight finish within the grace period, and closes idle connections at once', async () => {
    const running = await start();
    const idle = await open(running);
    await idle.send(`GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    await answers(idle);
    const body = JSON.stringify({ name: 'Late' });
    const busy = await inFlight(running, body);
    const closing = running.close({ graceMs: 60_000 });
    await idle.closed;
    await busy.send(body);
    const [created] = await answers(busy);
    expect(created?.status).toBe(201);
    expect(created?.headers.connection).toBe('close');
    await closing;
    await busy.closed;
    // Closing again is the same close.
    await expect(running.close()).resolves.toBeUndefined();
  });

  it('handles requests pipelined on one connection in turn: a GET sent after a POST sees what it made', async () => {
    const conn = await open(await start());
    const body = '{"name":"Pipelined"}';
    const list = `GET /v1/agents?limit=100 HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\n`;
    await conn.send(`${post(Buffer.byteLength(body))}${body}${list}`);
    const [created, listed] = await answers(conn, 2);
    expect(created?.status).toBe(201);
    const { id } = JSON.parse(created?.body ?? '').data;
    expect(listed?.status).toBe(200);
    expect(JSON.parse(listed?.body ?? '').data.map((a: { id: string }) => a.id)).toContain(id);
    conn.socket.destroy();
  });

  it('handles no request pipelined after an answer that closed the connection (RFC 9112 §9.6): nobody would hear its answer', async () => {
    const running = await start();
    const busy = await inFlight(running, '{"name":"Answered"}');
    const closing = running.close({ graceMs: 60_000 });
    const unheard = '{"name":"Unheard"}';
    // The body of the request in flight, and a POST sent right after it: its answer would follow
    // one that says Connection: close.
    await busy.send(`{"name":"Answered"}${post(Buffer.byteLength(unheard))}${unheard}`);
    await closing;
    await busy.closed;
    expect(parseAnswers(busy.received()).map((a) => [a.status, a.headers.connection])).toEqual([
      [201, 'close'],
    ]);
    const names = (await mock
      .fetch('/v1/agents?limit=100', { headers: { 'x-api-key': key } })
      .then((res) => res.json())) as { data: { name: string }[] };
    expect(names.data.map((a) => a.name)).toContain('Answered');
    expect(names.data.map((a) => a.name)).not.toContain('Unheard');
  });

  it('handles no request pipelined after one it refused with Connection: close (no Host)', async () => {
    const conn = await open(await start());
    const body = '{"name":"After the refusal"}';
    await conn.send(`GET /v1/health HTTP/1.1\r\n\r\n${post(Buffer.byteLength(body))}${body}`);
    await conn.closed;
    expect(parseAnswers(conn.received()).map((a) => a.status)).toEqual([400]);
    const names = (await mock
      .fetch('/v1/agents?limit=100', { headers: { 'x-api-key': key } })
      .then((res) => res.json())) as { data: { name: string }[] };
    expect(names.data.map((a) => a.name)).not.toContain('After the refusal');
  });

  it('answers a request sent with Connection: close, and ignores what the client sent after it (RFC 9112 §9.6)', async () => {
    const running = await start();
    const conn = await open(running);
    const body = '{"name":"Closing the connection"}';
    await conn.send(post(Buffer.byteLength(body), 'Connection: close\r\nExpect: 100-continue\r\n'));
    await expect.poll(() => conn.received(), POLL).toContain('HTTP/1.1 100 Continue');
    // The body, and in the same read a request the server must not process: the POST is still
    // being handled when the parser meets it.
    await conn.send(`${body}GET /v1/health HTTP/1.1\r\nHost: x\r\n\r\n`);
    await conn.closed;
    expect(parseAnswers(conn.received()).map((a) => [a.status, a.headers.connection])).toEqual([
      [201, 'close'],
    ]);
  });

  it('answers the requests before one the parser refuses, then refuses it', async () => {
    const conn = await open(await start());
    const body = '{"name":"Before the garbage"}';
    await conn.send(post(Buffer.byteLength(body), 'Expect: 100-continue\r\n'));
    await expect.poll(() => conn.received(), POLL).toContain('HTTP/1.1 100 Continue');
    await conn.send(`${body}GET /v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: 1x\r\n\r\n`);
    await conn.closed;
    const [created, refused, ...rest] = parseAnswers(conn.received());
    expect(created?.status).toBe(201);
    expect(JSON.parse(created?.body ?? '')).toMatchObject({ data: { name: 'Before the garbage' } });
    expect([refused?.status, refused?.headers.connection]).toEqual([400, 'close']);
    expect(JSON.parse(refused?.body ?? '').error.message).toContain('HPE_INVALID_CONTENT_LENGTH');
    expect(rest).toEqual([]);
  });

  it('tells a client that half-closed the connection with its body short of Content-Length', async () => {
    const conn = await open(await start());
    await conn.send(`${post(100)}{"name":`);
    conn.socket.end();
    const [answer] = await answers(conn);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.body ?? '').error.message).toBe(
      'request: the connection ended before the request did: its headers unfinished, or a body shorter than its Content-Length or without its last chunk (HPE_INVALID_EOF_STATE)',
    );
    await conn.closed;
  });

  it("names what Node's parser refused in a request", async () => {
    const conn = await open(await start());
    await conn.send(post(1).replace('Content-Length: 1', 'Content-Length: 1x'));
    const [answer] = await answers(conn);
    expect(answer?.status).toBe(400);
    expect(JSON.parse(answer?.body ?? '').error.details).toEqual([
      {
        field: 'request',
        rule: 'http',
        message:
          'request: not valid HTTP/1.1: invalid character in Content-Length (HPE_INVALID_CONTENT_LENGTH)',
      },
    ]);
    conn.socket.destroy();
  });

  it('cuts requests in flight when closed without a grace period', async () => {
    const running = await start();
    const busy = await inFlight(running, '{"name":"Cut"}');
    await running.close();
    await busy.closed;
    expect(parseAnswers(busy.received())).toEqual([]);
    // A body cut short is the client's doing (here the close's), not an internal error.
    await expect.poll(() => mock.requests().at(-1)?.status, POLL).toBe(400);
    expect(internalErrors).toEqual([]);
  });
});
