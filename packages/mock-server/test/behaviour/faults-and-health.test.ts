import { describe, expect, it } from 'vitest';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('faults and health over $name', (transport) => {
  const h = useMock(transport);

  it('answers the next `times` matching requests with the injected status', async () => {
    const added = await h.call('POST', '/__mock/faults', {
      body: { method: 'GET', path: '/v1/agents', status: 503, times: 2, retry_after: 7 },
    });
    expect(added.status).toBe(201);
    for (let i = 0; i < 2; i++) {
      const res = await h.call('GET', '/v1/agents');
      expect(res.status).toBe(503);
      expect(res.body.error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503 });
      expect(res.headers.get('retry-after')).toBe('7');
    }
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
    expect((await h.call('POST', '/v1/agents', { body: { name: 'x' } })).status).toBe(201);
  });

  it('matches spec path templates and answers 429 with its code', async () => {
    h.mock.faults.add({ path: '/v1/agents/{id}', status: 429, retry_after: 2 });
    const res = await h.call('GET', `/v1/agents/${crypto.randomUUID()}`);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(res.headers.get('retry-after')).toBe('2');
  });

  it('clears faults and rejects a bad one naming the field', async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 500, times: 5 });
    expect((await h.call('DELETE', '/__mock/faults')).status).toBe(204);
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
    const bad = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/agents', status: 200 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toMatch(/^status: /);
  });

  it.each([
    [{ path: '/v1/contacts', status: 500, method: 5 }, 'method: must be an HTTP method'],
    [{ path: '/v1/contacts', status: 500, method: 'GET /' }, 'method: must be an HTTP method'],
    [{ path: '/v1/contacts', status: 500, method: 'head' }, 'method: HEAD is served as GET'],
    [{ path: '/v1/contacts', status: 500, method: 'OPTIONS' }, 'method: OPTIONS is a CORS'],
    [{ path: '/**x', status: 500 }, 'path: * may only end a path'],
    [{ path: 'v1/agents', status: 500 }, 'path: must be a string that starts with /'],
    [{ path: '/v1/agents', status: 500, code: 7 }, 'code: must be a non-empty string'],
    [{ path: '/v1/agents', status: 500, message: {} }, 'message: must be a string'],
  ])('rejects %j naming the field, and keeps serving', async (fault, message) => {
    const bad = await h.call('POST', '/__mock/faults', { body: fault });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(message);
    expect((await h.call('GET', '/__mock/faults')).body.data).toEqual([]);
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
  });

  it('matches the method in any case, and regex characters in a path literally', async () => {
    h.mock.faults.add({ method: 'get', path: '/v1/agents', status: 500 });
    expect((await h.call('POST', '/v1/agents', { body: { name: 'x' } })).status).toBe(201);
    expect((await h.call('GET', '/v1/agents')).status).toBe(500);
    // A GET fault covers HEAD, which is served as GET.
    h.mock.faults.add({ method: 'GET', path: '/v1/agents', status: 503 });
    expect((await h.call('HEAD', '/v1/agents', { unchecked: true })).status).toBe(503);
    // As a RegExp, `.` would match the `s` of /v1/agents.
    h.mock.faults.add({ path: '/v1/agent.', status: 503 });
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
    h.mock.faults.clear();
    h.mock.faults.add({ path: '/v1/cont*', status: 503 });
    expect((await h.call('GET', '/v1/contacts')).status).toBe(503);
  });

  it('reports maintenance on health and answers 503 elsewhere until ok', async () => {
    expect(
      (await h.call('PUT', '/__mock/health', { body: { status: 'maintenance' } })).status,
    ).toBe(200);
    const health = await h.call('GET', '/v1/health', { key: null });
    expect(health.status).toBe(503);
    expect(health.body.status).toBe('maintenance');
    const op = await h.call('GET', '/v1/agents');
    expect(op.status).toBe(503);
    expect(op.body.error.code).toBe('SERVICE_UNAVAILABLE');
    h.mock.setHealth('degraded');
    expect((await h.call('GET', '/v1/health', { key: null })).body.status).toBe('degraded');
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
    h.mock.setHealth('ok');
    expect((await h.call('GET', '/v1/health', { key: null })).status).toBe(200);
  });
});
