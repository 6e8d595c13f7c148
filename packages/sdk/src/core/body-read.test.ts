import { getEventListeners } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeClock } from '../../test/support/recording-fetch.js';
import { AgentPlatform } from '../client.js';
import {
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
  InternalServerError,
  RateLimitError,
} from './errors.js';

// A real HTTP server on loopback: what matters is how the runtime's fetch fails a body that stalls
// or is cut after the headers, which an in-process fetch would only imitate. Outcomes never depend
// on timing: a stalled body never arrives, a cut one is always cut.
const ID = '7d0c3b1e-0000-4000-8000-000000000001';
const agent = JSON.stringify({ data: { id: ID, name: 'Support' } });
const hits = new Map<string, number>();

function route(request: IncomingMessage, response: ServerResponse): void {
  const scenario = String(request.headers['x-scenario']);
  hits.set(scenario, (hits.get(scenario) ?? 0) + 1);
  const status = scenario.startsWith('error') ? 500 : scenario.startsWith('limited') ? 429 : 200;
  const headers = { 'content-type': 'application/json', 'retry-after': '0' };
  // Statuses and reason phrases a fetch gives but `new Response` refuses.
  if (scenario === 'status-999') return void response.writeHead(999, headers).end('{}');
  if (scenario === 'latin1-reason') {
    return void response.writeHead(500, 'Erreur interne é', headers).end('{}');
  }
  response.writeHead(status, headers);
  if (scenario === 'ok') return void response.end(agent);
  if (scenario === 'slow') {
    // Arrives in three pieces, each well within the timeout.
    response.write(agent.slice(0, 10));
    setTimeout(() => response.write(agent.slice(10, 20)), 5);
    return void setTimeout(() => response.end(agent.slice(20)), 10);
  }
  // The headers and a first piece; then the socket closes once they are flushed, or nothing more comes.
  response.write('{"data":', () => {
    if (scenario.endsWith('cut')) response.socket?.destroy();
  });
}

const server = createServer(route);
let baseUrl = '';

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(timeout: number, maxRetries = 0, onHeaders = () => {}) {
  const fetch = async (request: Request, init?: RequestInit) => {
    const response = await globalThis.fetch(request, init);
    onHeaders();
    return response;
  };
  // The backoff between retries passes on a fake clock; each attempt's timeout is real.
  const { clock } = fakeClock();
  return new AgentPlatform({ apiKey: 'k', baseUrl, timeout, maxRetries, fetch, clock });
}
/** Retrieves the agent; the scenario header tells the server how to answer. */
const get = (api: AgentPlatform, scenario: string, signal?: AbortSignal) =>
  api.agents.retrieve(ID, { headers: { 'x-scenario': scenario }, signal });

