import { request as httpRequest } from 'node:http';
import { beforeEach, describe, expect, it } from 'vitest';
import { type AnsweredRequest, createMockServer } from '../../src/index.js';
import { useMock } from '../support/harness.js';
import { inProcess, transports } from '../support/transports.js';

for (const transport of transports) {
  describe(`onRequest (${transport.name})`, () => {
    let heard: AnsweredRequest[];
    beforeEach(() => {
      heard = [];
    });
    const h = useMock(transport, { onRequest: (request) => void heard.push(request) });

    it("hears each answered request once: its journal entry, its real duration, and an error answer's code and message", async () => {
      const listed = await h.call('GET', '/v1/contacts?limit=2');
      const refused = await h.call('POST', '/v1/contacts', {
        body: { name: 'Ann', email: 'not-an-email' },
      });
      expect(heard).toHaveLength(2);
      const [ok, bad] = heard as [AnsweredRequest, AnsweredRequest];
      const journal = h.mock.requests();
      // The journal's entry, as requests() gives it, plus the duration (and error).
      const { duration_ms, ...okEntry } = ok;
      expect(okEntry).toEqual(journal[0]);
      expect(ok).toMatchObject({
        method: 'GET',
        path: '/v1/contacts',
        query: '?limit=2',
        status: 200,
        at: '2026-11-20T10:00:00.000Z',
        request_id: listed.headers.get('x-request-id'),
      });
      expect(ok.error).toBeUndefined();
      expect(Number.isFinite(duration_ms) && duration_ms >= 0).toBe(true);
      expect(bad).toMatchObject({
        status: 400,
        operation_id: 'contactsCreate',
        request_id: refused.headers.get('x-request-id'),
        error: { code: 'VALIDATION_ERROR', message: refused.body.error.message },
      });
      expect(bad.error?.message).toMatch(/^email: must be an email address/);
      // The body as the journal keeps it, for a listener that logs what a client sent.
      expect(bad.body).toBe(JSON.stringify({ name: 'Ann', email: 'not-an-email' }));
      expect(bad.body).toBe(journal[1]?.body);
    });

    it('hears the control API and preflights too, which the journal leaves out', async () => {
      await h.call('POST', '/__mock/faults', {
        body: { path: '/v1/agents', status: 503 },
        unchecked: true,
      });
      await h.call('OPTIONS', '/v1/agents', {
        headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
        unchecked: true,
      });
      await h.call('GET', '/v1/agents');
      expect(heard.map((r) => `${r.method} ${r.path} ${r.status} ${r.error?.code ?? ''}`)).toEqual([
        'POST /__mock/faults 201 ',
        'OPTIONS /v1/agents 204 ',
        'GET /v1/agents 503 SERVICE_UNAVAILABLE',
      ]);
      expect(h.mock.requests().map((r) => r.path)).toEqual(['/v1/agents']);
    });

    it("hears what a dropped connection cut, and the health check's 503 as an error", async () => {
      h.mock.faults.add({ path: '/v1/agents', drop: 'request' });
      await expect(h.call('GET', '/v1/agents')).rejects.toThrow();
      h.mock.setHealth('maintenance');
      await h.call('GET', '/v1/health', { key: null });
      expect(heard.map(({ status, dropped, error }) => ({ status, dropped, error }))).toEqual([
        { status: 0, dropped: 'request', error: undefined },
        {
          status: 503,
          dropped: undefined,
          error: { code: 'SERVICE_UNAVAILABLE', message: 'the service is in maintenance' },
        },
      ]);
    });
  });
}

