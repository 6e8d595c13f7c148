// A fault with `drop` cuts the connection instead of answering with an error status: the network
// failures a client's retry logic is there for (WireMock's connection-reset faults), each with what
// the API did before the cut, so that a suite can test that a retried POST does not create twice.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('a fault that drops the connection, over $name', (transport) => {
  const h = useMock(transport);

  /** A request through the transport as a client sends it, rejections and all. */
  const send = (method: string, path: string, body?: unknown) =>
    h.connection.fetch(`${h.connection.baseUrl}${path}`, {
      method,
      headers: {
        'x-api-key': h.key,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });

  const agentNames = async () =>
    (await h.call('GET', '/v1/agents')).body.data.map((a: { name: string }) => a.name);

  it('drop "request": the client gets a connection error and the API never saw the request', async () => {
    await h.call('POST', '/__mock/faults', {
      body: { method: 'POST', path: '/v1/agents', drop: 'request' },
    });
    await expect(send('POST', '/v1/agents', { name: 'Lost' })).rejects.toThrow(TypeError);
    expect(await agentNames()).toEqual([]);
    const [dropped] = h.mock.requests();
    expect(dropped).toMatchObject({
      method: 'POST',
      path: '/v1/agents',
      status: 0,
      dropped: 'request',
      key_id: null,
      operation_id: 'agentsCreate',
    });
    // Used up: the retry goes through.
    expect((await send('POST', '/v1/agents', { name: 'Kept' })).status).toBe(201);
    expect(await agentNames()).toEqual(['Kept']);
  });

  it('drop "request" comes before authentication and the rate limit: the API never saw it', async () => {
    h.mock.faults.add({ path: '/v1/agents', drop: 'request' });
    await expect(
      h.connection.fetch(`${h.connection.baseUrl}/v1/agents`, { headers: { 'x-api-key': 'nope' } }),
    ).rejects.toThrow(TypeError);
    const after = await send('GET', '/v1/agents');
    // The first request this key made that counted.
    expect(after.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('drop "request" with key_id cuts only that key\'s requests, and the journal names the key', async () => {
    const mine = h.mock.createApiKey({ scopes: 'all' });
    h.mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'request', key_id: mine.id });
    const post = (key: string | null, name: string) =>
      h.connection.fetch(`${h.connection.baseUrl}/v1/agents`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          ...(key === null ? {} : { 'x-api-key': key }),
        },
        body: JSON.stringify({ name }),
      });
    // Another key's request, and one with no key or an unknown one, go through: none uses it up.
    expect((await post(h.key, 'Theirs')).status).toBe(201);
    expect((await post(null, 'None')).status).toBe(401);
    expect((await post('nobody-at-all', 'None')).status).toBe(401);
    expect(h.mock.faults.list()).toHaveLength(1);
    await expect(post(mine.key, 'Lost')).rejects.toThrow(TypeError);
    expect(h.mock.requests({ key_id: mine.id })).toEqual([
      expect.objectContaining({ status: 0, dropped: 'request', key_id: mine.id }),
    ]);
    // Still never seen by the API: nothing made, nothing counted against the key.
    const retried = await post(mine.key, 'Kept');
    expect(retried.status).toBe(201);
    expect(retried.headers.get('x-ratelimit-remaining')).toBe('99');
    expect(h.mock.exportState().tables.agents.map((a) => a.name)).toEqual(['Theirs', 'Kept']);
  });

  it('drop "response" with key_id loses only that key\'s answers', async () => {
    const mine = h.mock.createApiKey({ scopes: 'all' });
    const added = await h.call('POST', '/__mock/faults', {
      body: { method: 'POST', path: '/v1/agents', drop: 'response', key_id: mine.id },
    });
    expect(added.status).toBe(201);
    expect((await send('POST', '/v1/agents', { name: 'Theirs' })).status).toBe(201);
    const lost = h.connection.fetch(`${h.connection.baseUrl}/v1/agents`, {
      method: 'POST',
      headers: { 'x-api-key': mine.key, 'content-type': 'application/json' },
      body: '{"name":"Mine"}',
    });
    await expect(lost).rejects.toThrow(TypeError);
    expect(h.mock.requests({ key_id: mine.id })).toEqual([
      expect.objectContaining({ status: 201, dropped: 'response' }),
    ]);
  });

  it('drop with after lets the first requests through, counting each as it arrives, key or not', async () => {
    h.mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'request', after: 2 });
    expect((await send('POST', '/v1/agents', { name: 'One' })).status).toBe(201);
    // A drop fires before authentication, so a request with no valid key is one it lets through.
    const unknown = await h.connection.fetch(`${h.connection.baseUrl}/v1/agents`, {
      method: 'POST',
      headers: { 'x-api-key': 'nobody-at-all' },
    });
    expect(unknown.status).toBe(401);
    expect(h.mock.faults.list()[0]).toMatchObject({ after: 2, let_through: 0, remaining: 1 });
    await expect(send('POST', '/v1/agents', { name: 'Lost' })).rejects.toThrow(TypeError);
    expect((await send('POST', '/v1/agents', { name: 'Two' })).status).toBe(201);
    expect(await agentNames()).toEqual(['Two', 'One']);
  });

  it('drop "response": the API carries the request out, then the answer is lost', async () => {
    h.mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'response' });
    await expect(send('POST', '/v1/agents', { name: 'Made' })).rejects.toThrow(TypeError);
    // The classic duplicate: the client saw an error, the agent exists.
    expect(await agentNames()).toEqual(['Made']);
    expect(h.mock.requests()[0]).toMatchObject({
      status: 201,
      dropped: 'response',
      key_id: expect.any(String),
    });
    // It counted against the key's limit, as the request reached the API.
    expect((await send('GET', '/v1/agents')).headers.get('x-ratelimit-remaining')).toBe('97');
  });

  it('drop "response" loses an error answer as it loses a success', async () => {
    h.mock.faults.add({ path: '/v1/agents/{id}', drop: 'response' });
    await expect(send('GET', `/v1/agents/${crypto.randomUUID()}`)).rejects.toThrow(TypeError);
    expect(h.mock.requests()[0]).toMatchObject({ status: 404, dropped: 'response' });
  });

  it('drop "body": the status and headers arrive, the body is cut halfway', async () => {
    for (const name of ['One', 'Two', 'Three'])
      await h.call('POST', '/v1/agents', { body: { name } });
    h.mock.faults.add({ method: 'GET', path: '/v1/agents', drop: 'body' });
    const res = await send('GET', '/v1/agents');
    expect(res.status).toBe(200);
    expect(res.headers.get('x-request-id')).toMatch(/./);
    await expect(res.text()).rejects.toThrow(TypeError);
    expect(h.mock.requests().at(-1)).toMatchObject({ status: 200, dropped: 'body' });
    expect((await send('GET', '/v1/agents')).status).toBe(200);
  });

  it('drop "body" on an answer without a body (a 204) loses the whole answer', async () => {
    const made = await h.call('POST', '/v1/agents', { body: { name: 'Gone' } });
    h.mock.faults.add({ method: 'DELETE', path: '/v1/agents/{id}', drop: 'body' });
    await expect(send('DELETE', `/v1/agents/${made.body.data.id}`)).rejects.toThrow(TypeError);
    expect(h.mock.requests().at(-1)).toMatchObject({ status: 204, dropped: 'body' });
    expect(await agentNames()).toEqual([]);
  });

  it('plays in order with error faults, and lists with its drop', async () => {
    h.mock.faults.add({ path: '/v1/agents', drop: 'request', times: 2 });
    const added = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/agents', status: 503 },
    });
    expect(added.body.data).toEqual([
      { path: '/v1/agents', drop: 'request', times: 2, remaining: 2, after: 0, let_through: 0 },
      { path: '/v1/agents', status: 503, times: 1, remaining: 1, after: 0, let_through: 0 },
    ]);
    await expect(send('GET', '/v1/agents')).rejects.toThrow(TypeError);
    await expect(send('GET', '/v1/agents')).rejects.toThrow(TypeError);
    expect((await send('GET', '/v1/agents')).status).toBe(503);
    expect((await send('GET', '/v1/agents')).status).toBe(200);
    expect(h.mock.requests().map((r) => [r.status, r.dropped])).toEqual([
      [0, 'request'],
      [0, 'request'],
      [503, undefined],
      [200, undefined],
    ]);
  });

  it('the journal filters on what was cut (dropped=null: nothing) and on the 0 of a cut request', async () => {
    h.mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'request' });
    h.mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'response' });
    for (const name of ['Lost', 'Unheard']) {
      await expect(send('POST', '/v1/agents', { name })).rejects.toThrow(TypeError);
    }
    expect((await send('POST', '/v1/agents', { name: 'Heard' })).status).toBe(201);
    const seen = async (query: string) => {
      const res = await h.call('GET', `/__mock/requests?${query}`);
      expect(res.status, query).toBe(200);
      return res.body.data.map((r: { status: number; dropped?: string }) => [r.status, r.dropped]);
    };
    expect(await seen('status=0')).toEqual([[0, 'request']]);
    expect(await seen('dropped=response')).toEqual([[201, 'response']]);
    // The creations whose answer the client heard: not the one a cut lost.
    expect(await seen('operation_id=agentsCreate&status=201&dropped=null')).toEqual([
      [201, undefined],
    ]);
    expect(h.mock.requests({ dropped: 'request' }).map((r) => r.status)).toEqual([0]);
    expect(h.mock.requests({ method: 'POST', dropped: null })).toHaveLength(1);
    for (const [query, rule] of [
      ['status=50', 'minimum'],
      ['dropped=reset', 'enum'],
    ]) {
      const bad = await h.call('GET', `/__mock/requests?${query}`);
      expect(bad.status, query).toBe(400);
      expect(bad.body.error.details, query).toEqual([expect.objectContaining({ rule })]);
    }
  });

  it.each([
    [
      { path: '/v1/agents' },
      'status',
      'required',
      'status: is required, or drop to cut the connection, or delay_ms alone to hold a real answer back; a fault with none of them has nothing to do',
    ],
    [
      { path: '/v1/agents', status: 503, drop: 'response' },
      'drop',
      'not',
      'drop: a fault either answers status or drops the connection, not both',
    ],
    [
      { path: '/v1/agents', drop: 'response', code: 'X' },
      'code',
      'not',
      'code: only a fault with status answers; drop sends no answer to put it in',
    ],
    [
      { path: '/v1/agents', drop: 'request', retry_after: 5 },
      'retry_after',
      'not',
      'retry_after: only a fault with status answers; drop sends no answer to put it in',
    ],
    [
      { path: '/v1/agents', drop: 'body', message: 'x' },
      'message',
      'not',
      'message: only a fault with status answers; drop sends no answer to put it in',
    ],
    [{ path: '/v1/agents', drop: 'reset' }, 'drop', 'enum', 'drop: must be one of'],
  ])('refuses %j naming %s (rule %s)', async (fault, field, rule, message) => {
    const bad = await h.call('POST', '/__mock/faults', { body: fault });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(message);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field, rule })]);
    expect(h.mock.faults.list()).toEqual([]);
  });
});

