import { describe, expect, it } from 'vitest';
import { clientErrorFor } from './client-error-for.js';

const MAX = 16_384;
const overflow = (rawPacket: string) =>
  clientErrorFor({ code: 'HPE_HEADER_OVERFLOW', rawPacket: Buffer.from(rawPacket, 'latin1') }, MAX);

describe('clientErrorFor, a request over the header limit', () => {
  it('is 414 when the request line it read is itself over the limit', () => {
    const error = overflow(`GET /v1/agents?q=${'x'.repeat(MAX)} HTTP/1.1\r\nHost: a\r\n`);
    expect([error.status, error.message]).toEqual([
      414,
      `request target: longer than the server accepts (${MAX} bytes, with the headers)`,
    ]);
    expect(overflow(`GET /v1/agents?q=${'x'.repeat(MAX)}`).status).toBe(414); // no line end yet
  });

  it('is 431 naming the headers when the request line it read is short', () => {
    const error = overflow(`GET /v1/agents HTTP/1.1\r\nX-Big: ${'x'.repeat(MAX)}`);
    expect([error.status, error.message]).toEqual([
      431,
      `headers: larger than the server accepts (${MAX} bytes)`,
    ]);
  });

  // A request that came in several reads: the last read starts inside the request line or the headers.
  it.each([
    ['inside the request line', `${'x'.repeat(MAX)} HTTP/1.1\r\n`],
    ['at the capitals that end the target', `XYZ HTTP/1.1\r\nHost: a\r\nX-Big: ${'x'.repeat(100)}`],
    ['inside the headers', `X-Big: ${'x'.repeat(100)}`],
    ['with the first part of a request line only', 'GET /v1/agents?q=xxxx'],
  ])('is 431 naming both when the read starts %s', (_, raw) => {
    const error = overflow(raw);
    expect([error.status, error.message]).toEqual([
      431,
      `request line and headers: larger than the server accepts (${MAX} bytes together)`,
    ]);
  });
});

describe('clientErrorFor, a request Node could not parse', () => {
  it('says what llhttp found, with its code', () => {
    const error = clientErrorFor(
      { code: 'HPE_INVALID_CONTENT_LENGTH', reason: 'Invalid character in Content-Length' },
      MAX,
    );
    expect([error.status, error.message]).toEqual([
      400,
      'request: not valid HTTP/1.1: invalid character in Content-Length (HPE_INVALID_CONTENT_LENGTH)',
    ]);
    expect(clientErrorFor({ code: 'HPE_X' }, MAX).message).toBe(
      'request: not valid HTTP/1.1 (HPE_X)',
    );
  });

  // A 400 VALIDATION_ERROR names its field and rule in `details`, as every other one does.
  it('lists the rule in details, as every 400 does', () => {
    const parse = clientErrorFor({ code: 'HPE_INVALID_METHOD', reason: 'Invalid method' }, MAX);
    expect(parse.details).toEqual([{ field: 'request', rule: 'http', message: parse.message }]);
    const early = clientErrorFor({ code: 'HPE_INVALID_EOF_STATE' }, MAX);
    expect(early.details).toEqual([{ field: 'request', rule: 'read', message: early.message }]);
  });

  it('says a request ended early when the client half-closed the connection', () => {
    const error = clientErrorFor(
      { code: 'HPE_INVALID_EOF_STATE', reason: 'Invalid EOF state' },
      MAX,
    );
    expect(error.status).toBe(400);
    expect(error.message).toMatch(
      /^request: the connection ended before the request did: .*Content-Length/,
    );
  });
});