for (const transport of transports) {
  describe(`credential headers (${transport.name})`, () => {
    const adminToken = 'admin-s3cret-token';
    let heard: AnsweredRequest[];
    beforeEach(() => {
      heard = [];
    });
    const h = useMock(transport, { adminToken, onRequest: (request) => void heard.push(request) });

    it('never keeps the value of a credential header: the journal and onRequest show it redacted', async () => {
      const url = `${h.connection.baseUrl}/v1/agents`;
      const secrets = {
        'x-api-key': h.key,
        authorization: 'Bearer bearer-s3cret',
        'proxy-authorization': 'Basic cHJveHktczNjcmV0',
        cookie: 'session=cookie-s3cret',
        'x-mock-admin-token': adminToken,
      };
      await h.connection.fetch(url, { headers: secrets });
      // A wrong key, and a credential sent twice.
      const twice = new Headers({ 'x-api-key': 'wrong-s3cret-key' });
      twice.append('authorization', 'Bearer first-s3cret');
      twice.append('authorization', 'Bearer second-s3cret');
      expect((await h.connection.fetch(url, { headers: twice })).status).toBe(401);
      const read = await h.connection.fetch(`${h.connection.baseUrl}/__mock/requests`, {
        headers: { 'x-mock-admin-token': adminToken },
      });
      const answered = await read.text();
      const all = [answered, JSON.stringify(h.mock.requests()), JSON.stringify(heard)].join('\n');
      const values = [
        ...Object.values(secrets),
        'wrong-s3cret-key',
        'first-s3cret',
        'second-s3cret',
      ];
      for (const value of values) expect(all).not.toContain(value);
      expect(all).not.toContain('s3cret');
      const redacted = Object.fromEntries(Object.keys(secrets).map((name) => [name, '[redacted]']));
      const [first, second] = JSON.parse(answered).data;
      expect(first.headers).toMatchObject(redacted);
      expect(second.headers).toMatchObject({
        'x-api-key': '[redacted]',
        authorization: '[redacted]',
      });
      // The control API request that read the journal, heard by onRequest: its token too.
      expect(heard.map((r) => r.headers)).toEqual([
        first.headers,
        second.headers,
        expect.objectContaining({ 'x-mock-admin-token': '[redacted]' }),
      ]);
    });
  });
}

describe('onRequest', () => {
  it('reports a listener that throws or rejects to onError, and the answer is as without it', async () => {
    const reported: [unknown, { method: string; path: string }][] = [];
    // Throws on a GET, rejects on another method.
    const listener = (request: AnsweredRequest): Promise<void> => {
      if (request.method === 'GET') throw new Error('listener bug');
      return Promise.reject(new Error('async listener bug'));
    };
    const mock = createMockServer({
      seed: 'demo',
      onError: (error, request) => reported.push([error, request]),
      onRequest: listener,
    });
    const call = inProcess(mock).fetch;
    const got = await call('/v1/health');
    const posted = await call('/__mock/reset', { method: 'POST' });
    await new Promise((resolve) => setImmediate(resolve));
    expect([got.status, posted.status]).toEqual([200, 204]);
    expect(reported.map(([error, request]) => [(error as Error).message, request])).toEqual([
      ['listener bug', expect.objectContaining({ method: 'GET', path: '/v1/health' })],
      ['async listener bug', expect.objectContaining({ method: 'POST', path: '/__mock/reset' })],
    ]);
  });

  it('is refused when it is not a function, as onError is', () => {
    expect(() => createMockServer({ onRequest: true as never })).toThrow(
      'onRequest: must be a function, not true',
    );
    expect(() => createMockServer({ onError: 'log' as never })).toThrow(
      'onError: must be a function, not "log"',
    );
  });
});

describe('onRequest over HTTP', () => {
  it("hears the server's own refusals too: a control request addressed to another name", async () => {
    const heard: AnsweredRequest[] = [];
    const mock = createMockServer({ onRequest: (request) => void heard.push(request) });
    const running = await mock.listen({ port: 0 });
    try {
      const { status, requestId } = await new Promise<{ status: number; requestId: unknown }>(
        (resolve, reject) => {
          const req = httpRequest(
            {
              host: '127.0.0.1',
              port: running.port,
              path: '/__mock/clock?x=1',
              headers: { host: 'evil.example' },
            },
            (res) => {
              res.resume();
              resolve({ status: res.statusCode ?? 0, requestId: res.headers['x-request-id'] });
            },
          );
          req.on('error', reject);
          req.end();
        },
      );
      expect(status).toBe(403);
      expect(heard).toHaveLength(1);
      expect(heard[0]).toMatchObject({
        method: 'GET',
        path: '/__mock/clock',
        query: '?x=1',
        status: 403,
        request_id: requestId,
        key_id: null,
        operation_id: null,
        error: { code: 'FORBIDDEN', message: expect.stringMatching(/^Host: the control API/) },
      });
    } finally {
      await running.close();
      mock.dispose();
    }
  });
});