describe('mock.fetch and mock.handle, dropping', () => {
  it('reject as fetch does on a network failure, the cause naming the fault', async () => {
    const mock = createMockServer({ clock: 'manual' });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'response', times: 2 });
      const init = {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: '{"name":"A"}',
      };
      const error = await mock.fetch('/v1/agents', init).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(TypeError);
      expect(error).toMatchObject({ message: 'fetch failed' });
      expect((error as Error).cause).toMatchObject({
        code: 'ECONNRESET',
        message: expect.stringContaining('drop "response" on POST /v1/agents'),
      });
      const viaHandle = mock.handle(new Request(`${mock.baseUrl}/v1/agents`, init));
      await expect(viaHandle).rejects.toThrow('fetch failed');
    } finally {
      mock.dispose();
    }
  });
});

describe('a drop fault with delay_ms', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds the cut back delay_ms of real time, after the API has carried the request out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const mock = createMockServer({ clock: 'manual' });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      mock.faults.add({ method: 'POST', path: '/v1/agents', drop: 'response', delay_ms: 5_000 });
      let failed: unknown;
      const pending = mock
        .fetch('/v1/agents', {
          method: 'POST',
          headers: { 'x-api-key': key, 'content-type': 'application/json' },
          body: '{"name":"Slow"}',
        })
        .catch((error: unknown) => {
          failed = error;
        });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(failed).toBeUndefined();
      // Made already: the answer is what is held back.
      expect(mock.exportState().tables.agents.map((a) => a.name)).toEqual(['Slow']);
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(failed).toBeInstanceOf(TypeError);
    } finally {
      mock.dispose();
    }
  });
});
