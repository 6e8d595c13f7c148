import { describe, expect, it } from 'vitest';
import type { AnsweredRequest } from '../request-log.js';
import { type LogStream, requestLine, requestLog } from './request-log-line.js';

const base: AnsweredRequest = {
  request_id: 'req_0001',
  at: '2024-01-01T09:00:00.000Z',
  method: 'GET',
  path: '/v1/agents',
  query: '?limit=5',
  headers: {},
  status: 200,
  key_id: 'key_1',
  operation_id: 'agentsList',
  duration_ms: 1.234,
};

describe('requestLine', () => {
  it('is the documented line: time, method, path with query, status, ms, request id, then an error code and message', () => {
    expect(requestLine(base)).toBe(
      'agent-platform-mock: 2024-01-01T09:00:00.000Z GET /v1/agents?limit=5 200 1.2ms req_0001\n',
    );
    expect(
      requestLine({
        ...base,
        method: 'POST',
        path: '/v1/contacts',
        query: '',
        status: 400,
        duration_ms: 0.04,
        error: { code: 'VALIDATION_ERROR', message: 'email: must be an email address' },
      }),
    ).toBe(
      'agent-platform-mock: 2024-01-01T09:00:00.000Z POST /v1/contacts 400 0.0ms req_0001 VALIDATION_ERROR email: must be an email address\n',
    );
  });

  it('says what a fault cut: the request (no status: the API never saw it), the answer or its body', () => {
    expect(requestLine({ ...base, status: 0, dropped: 'request', duration_ms: 250 })).toBe(
      'agent-platform-mock: 2024-01-01T09:00:00.000Z GET /v1/agents?limit=5 - 250.0ms req_0001 dropped request\n',
    );
    expect(
      requestLine({
        ...base,
        status: 404,
        dropped: 'body',
        error: { code: 'NOT_FOUND', message: 'agent x not found' },
      }),
    ).toBe(
      'agent-platform-mock: 2024-01-01T09:00:00.000Z GET /v1/agents?limit=5 404 1.2ms req_0001 dropped body NOT_FOUND agent x not found\n',
    );
  });

  it('stays one line whatever a message holds (a fault names its own)', () => {
    const line = requestLine({
      ...base,
      status: 500,
      error: {
        code: 'INTERNAL_ERROR',
        message: 'a\nagent-platform-mock: forged\r\t\u0000\u2028x\u007f',
      },
    });
    expect(line).toBe(
      'agent-platform-mock: 2024-01-01T09:00:00.000Z GET /v1/agents?limit=5 500 1.2ms req_0001 INTERNAL_ERROR a\\nagent-platform-mock: forged\\r\\t\\u0000\\u2028x\\u007f\n',
    );
  });

  it('escapes the C1 controls too: a terminal takes U+009B for CSI, and "\\u009b2K" would erase the line', () => {
    const line = requestLine({
      ...base,
      status: 503,
      error: { code: 'SERVICE_UNAVAILABLE', message: 'a\u009b2K\u009bAb\u0080\u009f\u00a0' },
    });
    expect(line).toBe(
      'agent-platform-mock: 2024-01-01T09:00:00.000Z GET /v1/agents?limit=5 503 1.2ms req_0001 SERVICE_UNAVAILABLE a\\u009b2K\\u009bAb\\u0080\\u009f\u00a0\n',
    );
  });
});

/** A stream whose reader takes nothing until `read()`. */
function slowStream() {
  const written: string[] = [];
  let drain: (() => void) | undefined;
  const stream = {
    writable: true as boolean,
    writableLength: 0,
    write(text: string) {
      written.push(text);
      stream.writableLength += text.length;
      return false;
    },
    once(_event: 'drain', listener: () => void) {
      drain = listener;
    },
    read() {
      stream.writableLength = 0;
      drain?.();
      drain = undefined;
    },
  } satisfies LogStream & { read(): void };
  return { stream, written };
}

/** The lines written so far. */
const linesOf = (written: string[]) => written.join('').split('\n').slice(0, -1);

/** Once the turn of the event loop that wrote them is over. */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe('requestLog', () => {
  it('prints every request with requests, and only errors and cuts with errors', async () => {
    const lines = async (level: 'requests' | 'errors') => {
      const { stream, written } = slowStream();
      const log = requestLog(stream, level);
      log(base);
      log({ ...base, status: 404, error: { code: 'NOT_FOUND', message: 'm' } });
      log({ ...base, status: 201, dropped: 'response' });
      log({ ...base, status: 0, dropped: 'request' });
      await nextTurn();
      return linesOf(written).map((line) => line.split(' ')[4]);
    };
    expect(await lines('requests')).toEqual(['200', '404', '201', '-']);
    expect(await lines('errors')).toEqual(['404', '201', '-']);
  });

  it("writes a turn's lines in one write, after it, or at once on flush()", async () => {
    const { stream, written } = slowStream();
    const log = requestLog(stream, 'requests');
    log(base);
    log(base);
    expect(written).toEqual([]);
    await nextTurn();
    expect(written).toEqual([requestLine(base).repeat(2)]);
    log(base);
    log.flush();
    expect(written).toHaveLength(2);
  });

  it('drops lines past the bound while the reader lags, and says how many once it has caught up', async () => {
    const { stream, written } = slowStream();
    const one = requestLine(base).length;
    const log = requestLog(stream, 'requests', 2 * one);
    for (let i = 0; i < 10; i++) log(base);
    await nextTurn();
    // Taken while at most 2 lines waited: 3; the other 7 dropped, not queued.
    expect(linesOf(written)).toHaveLength(3);
    stream.read();
    expect(linesOf(written)[3]).toBe(
      'agent-platform-mock: warning: 7 log lines dropped: the log was written faster than it was read',
    );
    log(base);
    await nextTurn();
    expect(linesOf(written)).toHaveLength(5);
  });

  it('says how many lines it dropped on flush(), before an exit the reader does not catch up with', async () => {
    const { stream, written } = slowStream();
    const one = requestLine(base).length;
    const log = requestLog(stream, 'requests', 2 * one);
    for (let i = 0; i < 10; i++) log(base);
    log.flush();
    expect(linesOf(written)).toHaveLength(4);
    expect(linesOf(written)[3]).toBe(
      'agent-platform-mock: warning: 7 log lines dropped: the log was written faster than it was read',
    );
    // Said once: the drain that comes after all has nothing left to count.
    stream.read();
    await nextTurn();
    expect(linesOf(written)).toHaveLength(4);
  });

  it('writes nothing once the stream is closed (its reader gone)', async () => {
    const { stream, written } = slowStream();
    const log = requestLog(stream, 'requests');
    log(base);
    stream.writable = false;
    log(base);
    await nextTurn();
    expect(written).toEqual([]);
  });
});
