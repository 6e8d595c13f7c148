import { ApiError, invalidField } from '../errors.js';

/**
 * What Node's own refusals become: the statuses Node gives them, in the API's envelope (a 400 with
 * its `details`, as every 400 has).
 */
export function clientErrorFor(
  { code, rawPacket, reason }: { code?: string; rawPacket?: Buffer; reason?: string },
  maxHeaderSize: number,
): ApiError {
  switch (code) {
    case 'HPE_HEADER_OVERFLOW': {
      // Node counts the request line with the headers: a long query string overflows them too.
      const line = requestLineLength(rawPacket, maxHeaderSize);
      if (line === 'over') {
        return new ApiError(
          414,
          'VALIDATION_ERROR',
          `request target: longer than the server accepts (${maxHeaderSize} bytes, with the headers)`,
        );
      }
      // What Node read last may start past the request line (a request that came in several
      // reads): then which of the two is long cannot be told.
      return new ApiError(
        431,
        'VALIDATION_ERROR',
        line === 'within'
          ? `headers: larger than the server accepts (${maxHeaderSize} bytes)`
          : `request line and headers: larger than the server accepts (${maxHeaderSize} bytes together)`,
      );
    }
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(
        408,
        'VALIDATION_ERROR',
        "request: not received in full within the server's request timeout",
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError(
        413,
        'PAYLOAD_TOO_LARGE',
        'body: chunk extensions larger than the server accepts',
      );
    case 'HPE_INVALID_EOF_STATE':
      // The client ended its side of the connection (a half-close) with the request unfinished.
      return invalidField(
        'request',
        'read',
        `the connection ended before the request did: its headers unfinished, or a body shorter than its Content-Length or without its last chunk (${code})`,
      );
    default: {
      // llhttp's reason says what it found (`Invalid character in Content-Length`).
      const what = reason ? `: ${reason.charAt(0).toLowerCase()}${reason.slice(1)}` : '';
      return invalidField('request', 'http', `not valid HTTP/1.1${what} (${code})`);
    }
  }
}

/**
 * Of a request that overflowed the header limit, from what Node read last: its request line is
 * `over` the limit itself (a long query string) or `within` it (the headers are long), or
 * `unknown` when that read does not start with the request line (it came in several reads).
 */
function requestLineLength(
  raw: Buffer | undefined,
  maxHeaderSize: number,
): 'over' | 'within' | 'unknown' {
  // A method and a target: not the tail of a target, its last capitals and then the version
  // (`...?q=xABC HTTP/1.1`, a read that starts there).
  if (
    raw === undefined ||
    !/^[A-Z]+ (?!HTTP\/)[^ \r\n]/.test(raw.subarray(0, 32).toString('latin1'))
  )
    return 'unknown';
  const end = raw.indexOf('\n');
  if (end < 0) return raw.length >= maxHeaderSize ? 'over' : 'unknown';
  return end >= maxHeaderSize ? 'over' : 'within';
}
