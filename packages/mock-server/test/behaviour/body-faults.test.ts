import { describe, expect, it } from 'vitest';
import { isMockApiError } from '../../src/index.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

// A fault with body_includes fires only on requests whose JSON body includes the fields it names
// (WireMock's withRequestBody(equalToJson(..., ignoreExtraElements))).

describe.each(transports)('a fault with body_includes over $name', (transport) => {
  const h = useMock(transport);

  /** Adds a fault over the control API, which must take it; answers what it lists. */
  const addFault = async (body: Record<string, unknown>) => {
    const added = await h.call('POST', '/__mock/faults', { body });
    expect(added.status).toBe(201);
    return added.body.data;
  };
  const contact = async (body: Record<string, unknown>) =>
    (await h.call('POST', '/v1/contacts', { body })).status;

  it('fires only on a body that includes its fields, whatever else the body holds', async () => {
    const listed = await addFault({
      method: 'POST',
      path: '/v1/contacts',
      body_includes: { email: 'dup@example.com' },
      status: 503,
    });
    expect(listed).toEqual([
      {
        method: 'POST',
        path: '/v1/contacts',
        body_includes: { email: 'dup@example.com' },
        status: 503,
        times: 1,
        remaining: 1,
        after: 0,
        let_through: 0,
      },
    ]);
    expect(await contact({ name: 'Ada', email: 'ada@example.com' })).toBe(201);
    expect(await contact({ name: 'Bo' })).toBe(201);
    expect(h.mock.faults.list()).toHaveLength(1);
    const refused = await h.call('POST', '/v1/contacts', {
      body: { name: 'Dup', phone: '+15550100', email: 'dup@example.com' },
    });
    expect(refused.status).toBe(503);
    expect(refused.body.error.code).toBe('SERVICE_UNAVAILABLE');
    expect(h.mock.faults.list()).toEqual([]);
    // Used up: the same body is carried out now, and only the bodies the fault let by were made.
    expect(await contact({ name: 'Dup', email: 'dup@example.com' })).toBe(201);
    const names = (await h.call('GET', '/v1/contacts?order=asc')).body.data.map(
      (c: { name: string }) => c.name,
    );
    expect(names).toEqual(['Ada', 'Bo', 'Dup']);
  });

  it('matches a nested object by its fields and an array item by item, ids in any case', async () => {
    const agent = (await h.call('POST', '/v1/agents', { body: { name: 'Ada' } })).body.data;
    await addFault({
      path: '/v1/agents/{id}/conversation',
      body_includes: { metadata: { order_id: 'A-1' } },
      status: 503,
    });
    await addFault({
      path: '/v1/webhooks',
      body_includes: { events: ['messages', 'contact.created'] },
      status: 500,
    });
    await addFault({
      path: '/v1/channels',
      body_includes: { agent_id: agent.id.toUpperCase() },
      status: 500,
    });
    const converse = async (metadata?: Record<string, unknown>) =>
      (
        await h.call('POST', `/v1/agents/${agent.id}/conversation`, {
          body: { message: 'hi', metadata },
        })
      ).status;
    expect(await converse({ order_id: 'A-2' })).toBe(200);
    expect(await converse()).toBe(200);
    expect(await converse({ order: 'A-1' })).toBe(200);
    expect(await converse({ order_id: 'A-1', source: 'web' })).toBe(503);

    const hook = async (events: string[]) =>
      (
        await h.call('POST', '/v1/webhooks', {
          body: { url: 'http://127.0.0.1:9/hook', events },
        })
      ).status;
    // An array is matched whole: another length or order is another body.
    expect(await hook(['messages'])).toBe(201);
    expect(await hook(['contact.created', 'messages'])).toBe(201);
    expect(await hook(['messages', 'contact.created', 'contacts'])).toBe(201);
    expect(await hook(['messages', 'contact.created'])).toBe(500);

    const channel = await h.call('POST', '/v1/channels', {
      body: { name: 'Web', agent_id: agent.id },
    });
    expect(channel.status).toBe(500);
  });

  it('compares values exactly: another type, case or number is another body', async () => {
    await addFault({
      path: '/v1/agents',
      body_includes: { name: 'Ada', temperature: 1 },
      status: 500,
      times: 5,
    });
    const status = async (body: Record<string, unknown>) =>
      (await h.call('POST', '/v1/agents', { body })).status;
    expect(await status({ name: 'ada', temperature: 1 })).toBe(201);
    expect(await status({ name: 'Ada', temperature: 1.5 })).toBe(201);
    expect(await status({ name: 'Ada' })).toBe(201);
    expect(await status({ name: 'Ada', temperature: 1.0, model: 'm' })).toBe(500);
  });

  it('counts after and times only on the bodies it matches', async () => {
    await addFault({
      method: 'POST',
      path: '/v1/agents',
      body_includes: { name: 'flaky' },
      after: 1,
      status: 503,
    });
    const status = async (name: string) =>
      (await h.call('POST', '/v1/agents', { body: { name } })).status;
    expect(await status('steady')).toBe(201);
    expect(await status('flaky')).toBe(201);
    expect(await status('steady')).toBe(201);
    expect(h.mock.faults.list()[0]).toMatchObject({ let_through: 0, remaining: 1 });
    expect(await status('flaky')).toBe(503);
    expect(await status('flaky')).toBe(201);
  });

  it('matches no body that is not JSON: the request gets the API answer', async () => {
    await addFault({ path: '/v1/agents', body_includes: { name: 'x' }, status: 503 });
    const res = await h.call('POST', '/v1/agents', {
      raw: '{"name":"x"',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toEqual([
      expect.objectContaining({ field: 'body', rule: 'json' }),
    ]);
    expect(h.mock.faults.list()).toHaveLength(1);
  });

  it('matches no body the API refuses to read: not UTF-8, another type or charset, a key twice', async () => {
    await addFault({ path: '/v1/agents', body_includes: { name: 'x' }, status: 503 });
    const utf8 = (text: string) => new TextEncoder().encode(text);
    for (const [raw, contentType, field, rule] of [
      [
        new Uint8Array([...utf8('{"name":"x","description":"'), 0xff, ...utf8('"}')]),
        'application/json',
        'body',
        'encoding',
      ],
      ['{"name":"x"}', 'text/plain', 'body', 'contentType'],
      ['{"name":"x"}', 'application/json; charset=latin1', 'body', 'contentType'],
      // JSON.parse keeps the last name, which the fault asks for; the API refuses the body.
      ['{"name":"y","name":"x"}', 'application/json', 'name', 'single'],
    ] as const) {
      const res = await h.call('POST', '/v1/agents', {
        raw,
        headers: { 'content-type': contentType },
      });
      expect(res.status, contentType).toBe(400);
      expect(res.body.error.details).toEqual([expect.objectContaining({ field, rule })]);
    }
    expect(h.mock.faults.list()).toHaveLength(1);
  });

  it('answers a request without a key 401, as before, and leaves the fault waiting', async () => {
    await addFault({ path: '/v1/agents', body_includes: { name: 'x' }, status: 503 });
    const res = await h.call('POST', '/v1/agents', { key: 'nobody-at-all', body: { name: 'x' } });
    expect(res.status).toBe(401);
    expect(h.mock.faults.list()).toHaveLength(1);
    // Read early to be matched, the body is still journalled only where the API reads it: a request
    // refused before then has none, as without a fault on bodies.
    const [entry] = h.mock.requests({ limit: 1 });
    expect(entry).toMatchObject({ status: 401, method: 'POST', path: '/v1/agents' });
    expect(entry).not.toHaveProperty('body');
  });

  it('answers a body over 1 MiB 413 after the key is checked, as without a fault on bodies', async () => {
    await addFault({ path: '/v1/agents', body_includes: { name: 'x' }, status: 503 });
    const name = 'x'.repeat(1024 * 1024);
    expect((await h.call('POST', '/v1/agents', { key: null, body: { name } })).status).toBe(401);
    const res = await h.call('POST', '/v1/agents', { body: { name } });
    expect(res.status).toBe(413);
    expect(h.mock.faults.list()).toHaveLength(1);
  });

  it('journals the body of the request it answers, read once for the match and the journal', async () => {
    await addFault({ path: '/v1/agents', body_includes: { name: 'x' }, status: 503 });
    const sent = JSON.stringify({ name: 'x', description: 'first try' });
    const res = await h.call('POST', '/v1/agents', {
      raw: sent,
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(503);
    const [entry] = h.mock.requests({ limit: 1 });
    expect(entry).toMatchObject({ status: 503, body: sent });
  });

  it('cuts the answer to a request on its body, after the API carried it out', async () => {
    await addFault({ path: '/v1/contacts', body_includes: { name: 'cut' }, drop: 'response' });
    const cut = h.call('POST', '/v1/contacts', { body: { name: 'cut' } });
    await expect(cut).rejects.toThrow();
    // The API carried it out before the answer was cut; another body was untouched.
    expect(await contact({ name: 'whole' })).toBe(201);
    const names = (await h.call('GET', '/v1/contacts?order=asc')).body.data.map(
      (c: { name: string }) => c.name,
    );
    expect(names).toEqual(['cut', 'whole']);
  });
});

describe.each(transports)('a fault with body_includes refused over $name', (transport) => {
  const h = useMock(transport);

  /** Adds a fault over the control API, which must refuse it; answers its one detail. */
  const refused = async (body: Record<string, unknown>) => {
    const res = await h.call('POST', '/__mock/faults', { body });
    expect(res.status).toBe(400);
    expect(res.body.error.details).toHaveLength(1);
    return res.body.error.details[0];
  };

  it('is refused unless an object with a field, naming body_includes', async () => {
    const fault = { path: '/v1/agents', status: 500 };
    expect(await refused({ ...fault, body_includes: 'x' })).toMatchObject({
      field: 'body_includes',
      rule: 'type',
    });
    expect(await refused({ ...fault, body_includes: ['x'] })).toMatchObject({
      field: 'body_includes',
      rule: 'type',
    });
    expect(await refused({ ...fault, body_includes: {} })).toMatchObject({
      field: 'body_includes',
      rule: 'minProperties',
    });
  });

  it('is refused where no request carries a body, which it would never match', async () => {
    expect(
      await refused({
        method: 'GET',
        path: '/v1/agents',
        body_includes: { name: 'x' },
        status: 500,
      }),
    ).toEqual({
      field: 'body_includes',
      rule: 'not',
      message: 'body_includes: GET /v1/agents takes no body, so a fault on bodies could never fire',
    });
    expect(
      await refused({ path: '/v1/agents/{id}/activate', body_includes: { x: 1 }, status: 500 }),
    ).toMatchObject({
      field: 'body_includes',
      rule: 'not',
      message: expect.stringContaining('no request to /v1/agents/{id}/activate takes a body'),
    });
  });

  it('is refused with a field no body of its path takes, naming the one meant', async () => {
    expect(
      await refused({
        method: 'POST',
        path: '/v1/contacts',
        body_includes: { emial: 'dup@example.com' },
        status: 409,
      }),
    ).toEqual({
      field: 'body_includes.emial',
      rule: 'unknown',
      message:
        'body_includes.emial: is not a field a body of /v1/contacts takes; did you mean "email"?',
    });
    // A field of one of the bodies the path takes is enough (a training's url, of its url kind).
    const ok = await h.call('POST', '/__mock/faults', {
      body: { path: '/v1/agents/{id}/trainings', body_includes: { url: 'x' }, status: 500 },
    });
    expect(ok.status).toBe(201);
  });

  it('names a key a dot would misread in brackets, as the API names a body field', async () => {
    const fault = { path: '/v1/contacts', status: 500 };
    expect(await refused({ ...fault, body_includes: { '': 1 } })).toMatchObject({
      field: 'body_includes[""]',
      rule: 'unknown',
    });
    expect(await refused({ ...fault, body_includes: { 'email.x': 1 } })).toMatchObject({
      field: 'body_includes["email.x"]',
      rule: 'unknown',
    });
  });
});

describe('a fault with body_includes, in-process', () => {
  const h = useMock(transports[0] as (typeof transports)[number]);

  it('keeps its own copy of the fields: the caller changing them later changes nothing', async () => {
    const pattern = { message: 'x', metadata: { a: 1 } };
    h.mock.faults.add({
      path: '/v1/agents/{id}/conversation',
      body_includes: pattern,
      status: 503,
    });
    pattern.message = 'y';
    pattern.metadata.a = 2;
    const listed = h.mock.faults.list()[0]?.body_includes as { metadata: { a: number } };
    expect(listed).toEqual({ message: 'x', metadata: { a: 1 } });
    listed.metadata.a = 3;
    expect(h.mock.faults.list()[0]?.body_includes).toEqual({ message: 'x', metadata: { a: 1 } });
  });

  it('refuses a value JSON cannot carry, naming where it is', () => {
    const add = (body_includes: Record<string, unknown>) => () =>
      h.mock.faults.add({ path: '/v1/webhooks', body_includes, status: 503 });
    for (const [value, field] of [
      [{ url: undefined }, 'body_includes.url'],
      [{ description: new Date(0) }, 'body_includes.description'],
      [{ description: Number.NaN }, 'body_includes.description'],
      [{ events: ['messages', () => 1] }, 'body_includes.events[1]'],
    ] as const) {
      let error: unknown;
      try {
        add(value)();
      } catch (caught) {
        error = caught;
      }
      expect(isMockApiError(error)).toBe(true);
      expect((error as { details?: unknown }).details).toEqual([
        expect.objectContaining({ field, rule: 'type' }),
      ]);
    }
    expect(h.mock.faults.list()).toEqual([]);
  });
});
