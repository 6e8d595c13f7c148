import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AgentPlatform,
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
} from '../src/index.js';
import { fakeClock } from './support/recording-fetch.js';

const ID = '7d0c3b1e-0000-4000-8000-000000000001';

// A real server on loopback whose answers break mid-body, as a proxy or a crashing server does.
type Behaviour = (res: ServerResponse, attempt: number) => void;
let behaviour: Behaviour = () => {};
let attempts = 0;
let server: Server;
let baseUrl: string;
const partial = (res: ServerResponse) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"data":{"id":"');
};

beforeAll(async () => {
  server = createServer((_req, res) => behaviour(res, attempts++));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

function client(maxRetries = 0, timeout = 60_000, onHeaders: () => void = () => {}) {
  attempts = 0;
  return new AgentPlatform({
    apiKey: 'k',
    baseUrl,
    maxRetries,
    timeout,
    // Waits between retries take no time.
    clock: fakeClock().clock,
    fetch: async (request, init) => {
      const response = await fetch(request, init);
      onHeaders();
      return response;
    },
  });
}

describe('a body that stops arriving over real HTTP', () => {
  it('is aborted by the signal once the headers are in', async () => {
    behaviour = partial;
    const controller = new AbortController();
    let headersIn: () => void = () => {};
    const inBody = new Promise<void>((resolve) => {
      headersIn = resolve;
    });
    const pending = client(0, 60_000, () => headersIn()).agents.retrieve(ID, {
      signal: controller.signal,
    });
    await inBody;
    // Past the headers: the SDK is now waiting for the rest of the body.
    await new Promise((resolve) => setImmediate(resolve));
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(APIUserAbortError);
  });

  it('is bounded by the attempt timeout', async () => {
    behaviour = partial;
    await expect(client(0, 200).agents.retrieve(ID)).rejects.toBeInstanceOf(APITimeoutError);
  });

  it('cut off by a reset: a GET is retried, a POST fails with APIConnectionError', async () => {
    behaviour = (res, attempt) => {
      if (attempt > 0) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ data: { id: ID } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"data":', () => res.destroy());
    };
    expect(await client(1).agents.retrieve(ID)).toEqual({ id: ID });
    expect(attempts).toBe(2);
    const error = await client(1)
      .agents.create({ name: 'a' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(APIConnectionError);
    expect(attempts).toBe(1);
  });
});
