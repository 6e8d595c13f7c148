// A fault's delay over HTTP ends when its connection closes, as an in-process caller's signal ends
// it: the client gave up (its timeout, the very thing a delay is there to test) or the server was
// closed. It ran to its end, so a test that closed the server and disposed the mock was held open
// for up to delay_ms (at most 24.8 days) by a timer nobody was waiting for.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockServer, type MockServer, type RunningServer } from '../../src/index.js';

const POLL = { timeout: 60_000, interval: 5 };
/** The longest delay a fault takes. */
const LONGEST = 2_147_483_647;

let mock: MockServer;
let server: RunningServer;
let key: string;
const internalErrors: unknown[] = [];

async function start(): Promise<void> {
  mock = createMockServer({ clock: 'manual', onError: (error) => internalErrors.push(error) });
  key = mock.createApiKey({ scopes: 'all' }).key;
  server = await mock.listen({ port: 0 });
}

afterEach(async () => {
  vi.useRealTimers();
  await server.close();
  mock.dispose();
  // Writing an answer to a connection that is gone is no failure of the mock's.
  expect(internalErrors).toEqual([]);
});

/** A GET /v1/agents on a connection of its own, sent once the fault is in place. */
async function getAgents(): Promise<{ socket: Socket; received: () => string }> {
  const socket = connect(server.port, '127.0.0.1');
  socket.on('error', () => {});
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('latin1');
  });
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  socket.write(`GET /v1/agents HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\n`);
  // Taken: the request is in its delay. (Not expect.poll: under fake timers it moves them.)
  while (mock.faults.list().length > 0) await new Promise((resolve) => setImmediate(resolve));
  return { socket, received: () => text };
}

describe('a fault delay over HTTP', { timeout: 60_000 }, () => {
  it('ends when the client closes its connection', async () => {
    await start();
    mock.faults.add({ path: '/v1/agents', status: 503, delay_ms: LONGEST });
    const { socket } = await getAgents();
    socket.destroy();
    // Answered (to nobody), so journaled: the delay's timer is gone.
    await expect.poll(() => mock.requests().map((r) => r.status), POLL).toEqual([503]);
  });

  it('ends when the server is closed without a grace period', async () => {
    await start();
    mock.faults.add({ path: '/v1/agents', status: 503, delay_ms: LONGEST });
    const { socket } = await getAgents();
    const closed = new Promise((resolve) => socket.once('close', resolve));
    await server.close();
    await closed;
    await expect.poll(() => mock.requests().map((r) => r.status), POLL).toEqual([503]);
  });

  it('of a slow success (delay_ms alone) ends when the client closes its connection, and the request is carried out', async () => {
    await start();
    mock.faults.add({ method: 'POST', path: '/v1/agents', delay_ms: LONGEST });
    const socket = connect(server.port, '127.0.0.1');
    socket.on('error', () => {});
    await new Promise<void>((resolve) => socket.once('connect', resolve));
    const body = '{"name":"Ada"}';
    socket.write(
      `POST /v1/agents HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    );
    while (mock.faults.list().length > 0) await new Promise((resolve) => setImmediate(resolve));
    socket.destroy();
    // The whole request was in when it was held back: it is made all the same, its real answer journaled.
    await expect.poll(() => mock.requests().map((r) => r.status), POLL).toEqual([201]);
    expect(mock.exportState().tables.agents).toMatchObject([{ name: 'Ada' }]);
  });

  it('runs to its end for a client still connected', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await start();
    mock.faults.add({ path: '/v1/agents', status: 503, delay_ms: 5_000 });
    const { received } = await getAgents();
    await vi.advanceTimersByTimeAsync(4_999);
    expect(received()).toBe('');
    expect(mock.requests()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await expect.poll(received, POLL).toMatch(/^HTTP\/1\.1 503 /);
  });
});
