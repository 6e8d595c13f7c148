import { describe, expect, it } from 'vitest';
import { apiError, json, recordingFetch } from '../../test/support/recording-fetch.js';
import { AgentPlatform } from '../client.js';
import { AgentPlatformError, APIError, NotFoundError } from './errors.js';
import { Page } from './pagination.js';
import type { ListOptions } from './request-options.js';

/** A list endpoint over `pages` (each an array of ids); total_pages is the number of pages. */
function listServer(pages: string[][], total = pages.flat().length) {
  const recorder = recordingFetch((call) => {
    const page = Number(call.url.searchParams.get('page') ?? '1');
    const data = (pages[page - 1] ?? []).map((id) => ({ id }));
    return json(200, {
      data,
      pagination: { page, limit: 2, total, total_pages: pages.length },
    });
  });
  const client = new AgentPlatform({
    apiKey: 'k',
    baseUrl: 'http://api.test',
    fetch: recorder.fetch,
  });
  const requested = () => recorder.calls.map((c) => c.url.searchParams.get('page') ?? '1');
  return { client, calls: recorder.calls, requested };
}

async function collect<T>(iterable: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const item of iterable) out.push(item);
  return out;
}

describe('list pagination', () => {
  it('iterates every item of every page without awaiting the list first', async () => {
    const { client, requested, calls } = listServer([['a', 'b'], ['c', 'd'], ['e']]);
    const ids = (await collect(client.agents.list({ limit: 2, status: 'active' }))).map(
      (a) => a.id,
    );
    expect(ids).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(requested()).toEqual(['1', '2', '3']);
    for (const call of calls) {
      expect(call.url.searchParams.get('limit')).toBe('2');
      expect(call.url.searchParams.get('status')).toBe('active');
    }
  });

  it('asks every page with the query as it was at the call, though the caller reuses its object', async () => {
    const { client, calls } = listServer([['a', 'b'], ['c', 'd'], ['e']]);
    const query: { limit: number; status: 'active' | 'inactive' } = { limit: 2, status: 'active' };
    const list = client.agents.list(query);
    // A filter object built once and changed for the next call: the walk under way keeps its own.
    query.status = 'inactive';
    query.limit = 5;
    expect((await collect(list)).map((a) => a.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    const reused: typeof query = { limit: 2, status: 'active' };
    const first = await client.agents.list(reused);
    reused.status = 'inactive';
    const second = await first.getNextPage();
    expect(second.data.map((a) => a.id)).toEqual(['c', 'd']);
    expect(calls.map((c) => c.url.search)).toEqual([
      '?limit=2&status=active',
      '?limit=2&status=active&page=2',
      '?limit=2&status=active&page=3',
      '?limit=2&status=active',
      '?limit=2&status=active&page=2',
    ]);
  });

  it('resolves to a Page with data, pagination and navigation', async () => {
    const { client } = listServer([['a', 'b'], ['c']]);
    const first = await client.agents.list({ limit: 2 });
    expect(first).toBeInstanceOf(Page);
    expect(first.data.map((a) => a.id)).toEqual(['a', 'b']);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, total_pages: 2 });
    expect(first.hasNextPage()).toBe(true);
    const second = await first.getNextPage();
    expect(second.data.map((a) => a.id)).toEqual(['c']);
    expect(second.hasNextPage()).toBe(false);
    await expect(second.getNextPage()).rejects.toBeInstanceOf(AgentPlatformError);
  });

  it('does not stop at an empty page in the middle', async () => {
    const { client, requested } = listServer([['a'], [], ['c']], 2);
    const ids = (await collect(client.agents.list())).map((a) => a.id);
    expect(ids).toEqual(['a', 'c']);
    expect(requested()).toEqual(['1', '2', '3']);
  });

  it('makes one request for an empty list (total_pages 0)', async () => {
    const { client, calls } = listServer([], 0);
    expect(await collect(client.agents.list())).toEqual([]);
    expect(calls).toHaveLength(1);
  });

  it('stops at maxItems without fetching further pages', async () => {
    const { client, requested } = listServer([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
    const ids = (await collect(client.agents.list({ limit: 2 }, { maxItems: 3 }))).map((a) => a.id);
    expect(ids).toEqual(['a', 'b', 'c']);
    expect(requested()).toEqual(['1', '2']);
  });

  it('stops at maxPages', async () => {
    const { client, requested } = listServer([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
    const pages = await collect(client.agents.list({}, { maxPages: 2 }).pages());
    expect(pages.map((p) => p.pagination.page)).toEqual([1, 2]);
    expect(requested()).toEqual(['1', '2']);
    const none = await collect(client.agents.list({}, { maxItems: 0 }));
    expect(none).toEqual([]);
  });

  it('fetches the next page only when the current one is used up', async () => {
    const { client, requested } = listServer([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    const seen: string[] = [];
    for await (const agent of client.agents.list()) {
      seen.push(`${agent.id}@${requested().length}`);
    }
    expect(seen).toEqual(['a@1', 'b@1', 'c@2', 'd@2']);
  });

  it('iterates an awaited Page from that page on', async () => {
    const { client } = listServer([['a'], ['b'], ['c']]);
    const first = await client.agents.list();
    const second = await first.getNextPage();
    expect((await collect(second)).map((a) => a.id)).toEqual(['b', 'c']);
  });

  it('keeps maxItems and maxPages when an awaited Page is iterated', async () => {
    const { client, requested } = listServer([
      ['a', 'b'],
      ['c', 'd'],
      ['e', 'f'],
    ]);
    const page = await client.agents.list({ limit: 2 }, { maxItems: 1 });
    expect((await collect(page)).map((a) => a.id)).toEqual(['a']);
    const byPages = await client.agents.list({ limit: 2 }, { maxPages: 2 });
    expect((await collect(byPages)).map((a) => a.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(requested()).toEqual(['1', '1', '2']);
  });

  it('keeps path parameters on every page', async () => {
    const { client, calls } = listServer([['a'], ['b']]);
    await collect(client.webhooks.deliveries('wh-1', { status: 'failed' }));
    expect(calls.map((c) => `${c.url.pathname}?${c.url.searchParams}`)).toEqual([
      '/v1/webhooks/wh-1/deliveries?status=failed',
      '/v1/webhooks/wh-1/deliveries?status=failed&page=2',
    ]);
  });

  it.each([
    ['maxItems', '-1', -1],
    ['maxItems', '2.5', 2.5],
    ['maxItems', 'NaN', Number.NaN],
    ['maxItems', 'null', null],
    ['maxPages', '"3"', '3'],
    ['maxPages', '-Infinity', -Infinity],
    ['maxPages', '0.5', 0.5],
  ])('refuses %s = %s before sending anything, awaited or iterated', async (name, shown, value) => {
    const { client, calls } = listServer([['a'], ['b']]);
    const options = { [name]: value } as ListOptions;
    const message = `${name}: must be a whole number >= 0, not ${shown}`;
    for (const use of [
      (list: ReturnType<typeof client.agents.list>) => list.then(),
      (list: ReturnType<typeof client.agents.list>) => collect(list),
      (list: ReturnType<typeof client.agents.list>) => collect(list.pages()),
    ]) {
      const error = await use(client.agents.list({}, options)).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(AgentPlatformError);
      expect((error as Error).message).toBe(message);
    }
    expect(calls).toEqual([]);
  });

  it('takes 0 (nothing) and Infinity (no limit) as limits', async () => {
    const { client, requested } = listServer([['a', 'b'], ['c']]);
    expect(await collect(client.agents.list({}, { maxItems: 0 }))).toEqual([]);
    expect(await collect(client.agents.list({}, { maxPages: 0 }))).toEqual([]);
    expect(await collect(client.agents.list({}, { maxPages: 0 }).pages())).toEqual([]);
    const all = await collect(client.agents.list({}, { maxItems: Infinity, maxPages: Infinity }));
    expect(all.map((a) => a.id)).toEqual(['a', 'b', 'c']);
    // The first page of each list call is requested at once, whatever the limits.
    expect(requested()).toEqual(['1', '1', '1', '1', '2']);
  });

  it('rejects the iteration of a list call that failed, even for no item or page', async () => {
    const { fetch } = recordingFetch(() => apiError(404, 'NOT_FOUND'));
    const client = new AgentPlatform({ apiKey: 'k', baseUrl: 'http://api.test', fetch });
    await expect(collect(client.agents.list({}, { maxItems: 0 }))).rejects.toBeInstanceOf(
      NotFoundError,
    );
    await expect(collect(client.agents.list({}, { maxPages: 0 }).pages())).rejects.toBeInstanceOf(
      NotFoundError,
    );
  });

  it('fails, after one more request, when the server answers the same page again (a cache or proxy that drops the query)', async () => {
    // Page 1 of 3 whatever `page` says: asking for page 2 on and on would never end.
    const recorder = recordingFetch(() =>
      json(200, {
        data: [{ id: 'a' }],
        pagination: { page: 1, limit: 1, total: 3, total_pages: 3 },
      }),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch: recorder.fetch,
    });
    const seen: string[] = [];
    const iterate = async () => {
      for await (const agent of client.agents.list()) {
        seen.push(agent.id);
        // Without the check, the test ends here instead of hanging.
        if (seen.length > 5) break;
      }
    };
    await expect(iterate()).rejects.toThrow(new AgentPlatformError('No next page: got page 1'));
    expect(seen).toEqual(['a']);
    expect(recorder.calls.map((c) => c.url.searchParams.get('page'))).toEqual([null, '2']);
    // A loop of one's own on getNextPage ends the same way.
    const first = await client.agents.list();
    await expect(first.getNextPage()).rejects.toThrow('No next page: got page 1');
  });

  it('starts from the page asked for', async () => {
    const { client, requested } = listServer([['a'], ['b'], ['c']]);
    const ids = (await collect(client.agents.list({ page: 2 }))).map((a) => a.id);
    expect(ids).toEqual(['b', 'c']);
    expect(requested()).toEqual(['2', '3']);
  });
});

describe('a 200 that is not a page', () => {
  const NOT_A_PAGE = 'HTTP 200, but the body is not a page: is baseUrl the API?';
  // What a proxy, a cache or another service answers where the list should be.
  const bodies: unknown[] = [
    {},
    { data: null },
    { data: [] },
    { data: [{ id: 'a' }], pagination: null },
    { pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } },
    [{ id: 'a' }],
    null,
    'ok',
  ];

  function answering(...answers: unknown[]) {
    const recorder = recordingFetch((_call, index) =>
      json(200, answers[Math.min(index, answers.length - 1)]),
    );
    const client = new AgentPlatform({
      apiKey: 'k',
      baseUrl: 'http://api.test',
      fetch: recorder.fetch,
    });
    return { client, calls: recorder.calls };
  }

  async function failure(promise: Promise<unknown>, body: unknown): Promise<void> {
    const error = await promise.then(
      () => expect.unreachable('resolved'),
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(APIError);
    expect(error).toMatchObject({ message: NOT_A_PAGE, status: 200, body, requestId: 'req-1' });
    expect((error as APIError).headers.get('content-type')).toBe('application/json');
  }

  it('rejects the list call with an APIError: the status, the body, the headers and a hint', async () => {
    for (const body of bodies) {
      const { client, calls } = answering(body);
      await failure(Promise.resolve(client.agents.list()), body);
      expect(calls).toHaveLength(1);
    }
  });

  it('rejects iterating items, iterating pages and withResponse() alike', async () => {
    for (const body of bodies) {
      const { client } = answering(body);
      await failure(collect(client.agents.list()), body);
      await failure(collect(client.agents.list().pages()), body);
      await failure(client.agents.list().withResponse(), body);
    }
  });

  it('rejects at the page that is not one, after the items of the pages before it', async () => {
    const body = { data: null };
    const { client } = answering(
      { data: [{ id: 'a' }], pagination: { page: 1, limit: 1, total: 2, total_pages: 2 } },
      body,
    );
    const seen: string[] = [];
    const iterate = async () => {
      for await (const agent of client.agents.list()) seen.push(agent.id);
    };
    await failure(iterate(), body);
    expect(seen).toEqual(['a']);
    const again = answering(
      { data: [{ id: 'a' }], pagination: { page: 1, limit: 1, total: 2, total_pages: 2 } },
      body,
    );
    await failure((await again.client.agents.list()).getNextPage(), body);
  });

  it('still takes a page, and an empty list (total 0, total_pages 0)', async () => {
    const empty = { data: [], pagination: { page: 1, limit: 20, total: 0, total_pages: 0 } };
    const { client } = answering(empty);
    const { data } = await client.agents.list().withResponse();
    expect(data.data).toEqual([]);
    expect(data.hasNextPage()).toBe(false);
    expect(await collect(client.agents.list())).toEqual([]);
    expect(await collect(client.agents.list().pages())).toHaveLength(1);
    const one = answering({
      data: [{ id: 'a' }],
      pagination: { page: 1, limit: 20, total: 1, total_pages: 1 },
    });
    expect((await collect(one.client.agents.list())).map((a) => a.id)).toEqual(['a']);
  });
});