describe('the response body is part of the attempt', () => {
  it('times out a 2xx whose body stalls after the headers', async () => {
    const error = await get(client(100), 'stall').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APITimeoutError);
    expect((error as Error).message).toBe(`Request timed out: GET ${baseUrl}/v1/agents/${ID}`);
  });

  it('aborts a 2xx body in flight with the call signal, and leaves no listener on it', async () => {
    const controller = new AbortController();
    let arrived = () => {};
    const headers = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const pending = get(client(60_000, 0, arrived), 'stall', controller.signal);
    await headers;
    // A macrotask later every microtask has run: the attempt has handed over the response.
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('throws APIConnectionError, with the cause, when the connection is cut mid-body', async () => {
    const error = await get(client(60_000), 'cut').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(error).not.toBeInstanceOf(APITimeoutError);
    expect((error as Error).cause).toBeInstanceOf(TypeError);
    // Named as a failed connection is: the request, and what the fetch said (it said "Connection error." alone).
    expect((error as Error).message).toMatch(
      new RegExp(`^Connection error: GET ${baseUrl}/v1/agents/${ID} \\(\\S+\\)$`),
    );
  });

  it('reads a body that arrives in pieces, and then leaves no listener on the signal', async () => {
    const signal = new AbortController().signal;
    await expect(get(client(60_000), 'slow', signal)).resolves.toEqual({ id: ID, name: 'Support' });
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('retries a GET whose error body stalls, as a timed-out attempt', async () => {
    hits.delete('error-stall');
    await expect(get(client(100, 2), 'error-stall')).rejects.toBeInstanceOf(APITimeoutError);
    expect(hits.get('error-stall')).toBe(3);
  });

  it('keeps the status of an error whose body is cut: a GET 500 is retried, then thrown', async () => {
    hits.delete('error-cut');
    const error = await get(client(60_000, 1), 'error-cut').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).body).toBe('');
    expect(hits.get('error-cut')).toBe(2);
  });

  it('retries a POST whose 429 body is cut: a 429 is safe to replay', async () => {
    hits.delete('limited-cut');
    const api = client(60_000, 2);
    await expect(
      api.agents.create({ name: 'x' }, { headers: { 'x-scenario': 'limited-cut' } }),
    ).rejects.toBeInstanceOf(RateLimitError);
    expect(hits.get('limited-cut')).toBe(3);
  });

  it('still reads an error body whole into its APIError', async () => {
    const api = new AgentPlatform({
      apiKey: 'k',
      baseUrl,
      maxRetries: 0,
      fetch: async () =>
        new Response('{"error":{"code":"INTERNAL_ERROR","message":"boom"}}', { status: 500 }),
    });
    const error = await api.me().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).body).toEqual({
      error: { code: 'INTERNAL_ERROR', message: 'boom' },
    });
  });

  it('keeps both bounds when a middleware replaces the Request or the Response', async () => {
    const api = client(100);
    api.raw.use({
      onRequest: ({ request }) => new Request(request),
      onResponse: ({ response }) => new Response(response.body, response),
    });
    await expect(get(api, 'stall')).rejects.toBeInstanceOf(APITimeoutError);
    const signal = new AbortController().signal;
    for (let i = 0; i < 3; i++) await get(api, 'ok', signal);
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('settles an error whose reason phrase a Response cannot take (not Latin-1 once decoded)', async () => {
    const error = await get(client(60_000), 'latin1-reason').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect((error as InternalServerError).status).toBe(500);
  });

  it('fails a status past 599 (not HTTP) as a connection error, at once', async () => {
    const error = await get(client(60_000), 'status-999').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect((error as Error).cause).toBeInstanceOf(RangeError);
  });

  it('cancels a 2xx body a middleware dropped unread, freeing the connection', async () => {
    const api = client(60_000);
    api.raw.use({ onResponse: () => new Response(agent, { status: 200 }) });
    const closed = new Promise<void>((resolve) => {
      const seen = (request: IncomingMessage) => {
        if (request.headers['x-scenario'] !== 'dropped-stall') return;
        server.off('request', seen);
        request.socket.once('close', () => resolve());
      };
      server.on('request', seen);
    });
    // The dropped body would stall for ever: only its cancellation closes the socket.
    await expect(get(api, 'dropped-stall')).resolves.toMatchObject({ id: ID });
    await closed;
  });

  it('ends an earlier attempt when a middleware fetches again with the same call', async () => {
    const api = client(60_000);
    api.raw.use({
      onResponse: async ({ request, options }) => {
        if (request.headers.get('x-scenario') !== 'ok') return undefined;
        const again = new Request(request, { headers: { 'x-scenario': 'slow' } });
        return options.fetch(again);
      },
    });
    const signal = new AbortController().signal;
    for (let i = 0; i < 3; i++) {
      await expect(get(api, 'ok', signal)).resolves.toMatchObject({ id: ID });
    }
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });

  it('releases the attempt when a middleware throws after the headers', async () => {
    const api = client(60_000);
    api.raw.use({
      onResponse: () => {
        throw new Error('middleware failed');
      },
    });
    const signal = new AbortController().signal;
    await expect(get(api, 'ok', signal)).rejects.toThrow('middleware failed');
    expect(getEventListeners(signal, 'abort')).toHaveLength(0);
  });
});

describe('a fetch that reads the signal but does not tie it to the body', () => {
  // As MSW's patched fetch: the body is a stream of its own that the signal never reaches.
  const detached = (abortBody?: 'AbortError') => async (_: Request, init?: RequestInit) => {
    const signal = init?.signal;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"data":'));
        // node-fetch errors the body with its own AbortError when the signal fires.
        if (abortBody) {
          signal?.addEventListener('abort', () =>
            controller.error(new DOMException('aborted', abortBody)),
          );
        }
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'application/json' } });
  };

  it('still times out the body, as a timeout', async () => {
    const api = new AgentPlatform({ apiKey: 'k', baseUrl, timeout: 50, fetch: detached() });
    await expect(api.me()).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('classifies by how the attempt ended, not by the name of the body error', async () => {
    const api = new AgentPlatform({
      apiKey: 'k',
      baseUrl,
      timeout: 50,
      fetch: detached('AbortError'),
    });
    await expect(api.me()).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('still aborts the body with the call signal', async () => {
    const api = new AgentPlatform({ apiKey: 'k', baseUrl, fetch: detached() });
    const controller = new AbortController();
    const pending = api.me({ signal: controller.signal });
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });
});

describe('a fetch that never reads the signal (a wrapper that drops init)', () => {
  // `fetch: (request) => globalThis.fetch(request)`: nothing can stop that body, but the call
  // must still settle when its timeout runs out or its signal aborts.
  const wrapper = (timeout: number, onHeaders = () => {}) =>
    new AgentPlatform({
      apiKey: 'k',
      baseUrl,
      timeout,
      maxRetries: 0,
      fetch: async (request: Request) => {
        const response = await globalThis.fetch(request);
        onHeaders();
        return response;
      },
    });

  it('times out a 2xx whose body stalls', async () => {
    await expect(get(wrapper(100), 'stall')).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('aborts it with the call signal', async () => {
    let arrived = () => {};
    const headers = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const controller = new AbortController();
    const pending = get(wrapper(60_000, arrived), 'stall', controller.signal);
    await headers;
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('reads a whole body as before', async () => {
    // A generous timeout: on a busy machine a loopback answer may take its time.
    expect(await get(wrapper(60_000), 'ok')).toEqual({ id: ID, name: 'Support' });
  });
});
