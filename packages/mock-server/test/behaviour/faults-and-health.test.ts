import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockServer } from '../../src/index.js';
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

  it('lists each fault with its times and after, given or not, and what is left of each', async () => {
    await h.call('POST', '/__mock/faults', { body: { path: '/v1/agents', status: 500 } });
    const added = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/contacts', status: 503, times: 3 },
    });
    expect(added.body.data).toEqual([
      { path: '/v1/agents', status: 500, times: 1, remaining: 1, after: 0, let_through: 0 },
      { path: '/v1/contacts', status: 503, times: 3, remaining: 3, after: 0, let_through: 0 },
    ]);
    await h.call('GET', '/v1/contacts');
    expect((await h.call('GET', '/__mock/faults')).body.data[1]).toMatchObject({
      times: 3,
      remaining: 2,
    });
    // In-process too, typed with both (PendingFault): `remaining` is a number, no cast.
    const [, contacts] = h.mock.faults.list();
    const left: number | undefined = contacts?.remaining;
    expect([contacts?.times, left]).toEqual([3, 2]);
  });

  it("fires a fault with key_id only on that key's requests, never used up by another key's", async () => {
    const mine = h.mock.createApiKey({ scopes: 'all' });
    const theirs = h.mock.createApiKey({ scopes: 'all' });
    const added = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/agents', status: 503, key_id: mine.id.toUpperCase(), times: 2 },
    });
    expect(added.status).toBe(201);
    // Stored and listed as the journal shows ids: in lower case.
    expect(added.body.data).toEqual([
      {
        path: '/v1/agents',
        status: 503,
        key_id: mine.id,
        times: 2,
        remaining: 2,
        after: 0,
        let_through: 0,
      },
    ]);
    for (const key of [theirs.key, h.key]) {
      expect((await h.call('GET', '/v1/agents', { key })).status).toBe(200);
    }
    // A key unknown or absent gets the API's own 401, the fault waiting.
    expect((await h.call('GET', '/v1/agents', { key: 'nobody-at-all' })).status).toBe(401);
    expect((await h.call('GET', '/v1/agents', { key: null })).status).toBe(401);
    expect(h.mock.faults.list()[0]?.remaining).toBe(2);
    expect((await h.call('GET', '/v1/agents', { key: mine.key })).status).toBe(503);
    expect((await h.call('GET', '/v1/agents', { key: theirs.key })).status).toBe(200);
    expect((await h.call('GET', '/v1/agents', { key: mine.key })).status).toBe(503);
    expect((await h.call('GET', '/v1/agents', { key: mine.key })).status).toBe(200);
    expect(h.mock.requests({ key_id: mine.id }).map((r) => r.status)).toEqual([503, 503, 200]);
  });

  it('plays scoped and unscoped faults in the order added: the first that matches fires', async () => {
    const mine = h.mock.createApiKey({ scopes: 'all' });
    h.mock.faults.add({ path: '/v1/agents', status: 503, key_id: mine.id });
    h.mock.faults.add({ path: '/v1/agents', status: 500, times: 2 });
    const status = async (key: string) => (await h.call('GET', '/v1/agents', { key })).status;
    expect(await status(h.key)).toBe(500);
    expect(await status(mine.key)).toBe(503);
    expect(await status(mine.key)).toBe(500);
    expect(await status(mine.key)).toBe(200);
    expect(await status(h.key)).toBe(200);
  });

  it("lists and clears every key's faults without a key_id: one worker's clear() removes the others'", async () => {
    const mine = h.mock.createApiKey({ scopes: 'all' });
    const theirs = h.mock.createApiKey({ scopes: 'all' });
    h.mock.faults.add({ path: '/v1/agents', status: 503, key_id: theirs.id });
    const added = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/agents', status: 500, key_id: mine.id },
    });
    expect(added.body.data.map((f: { key_id: string }) => f.key_id)).toEqual([theirs.id, mine.id]);
    expect((await h.call('DELETE', '/__mock/faults')).status).toBe(204);
    expect((await h.call('GET', '/v1/agents', { key: theirs.key })).status).toBe(200);
  });

  it("lists and clears one key's faults with key_id (any case), leaving the others' and unscoped ones", async () => {
    const mine = h.mock.createApiKey({ scopes: 'all' });
    const theirs = h.mock.createApiKey({ scopes: 'all' });
    h.mock.faults.add({ path: '/v1/agents', status: 503, key_id: theirs.id });
    h.mock.faults.add({ path: '/v1/agents', status: 500, key_id: mine.id });
    h.mock.faults.add({ path: '/v1/contacts', drop: 'request', key_id: mine.id });
    h.mock.faults.add({ path: '/v1/me', status: 429 });
    const keys = (faults: { key_id?: string }[]) => faults.map((f) => f.key_id);
    expect(keys(h.mock.faults.list({ key_id: mine.id }))).toEqual([mine.id, mine.id]);
    const listed = await h.call('GET', `/__mock/faults?key_id=${theirs.id.toUpperCase()}`);
    expect(keys(listed.body.data)).toEqual([theirs.id]);
    expect((await h.call('DELETE', `/__mock/faults?key_id=${mine.id}`)).status).toBe(204);
    expect(keys(h.mock.faults.list())).toEqual([theirs.id, undefined]);
    h.mock.faults.clear({ key_id: theirs.id });
    expect(h.mock.faults.list()).toMatchObject([{ path: '/v1/me', status: 429 }]);
    // Neither filter touches unscoped faults; a key without faults lists none.
    expect(h.mock.faults.list({ key_id: mine.id })).toEqual([]);
    expect((await h.call('GET', '/v1/agents', { key: theirs.key })).status).toBe(200);
  });

  it('refuses a faults filter it does not know, naming it, rather than listing or clearing all', async () => {
    h.mock.faults.add({ path: '/v1/me', status: 429 });
    const refused = await h.call('DELETE', '/__mock/faults?keyid=x');
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toMatchObject([{ field: 'keyid', rule: 'unknown' }]);
    // @ts-expect-error: keyId is no filter
    expect(() => h.mock.faults.clear({ keyId: 'x' })).toThrow(/keyId/);
    expect(() => h.mock.faults.list({ key_id: 7 as never })).toThrow(/key_id: must be a string/);
    expect(h.mock.faults.list()).toHaveLength(1);
  });

  it("refuses a faults filter's key_id that is no id (null, empty, a key string), which took nothing", async () => {
    const { key } = h.mock.createApiKey({ scopes: 'all' });
    h.mock.faults.add({ path: '/v1/me', status: 429 });
    for (const query of ['key_id=null', 'key_id=', `key_id=${key}`]) {
      const refused = await h.call('DELETE', `/__mock/faults?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.body.error.details, query).toMatchObject([
        { field: 'key_id', rule: 'format' },
      ]);
    }
    expect(() => h.mock.faults.clear({ key_id: key })).toThrow(/^key_id: /);
    expect(h.mock.faults.list()).toHaveLength(1);
  });

  it('refuses a key_id no key, fault or request has (a typo), rather than leaving the faults armed', async () => {
    const mine = h.mock.createApiKey({ scopes: 'all' });
    h.mock.faults.add({ path: '/v1/me', status: 503, key_id: mine.id });
    const typo = `${mine.id.slice(0, -1)}${mine.id.endsWith('0') ? '1' : '0'}`;
    for (const method of ['GET', 'DELETE']) {
      const refused = await h.call(method, `/__mock/faults?key_id=${typo}`);
      expect(refused.status, method).toBe(400);
      expect(refused.body.error.details, method).toEqual([
        { field: 'key_id', rule: 'exists', message: `key_id: no API key has the id ${typo}` },
      ]);
    }
    expect(() => h.mock.faults.clear({ key_id: typo })).toThrow(/^key_id: no API key has the id/);
    expect(h.mock.faults.list()).toHaveLength(1);
    // A revoked key's faults are still its own to list and clear.
    expect((await h.call('DELETE', `/__mock/api-keys/${mine.id}`)).status).toBe(204);
    expect(h.mock.faults.list({ key_id: mine.id })).toHaveLength(1);
    h.mock.faults.clear({ key_id: mine.id });
    expect(h.mock.faults.list()).toEqual([]);
  });

  it('keeps an injected 401 scoped to a key before the rate limit, as an unscoped one', async () => {
    const mock = h.mock;
    const mine = mock.createApiKey({ scopes: 'all' });
    mock.faults.add({ path: '/v1/me', status: 401, key_id: mine.id });
    const res = await h.call('GET', '/v1/me', { key: mine.key });
    expect(res.status).toBe(401);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    expect(mock.requests().at(-1)?.key_id).toBeNull();
    // Not counted against the key: its first counted request has 99 left.
    const next = await h.call('GET', '/v1/me', { key: mine.key });
    expect(next.headers.get('x-ratelimit-remaining')).toBe('99');
  });

  it('lets the first `after` matching requests through, then fires `times`', async () => {
    const added = await h.call('POST', '/__mock/faults', {
      body: { method: 'GET', path: '/v1/agents', status: 500, after: 2, times: 2 },
    });
    expect(added.body.data).toEqual([
      {
        method: 'GET',
        path: '/v1/agents',
        status: 500,
        times: 2,
        remaining: 2,
        after: 2,
        let_through: 2,
      },
    ]);
    const status = async () => (await h.call('GET', '/v1/agents')).status;
    // Another method does not match, so it is not counted.
    expect((await h.call('POST', '/v1/agents', { body: { name: 'x' } })).status).toBe(201);
    expect(await status()).toBe(200);
    expect((await h.call('GET', '/__mock/faults')).body.data[0]).toMatchObject({
      after: 2,
      let_through: 1,
      remaining: 2,
    });
    expect(await status()).toBe(200);
    expect(h.mock.faults.list()[0]).toMatchObject({ let_through: 0, remaining: 2 });
    expect(await status()).toBe(500);
    expect(await status()).toBe(500);
    expect(await status()).toBe(200);
    expect(h.mock.faults.list()).toEqual([]);
  });

  it('hands a request it lets through to the faults behind it, as if it were not there', async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 500, after: 1 });
    h.mock.faults.add({ path: '/v1/agents', status: 503 });
    const status = async () => (await h.call('GET', '/v1/agents')).status;
    expect(await status()).toBe(503);
    expect(await status()).toBe(500);
    expect(await status()).toBe(200);
  });

  it('counts only the requests it would have fired on: not those a fault ahead answers, nor a 401', async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 503 });
    h.mock.faults.add({ path: '/v1/agents', status: 500, after: 1 });
    const status = async (key?: string) => (await h.call('GET', '/v1/agents', { key })).status;
    expect(await status()).toBe(503);
    expect(await status('nobody-at-all')).toBe(401);
    expect(h.mock.faults.list()).toEqual([
      expect.objectContaining({ status: 500, let_through: 1 }),
    ]);
    expect(await status()).toBe(200);
    expect(await status()).toBe(500);
  });

  it('counts for an injected 401 only the requests whose key is good: not one a real 401 refuses', async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 401, after: 1 });
    const status = async (key?: string) => (await h.call('GET', '/v1/agents', { key })).status;
    expect(await status('nobody-at-all')).toBe(401);
    // let_through is what is left to let through: none was.
    expect(h.mock.faults.list()).toEqual([expect.objectContaining({ let_through: 1 })]);
    expect(await status()).toBe(200);
    expect(await status()).toBe(401);
  });

  it('takes one count of after per request as it arrives, concurrent ones too', async () => {
    h.mock.faults.add({ method: 'GET', path: '/v1/agents', status: 503, after: 2 });
    const statuses = await Promise.all(
      [1, 2, 3, 4].map(async () => (await h.call('GET', '/v1/agents')).status),
    );
    expect(statuses.sort()).toEqual([200, 200, 200, 503]);
    expect(h.mock.faults.list()).toEqual([]);
  });

  it("counts after only on its key's requests when it has key_id", async () => {
    const mine = h.mock.createApiKey({ scopes: 'all' });
    h.mock.faults.add({ path: '/v1/agents', status: 500, after: 1, key_id: mine.id });
    const status = async (key: string) => (await h.call('GET', '/v1/agents', { key })).status;
    expect(await status(h.key)).toBe(200);
    expect(await status(h.key)).toBe(200);
    expect(await status(mine.key)).toBe(200);
    expect(await status(h.key)).toBe(200);
    expect(await status(mine.key)).toBe(500);
  });

  it('matches spec path templates and answers 429 with its code', async () => {
    h.mock.faults.add({ path: '/v1/agents/{id}', status: 429, retry_after: 2 });
    const res = await h.call('GET', `/v1/agents/${crypto.randomUUID()}`);
    expect(res.status).toBe(429);
    expect(res.body.error.code).toBe('RATE_LIMIT_EXCEEDED');
    expect(res.headers.get('retry-after')).toBe('2');
  });

  it('matches an id in the path regardless of case, as the API matches ids', async () => {
    const id = crypto.randomUUID();
    h.mock.faults.add({ path: `/v1/agents/${id.toUpperCase()}`, status: 500 });
    expect((await h.call('GET', `/v1/agents/${id}`)).status).toBe(500);
    h.mock.faults.add({ path: `/v1/agents/${id}/*`, status: 503 });
    expect((await h.call('POST', `/v1/agents/${id.toUpperCase()}/activate`)).status).toBe(503);
    expect((await h.call('GET', `/v1/agents/${id}`)).status).toBe(404);
  });

  it('sends Retry-After: 0 when asked, so that a test has its client retry at once', async () => {
    // Below the spec's least (1), which the API sends: a fault's choice, as its status is.
    // Unchecked: the spec's check (as the contract proxy's) would count it as drift, rightly.
    h.mock.faults.add({ path: '/v1/agents', status: 503, retry_after: 0 });
    const res = await h.call('GET', '/v1/agents', { unchecked: true });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('0');
  });

  it('sends Retry-After: 1 on a 429 fault that names no retry_after, as the API always does', async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 429 });
    const res = await h.call('GET', '/v1/agents');
    expect(res.status).toBe(429);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.headers.get('x-ratelimit-remaining')).toBe('0');
    h.mock.faults.add({ path: '/v1/agents', status: 500 });
    expect((await h.call('GET', '/v1/agents')).headers.get('retry-after')).toBeNull();
  });

  it('answers an injected 400 with the details it names, its message the first one and a count', async () => {
    const details = [
      { field: 'email', rule: 'format', message: 'email: must be an email address' },
      { field: 'phone', rule: 'pattern', message: 'phone: must be E.164' },
    ];
    await h.call('POST', '/__mock/faults', {
      body: { method: 'POST', path: '/v1/contacts', status: 400, details },
    });
    const res = await h.call('POST', '/v1/contacts', { body: { name: 'Ann' } });
    expect(res.status).toBe(400);
    expect(res.body.error).toEqual({
      code: 'VALIDATION_ERROR',
      message: 'email: must be an email address (and 1 more)',
      status: 400,
      details,
    });
    h.mock.faults.add({ path: '/v1/contacts', status: 400, details, message: 'Check the form' });
    expect((await h.call('GET', '/v1/contacts')).body.error.message).toBe('Check the form');
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
    [{ path: '/v1/contacts', status: 500, method: 5 }, 'type', 'method: must be an HTTP method'],
    [{ path: '/v1/contacts', status: 500, method: 'GET /' }, 'pattern', 'method: must be an HTTP'],
    [
      { path: '/v1/contacts', status: 500, method: 'head' },
      'enum',
      'method: HEAD is served as GET',
    ],
    [{ path: '/v1/contacts', status: 500, method: 'OPTIONS' }, 'enum', 'method: OPTIONS is a CORS'],
    [{ path: '/**x', status: 500 }, 'pattern', 'path: * may only end a path'],
    [{ path: 'v1/agents', status: 500 }, 'pattern', 'path: must start with /'],
    [{ path: 5, status: 500 }, 'type', 'path: must be a string'],
    [{ status: 500 }, 'required', 'path: is required'],
    [
      { path: '/v1/agents' },
      'required',
      'status: is required, or drop to cut the connection, or delay_ms alone to hold a real answer back; a fault with none of them has nothing to do',
    ],
    [
      { path: '/v1/agents', delay_ms: 0 },
      'minimum',
      'delay_ms: must be at least 1 without status or drop, or the fault has nothing to do',
    ],
    [
      { path: '/v1/agents', delay_ms: 300, code: 'SLOW' },
      'not',
      'code: only a fault with status answers; without status or drop the request gets its real answer',
    ],
    [
      { path: '/v1/agents', delay_ms: 300, retry_after: 5 },
      'not',
      'retry_after: only a fault with status answers',
    ],
    [{ path: '/v1/agents', status: '503' }, 'type', 'status: must be an integer'],
    [{ path: '/v1/agents', status: 503.5 }, 'type', 'status: must be an integer'],
    [{ path: '/v1/agents', status: 600 }, 'maximum', 'status: must be at most 599'],
    [{ path: '/v1/agents', status: 500, code: 7 }, 'type', 'code: must be a string'],
    [{ path: '/v1/agents', status: 500, code: '' }, 'minLength', 'code: must not be empty'],
    [{ path: '/v1/agents', status: 500, message: {} }, 'type', 'message: must be a string'],
    [{ path: '/v1/agents', status: 500, times: 1.5 }, 'type', 'times: must be an integer'],
    [{ path: '/v1/agents', status: 500, times: 0 }, 'minimum', 'times: must be at least 1'],
    [{ path: '/v1/agents', status: 500, delay_ms: -1 }, 'minimum', 'delay_ms: must be at least 0'],
    [
      { path: '/v1/agents', status: 500, delay_ms: 2 ** 31 },
      'maximum',
      'delay_ms: must be at most',
    ],
    [{ path: '/v1/agents', status: 429, retry_after: '5' }, 'type', 'retry_after: must be an'],
    [
      { path: '/v1/agents', status: 503, details: [{ field: 'a', rule: 'b', message: 'c' }] },
      'not',
      'details: come only with a 400 VALIDATION_ERROR, as the API sends them',
    ],
    [
      {
        path: '/v1/agents',
        status: 400,
        code: 'BAD',
        details: [{ field: 'a', rule: 'b', message: 'c' }],
      },
      'not',
      'details: come only with a 400 VALIDATION_ERROR, as the API sends them',
    ],
    [
      {
        path: '/v1/agents',
        status: 422,
        code: 'VALIDATION_ERROR',
        details: [{ field: 'a', rule: 'b', message: 'c' }],
      },
      'not',
      'details: come only with a 400 VALIDATION_ERROR, as the API sends them',
    ],
    [{ path: '/v1/agents', status: 400, details: [] }, 'minItems', 'details: must have at least 1'],
    [
      { path: '/v1/agents', status: 400, details: [{ field: 'a', rule: 'b' }] },
      'required',
      'details[0].message: is required',
    ],
    [
      { path: '/v1/agents', drop: 'response', details: [{ field: 'a', rule: 'b', message: 'c' }] },
      'not',
      'details: only a fault with status answers',
    ],
    [{ path: '/v1/agents', status: 500, after: -1 }, 'minimum', 'after: must be at least 0'],
    [{ path: '/v1/agents', status: 500, after: 0.5 }, 'type', 'after: must be an integer'],
    [{ path: '/v1/agents', status: 500, after: '1' }, 'type', 'after: must be an integer'],
    [
      { path: '/v1/agents', status: 500, after: 2 ** 53 },
      'maximum',
      'after: must be at most 9007199254740991',
    ],
    [{ path: '/v1/agents', status: 500, key_id: 'k1' }, 'format', 'key_id: must be a UUID'],
    [{ path: '/v1/agents', status: 500, key_id: 7 }, 'type', 'key_id: must be a string'],
    [
      { path: '/v1/agents', status: 500, key_id: '00000000-0000-4000-8000-00000000abcd' },
      'exists',
      'key_id: no API key has the id 00000000-0000-4000-8000-00000000abcd',
    ],
  ])('rejects %j naming the field and rule %s, and keeps serving', async (fault, rule, message) => {
    const bad = await h.call('POST', '/__mock/faults', { body: fault });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('VALIDATION_ERROR');
    expect(bad.body.error.message).toContain(message);
    expect(bad.body.error.details[0]).toMatchObject({
      field: message.slice(0, message.indexOf(':')),
      rule,
    });
    expect((await h.call('GET', '/__mock/faults')).body.data).toEqual([]);
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
  });

  it('refuses a key_id of a revoked key, or on a path that takes no key, naming key_id', async () => {
    const gone = h.mock.createApiKey({ scopes: 'all' });
    h.mock.revokeApiKey(gone.id);
    const revoked = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/agents', status: 503, key_id: gone.id },
    });
    expect(revoked.status).toBe(400);
    expect(revoked.body.error.details).toEqual([
      {
        field: 'key_id',
        rule: 'active',
        message: `key_id: the API key ${gone.id} was revoked: its requests are 401 before any fault, so the fault would never fire`,
      },
    ]);
    const mine = h.mock.createApiKey({ scopes: 'all' });
    expect(() =>
      h.mock.faults.add({ method: 'GET', path: '/v1/health', status: 503, key_id: mine.id }),
    ).toThrow(
      'key_id: GET on /v1/health needs no API key, so a fault for one key never fires on it',
    );
    expect(() =>
      h.mock.faults.add({ path: '/v1/heal*', drop: 'request', key_id: mine.id }),
    ).toThrow('key_id: a request on /v1/heal* needs no API key');
    expect(h.mock.faults.list()).toEqual([]);
    // A path that reaches health and operations that take a key fires on the latter only.
    h.mock.faults.add({ method: 'GET', path: '/v1/*', status: 503, key_id: mine.id });
    expect((await h.call('GET', '/v1/health', { key: mine.key })).status).toBe(200);
    expect((await h.call('GET', '/v1/me', { key: mine.key })).status).toBe(503);
  });

  it('refuses unknown fields, naming each, instead of ignoring them', async () => {
    const bad = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/me', status: 503, time: 3, retryAfter: 5 },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe(
      'time: is not a known field; did you mean "times"? (and 1 more)',
    );
    expect(bad.body.error.details).toEqual([
      {
        field: 'time',
        rule: 'unknown',
        message: 'time: is not a known field; did you mean "times"?',
      },
      {
        field: 'retryAfter',
        rule: 'unknown',
        message: 'retryAfter: is not a known field; did you mean "retry_after"?',
      },
    ]);
    expect((await h.call('GET', '/__mock/faults')).body.data).toEqual([]);
    expect((await h.call('GET', '/v1/me')).status).toBe(200);
    let thrown: unknown;
    try {
      h.mock.faults.add({ path: '/v1/me', status: 503, time: 3 } as never);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toMatchObject({ status: 400, details: [{ field: 'time', rule: 'unknown' }] });
    expect(h.mock.faults.list()).toEqual([]);
  });

  it('refuses a body that is not sent as JSON', async () => {
    const raw = JSON.stringify({ path: '/v1/agents', status: 503 });
    const bad = await h.call('POST', '/__mock/faults', {
      raw,
      headers: { 'content-type': 'text/plain' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      {
        field: 'body',
        rule: 'contentType',
        message: 'body: must be JSON, sent with Content-Type: application/json',
      },
    ]);
    expect((await h.call('GET', '/__mock/faults')).body.data).toEqual([]);
  });

  it.each([
    [{ path: '/v1/nope', status: 503 }, 'path', 'path: /v1/nope matches no route of the API'],
    [{ path: '/v1/nope*', status: 503 }, 'path', 'path: /v1/nope* matches no route of the API'],
    [{ path: '/v1/agents/', status: 503 }, 'path', 'path: /v1/agents/ matches no route'],
    [{ path: '/v1/agents/{id}/x', status: 503 }, 'path', 'matches no route'],
    [{ path: '/__mock/faults', status: 503 }, 'path', 'path: the control API (/__mock) is never'],
    [{ path: '/__mock*', status: 503 }, 'path', 'path: the control API (/__mock) is never'],
    [
      { method: 'POST', path: '/v1/agents/{id}', status: 418 },
      'method',
      'method: POST never reaches /v1/agents/{id}, which allows GET, PUT, DELETE',
    ],
    [
      { method: 'DELETE', path: '/v1/health', status: 503 },
      'method',
      'method: DELETE never reaches /v1/health, which allows GET',
    ],
  ])('refuses %j, which could never fire, naming %s', async (fault, field, message) => {
    const bad = await h.call('POST', '/__mock/faults', { body: fault });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain(message);
    expect(bad.body.error.details).toHaveLength(1);
    expect(bad.body.error.details[0].field).toBe(field);
    expect((await h.call('GET', '/__mock/faults')).body.data).toEqual([]);
  });

  // As a request's 404 does (near-miss.ts): a fault for a misspelt path names the path meant.
  it.each([
    ['/v1/agnets', '/v1/agents'],
    ['/v1/agent', '/v1/agents'],
    ['/v1/Agents/{id}', '/v1/agents/{id}'],
    ['/v1/chats/{id}/start_human', '/v1/chats/{id}/start-human'],
    ['/agents', '/v1/agents'],
    ['/v1/v1/contacts*', '/v1/contacts*'],
  ])('refuses the fault path %s, which matches no route, suggesting %s', async (path, meant) => {
    const bad = await h.call('POST', '/__mock/faults', { body: { path, status: 503 } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([
      {
        field: 'path',
        rule: 'route',
        message: `path: ${path} matches no route of the API, so the fault could never fire; did you mean ${meant}?`,
      },
    ]);
  });

  it('suggests nothing for a fault path far from every route', async () => {
    const bad = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/xyzzy', status: 503 },
    });
    expect(bad.body.error.details[0].message).toBe(
      'path: /v1/xyzzy matches no route of the API, so the fault could never fire',
    );
  });

  it('accepts exact paths, templates and prefixes that reach a route, and fires on them', async () => {
    const id = crypto.randomUUID();
    for (const fault of [
      { method: 'put', path: `/v1/agents/${id}`, status: 503 },
      { path: '/v1/{resource}', status: 502 },
      { path: '/v1/agents*', status: 500, method: 'DELETE' },
      { path: '/v1/agents/{id}/tr*', status: 504 },
    ]) {
      expect((await h.call('POST', '/__mock/faults', { body: fault })).status).toBe(201);
    }
    // Statuses the spec does not declare for these operations: the contract check is skipped.
    const status = async (method: string, path: string, body?: unknown) =>
      (await h.call(method, path, { body, unchecked: true })).status;
    expect(await status('PUT', `/v1/agents/${id}`, { name: 'x' })).toBe(503);
    expect(await status('GET', '/v1/contacts')).toBe(502);
    expect(await status('DELETE', `/v1/agents/${id}`)).toBe(500);
    expect(await status('GET', `/v1/agents/${id}/trainings`)).toBe(504);
    expect((await h.call('GET', '/__mock/faults')).body.data).toEqual([]);
  });

  it.each([
    [400, 'VALIDATION_ERROR'],
    [401, 'UNAUTHORIZED'],
    [403, 'FORBIDDEN'],
    [404, 'NOT_FOUND'],
    [405, 'METHOD_NOT_ALLOWED'],
    [409, 'CONFLICT'],
    [413, 'PAYLOAD_TOO_LARGE'],
    [418, 'CLIENT_ERROR'],
    [422, 'CLIENT_ERROR'],
    [429, 'RATE_LIMIT_EXCEEDED'],
    [500, 'INTERNAL_ERROR'],
    [502, 'INTERNAL_ERROR'],
    [503, 'SERVICE_UNAVAILABLE'],
  ])('derives the code of a %i fault that names none: %s', async (status, code) => {
    h.mock.faults.add({ method: 'GET', path: '/v1/agents/{id}', status });
    const res = await h.call('GET', `/v1/agents/${crypto.randomUUID()}`, { unchecked: true });
    expect(res.status).toBe(status);
    expect(res.body.error).toEqual({ code, status, message: `injected fault: ${status} ${code}` });
  });

  it("answers with the code a fault names, the API's or one it does not have (typed as any text)", async () => {
    h.mock.faults.add({ path: '/v1/agents', status: 418, code: 'CONFLICT' });
    const res = await h.call('GET', '/v1/agents', { unchecked: true });
    expect(res.body.error).toMatchObject({ code: 'CONFLICT', status: 418 });
    h.mock.faults.clear();
    // No cast: a client's handling of a code it does not know is what this is for.
    h.mock.faults.add({ path: '/v1/agents', status: 500, code: 'QUOTA_SHARD_DOWN' });
    const unknown = await h.call('GET', '/v1/agents', { unchecked: true });
    expect(unknown.body.error).toMatchObject({ code: 'QUOTA_SHARD_DOWN', status: 500 });
  });

  it('matches the method in any case, and regex characters in a path literally', async () => {
    h.mock.faults.add({ method: 'get', path: '/v1/agents', status: 500 });
    expect((await h.call('POST', '/v1/agents', { body: { name: 'x' } })).status).toBe(201);
    expect((await h.call('GET', '/v1/agents')).status).toBe(500);
    // A GET fault covers HEAD, which is served as GET.
    h.mock.faults.add({ method: 'GET', path: '/v1/agents', status: 503 });
    expect((await h.call('HEAD', '/v1/agents', { unchecked: true })).status).toBe(503);
    h.mock.faults.clear();
    // As a RegExp, `.` would match the `s` of /v1/agents: taken literally, it reaches no route.
    expect(() => h.mock.faults.add({ path: '/v1/agent.', status: 503 })).toThrow(
      'path: /v1/agent. matches no route of the API',
    );
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
    h.mock.faults.add({ path: '/v1/cont*', status: 503 });
    expect((await h.call('GET', '/v1/contacts')).status).toBe(503);
  });

  it('matches a path as the router reads it: escapes decoded, in either case, and characters a URL escapes', async () => {
    const status = async (path: string) => (await h.call('GET', path, { unchecked: true })).status;
    // %65 is `e`: the same path as /v1/agents (RFC 3986 §6.2.2.2), so the router serves it.
    h.mock.faults.add({ method: 'GET', path: '/v1/ag%65nts', status: 500 });
    expect(await status('/v1/agents')).toBe(500);
    h.mock.faults.add({ path: '/v1/agents/%7Ea', status: 502 });
    expect(await status('/v1/agents/~a')).toBe(502);
    // Characters a client's URL escapes (fetch, curl), and escapes in another case.
    h.mock.faults.add({ path: '/v1/agents/caf\u00e9 au lait', status: 503 });
    expect(await status('/v1/agents/caf%c3%a9%20au%20lait')).toBe(503);
    h.mock.faults.add({ path: '/v1/agents/%c3%a9*', status: 504 });
    expect(await status('/v1/agents/%C3%A9t%C3%A9/trainings')).toBe(504);
    // An escaped `/` is part of a segment, an escaped `*` no wildcard.
    expect(() => h.mock.faults.add({ path: '/v1/agents%2Fx', status: 503 })).toThrow(
      'matches no route',
    );
    h.mock.faults.add({ path: '/v1/agents/a%2A', status: 503 });
    expect(await status('/v1/agents/ab')).toBe(400);
    expect(h.mock.faults.list()).toHaveLength(1);
  });

  it('refuses a fault path with a query or a fragment, naming path: a fault matches the path alone', async () => {
    const res = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/agents?status=active', status: 503 },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      {
        field: 'path',
        rule: 'pattern',
        message:
          'path: a fault matches the path alone, whatever the query; leave out ?status=active',
      },
    ]);
    expect(() => h.mock.faults.add({ path: '/v1/agents#top', status: 503 })).toThrow(
      'path: a fault matches the path alone, whatever the query; leave out #top',
    );
  });

  it.each([
    [{ status: 'ok', reason: 'x' }, 'reason', 'unknown'],
    [{}, 'status', 'required'],
    [{ status: 'down' }, 'status', 'enum'],
    [{ status: 5 }, 'status', 'enum'],
  ])('refuses health %j naming %s and rule %s', async (body, field, rule) => {
    h.mock.setHealth('degraded');
    const bad = await h.call('PUT', '/__mock/health', { body });
    expect(bad.status).toBe(400);
    expect(bad.body.error.details).toEqual([expect.objectContaining({ field, rule })]);
    expect((await h.call('GET', '/v1/health', { key: null })).body.status).toBe('degraded');
  });

  it('answers an injected 503 on health as a health result too (the spec checks it), other statuses as errors', async () => {
    h.mock.faults.add({ method: 'GET', path: '/v1/health', status: 503, retry_after: 30 });
    h.mock.faults.add({ method: 'GET', path: '/v1/health', status: 500 });
    const unavailable = await h.call('GET', '/v1/health', { key: null });
    expect(unavailable.status).toBe(503);
    expect(unavailable.headers.get('retry-after')).toBe('30');
    expect(unavailable.body).toEqual({
      status: 'degraded',
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
      error: {
        code: 'SERVICE_UNAVAILABLE',
        message: 'injected fault: 503 SERVICE_UNAVAILABLE',
        status: 503,
      },
    });
    const failed = await h.call('GET', '/v1/health', { key: null });
    expect(failed.status).toBe(500);
    expect(Object.keys(failed.body)).toEqual(['error']);
  });

  it('reports maintenance on health and answers 503 elsewhere until ok', async () => {
    expect(
      (await h.call('PUT', '/__mock/health', { body: { status: 'maintenance' } })).status,
    ).toBe(200);
    const health = await h.call('GET', '/v1/health', { key: null });
    expect(health.status).toBe(503);
    // The health result, and the envelope of every error response: a client reading either works.
    expect(health.body).toEqual({
      status: 'maintenance',
      timestamp: expect.any(String),
      error: { code: 'SERVICE_UNAVAILABLE', message: 'the service is in maintenance', status: 503 },
    });
    const op = await h.call('GET', '/v1/agents');
    expect(op.status).toBe(503);
    expect(op.body.error.code).toBe('SERVICE_UNAVAILABLE');
    h.mock.setHealth('degraded');
    const degraded = await h.call('GET', '/v1/health', { key: null });
    expect(degraded.status).toBe(503);
    expect(degraded.body.status).toBe('degraded');
    expect(degraded.body.error.message).toBe('the service is degraded');
    expect((await h.call('GET', '/v1/agents')).status).toBe(200);
    h.mock.setHealth('ok');
    expect((await h.call('GET', '/v1/health', { key: null })).status).toBe(200);
  });
});

describe('a fault with delay_ms', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds its answer back delay_ms of real time, on the manual clock too', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    const mock = createMockServer({ clock: 'manual' });
    try {
      mock.faults.add({ path: '/v1/agents', status: 503, delay_ms: 5_000 });
      const key = mock.createApiKey({ scopes: 'all' }).key;
      const start = mock.clock.now();
      let answer: Response | undefined;
      const pending = mock.fetch('/v1/agents', { headers: { 'x-api-key': key } }).then((res) => {
        answer = res;
      });
      await vi.advanceTimersByTimeAsync(4_999);
      expect(answer).toBeUndefined();
      await vi.advanceTimersByTimeAsync(1);
      await pending;
      expect(answer?.status).toBe(503);
      // The mock's clock did not move: the delay is the client's to time out on, not the API's time.
      expect(mock.clock.now()).toBe(start);
    } finally {
      mock.dispose();
    }
  });
});

describe('a fault with after, against the rate limit', () => {
  it('counts a request where it would have fired: an injected 401 before the limit, another answer after it', async () => {
    const mock = createMockServer({ clock: 'manual', rateLimit: { limit: 2, windowMs: 60_000 } });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const status = async (path: string) =>
        (await mock.fetch(path, { headers: { 'x-api-key': key } })).status;
      mock.faults.add({ path: '/v1/me', status: 500, after: 1 });
      mock.faults.add({ path: '/v1/agents', status: 401, after: 1 });
      expect([await status('/v1/contacts'), await status('/v1/contacts')]).toEqual([200, 200]);
      // Used up: the limiter's 429 comes before a 500 fault, which would not have fired on it...
      expect(await status('/v1/me')).toBe(429);
      // ...and after an injected 401, which would have: it lets this one through, to the 429.
      expect(await status('/v1/agents')).toBe(429);
      expect(mock.faults.list().map((f) => f.let_through)).toEqual([1, 0]);
      expect(await status('/v1/agents')).toBe(401);
      await mock.clock.advance(60_000);
      expect(await status('/v1/me')).toBe(200);
      expect(await status('/v1/me')).toBe(500);
    } finally {
      mock.dispose();
    }
  });
});

describe('a fault with details, in-process', () => {
  it("keeps the details it was given: the caller's array and what list() shows are copies", async () => {
    const mock = createMockServer({ clock: 'manual' });
    try {
      const { key } = mock.createApiKey({ scopes: 'all' });
      const detail = { field: 'email', rule: 'format', message: 'email: must be an email address' };
      const details = [detail];
      mock.faults.add({ path: '/v1/contacts', status: 400, details });
      detail.message = 'changed by the caller';
      details.push({ field: 'name', rule: 'required', message: 'name: is required' });
      const listed = mock.faults.list()[0]?.details;
      listed?.pop();
      if (listed?.[0]) listed[0].field = 'changed by a reader';
      const res = await mock.fetch('/v1/contacts', {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Ann' }),
      });
      expect((await res.json()).error).toMatchObject({
        message: 'email: must be an email address',
        details: [{ field: 'email', rule: 'format', message: 'email: must be an email address' }],
      });
    } finally {
      mock.dispose();
    }
  });
});
