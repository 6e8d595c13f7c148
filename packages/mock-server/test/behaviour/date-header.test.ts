// Every answer carries a `Date` header (RFC 9110 §6.6.1) on the mock's clock, as its bodies and
// rate-limit headers are: a manual clock set to 2030 does not answer with the machine's date.
import { connect } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createMockServer } from '../../src/index.js';
import { useMock } from '../support/harness.js';
import { transports } from '../support/transports.js';

describe.each(transports)('the Date header ($name)', (transport) => {
  const h = useMock(transport, { startTime: '2030-06-01T12:00:00.750Z' });

  it('is the mock clock, in whole seconds, on answers, errors and the control API alike', async () => {
    const health = await h.call('GET', '/v1/health');
    expect(health.body.timestamp).toBe('2030-06-01T12:00:00.750Z');
    expect(health.headers.get('date')).toBe('Sat, 01 Jun 2030 12:00:00 GMT');
    await h.mock.clock.advance(61_250);
    const missing = await h.call('GET', '/v1/agents/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('date')).toBe('Sat, 01 Jun 2030 12:01:02 GMT');
    const clock = await h.call('GET', '/__mock/clock', { unchecked: true });
    expect(clock.headers.get('date')).toBe('Sat, 01 Jun 2030 12:01:02 GMT');
  });
});

describe("the node server's own answers", () => {
  it('carry the mock clock too (a request Node refuses, an Expect it does not serve)', async () => {
    const mock = createMockServer({ clock: 'manual', startTime: '2030-06-01T12:00:00Z' });
    const server = await mock.listen({ port: 0 });
    const raw = async (request: string) => {
      const socket = connect(server.port, '127.0.0.1');
      let text = '';
      socket.on('data', (chunk: Buffer) => {
        text += chunk.toString('latin1');
      });
      socket.on('error', () => {});
      const closed = new Promise((resolve) => socket.once('close', resolve));
      socket.write(request);
      await closed;
      return /\r\ndate: ([^\r]*)\r\n/i.exec(text)?.[1];
    };
    try {
      expect(await raw('GET /v1/health HTTP/1.1\r\nHost: x\r\nExpect: foo\r\n\r\n')).toBe(
        'Sat, 01 Jun 2030 12:00:00 GMT',
      );
      expect(await raw('FOO /v1/health HTTP/1.1\r\nHost: x\r\n\r\n')).toBe(
        'Sat, 01 Jun 2030 12:00:00 GMT',
      );
    } finally {
      await server.close();
      mock.dispose();
    }
  });
});
