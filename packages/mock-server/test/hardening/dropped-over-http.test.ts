// What a fault with `drop` writes on the wire, read from a raw socket: the answers before it on a
// keep-alive connection whole, the cut answer's headers and exactly half its body, and nothing of
// the requests pipelined after it (a POST after the cut is not carried out: nobody would hear of it).
import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createMockServer, type MockServer, type RunningServer } from '../../src/index.js';

let mock: MockServer;
let server: RunningServer;

afterEach(async () => {
  await server.close();
  mock.dispose();
});

/** Sends `requests` at once on one connection and resolves with everything read until it closes. */
function pipeline(requests: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(server.port, '127.0.0.1');
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(text));
    socket.once('connect', () => socket.write(requests.join('')));
  });
}

describe('a dropped connection over HTTP', () => {
  it('writes the answers before it, half the cut body, and handles nothing pipelined after it', async () => {
    mock = createMockServer({ clock: 'manual' });
    const { key } = mock.createApiKey({ scopes: 'all' });
    server = await mock.listen({ port: 0 });
    const request = (path: string) =>
      `GET ${path} HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\n`;
    const body = '{"name":"After"}';
    const post = `POST /v1/agents HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`;
    mock.faults.add({ path: '/v1/agents', method: 'GET', drop: 'body' });
    const text = await pipeline([request('/v1/contacts'), request('/v1/agents'), post]);
    const [whole, cutShort, ...rest] = text.split(/(?=HTTP\/1\.1 )/);
    expect(rest).toEqual([]);
    /** The answer's Content-Length and the body bytes that came. */
    const framing = (answer = '') => [
      Number(/content-length: (\d+)/i.exec(answer)?.[1]),
      answer.slice(answer.indexOf('\r\n\r\n') + 4).length,
    ];
    expect(whole).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const [length, came] = framing(whole);
    expect(came).toBe(length);
    expect(cutShort).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const [cutLength, cutCame] = framing(cutShort);
    expect(cutCame).toBe(Math.floor(Number(cutLength) / 2));
    expect(mock.exportState().tables.agents).toEqual([]);
    expect(mock.requests().map((r) => [r.path, r.status, r.dropped])).toEqual([
      ['/v1/contacts', 200, undefined],
      ['/v1/agents', 200, 'body'],
    ]);
  });

  it('cuts a drop "request" without writing a byte, even with the request body unread', async () => {
    mock = createMockServer({ clock: 'manual' });
    const { key } = mock.createApiKey({ scopes: 'all' });
    server = await mock.listen({ port: 0 });
    mock.faults.add({ path: '/v1/agents', method: 'POST', drop: 'request' });
    const body = '{"name":"Lost"}';
    const text = await pipeline([
      `POST /v1/agents HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
    ]).catch(() => '');
    expect(text).toBe('');
    expect(mock.exportState().tables.agents).toEqual([]);
  });

  it('closes a cut connection cleanly while the request body is still coming: no reset, so the answers before it arrive whole', async () => {
    mock = createMockServer({ clock: 'manual', rateLimit: false });
    const { key } = mock.createApiKey({ scopes: 'all' });
    // An answer larger than the client reads at once (its tail still in the server's buffers when
    // the cut comes), before a POST whose body the cut leaves unread.
    const agents = Array.from({ length: 25 }, (_, i) => ({
      name: `Agent ${i}`,
      instructions: 'x'.repeat(9000),
    }));
    for (const agent of agents) {
      const created = await mock.fetch('/v1/agents', {
        method: 'POST',
        headers: { 'x-api-key': key, 'content-type': 'application/json' },
        body: JSON.stringify(agent),
      });
      expect(created.status).toBe(201);
    }
    server = await mock.listen({ port: 0 });
    mock.faults.add({ path: '/v1/agents', method: 'POST', drop: 'request' });
    const body = JSON.stringify({ name: 'Lost', instructions: 'y'.repeat(900_000) });
    const outcome = await new Promise<{ text: string; error?: string }>((resolve) => {
      const socket = connect({ port: server.port, host: '127.0.0.1', allowHalfOpen: true });
      const chunks: Buffer[] = [];
      let error: string | undefined;
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('error', (e: NodeJS.ErrnoException) => {
        error = e.code;
      });
      // The server's end: the client ends its side too, as a client does.
      socket.on('end', () => socket.end());
      socket.on('close', () => resolve({ text: Buffer.concat(chunks).toString('latin1'), error }));
      socket.once('connect', () =>
        socket.write(
          `GET /v1/agents?limit=100 HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\n\r\n` +
            `POST /v1/agents HTTP/1.1\r\nHost: x\r\nx-api-key: ${key}\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}`,
        ),
      );
    });
    expect(outcome.error).toBeUndefined();
    const answers = outcome.text.split(/(?=HTTP\/1\.1 )/);
    expect(answers).toHaveLength(1);
    const [whole = ''] = answers;
    expect(whole).toMatch(/^HTTP\/1\.1 200 OK\r\n/);
    const length = Number(/content-length: (\d+)/i.exec(whole)?.[1]);
    expect(length).toBeGreaterThan(200_000);
    expect(whole.length - whole.indexOf('\r\n\r\n') - 4).toBe(length);
    expect(mock.exportState().tables.agents).toHaveLength(agents.length);
  });
});
