import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ApiError } from '../errors.js';
import type { ApiResponse } from '../http/api-request.js';
import { commonHeaders } from '../http/common-headers.js';
import { CORS_HEADERS } from '../http/cors.js';
import { errorResponse } from '../http/respond.js';
import { halfBody } from './dropped-connection.js';

/**
 * An answer the server writes itself, before any handler: the error with the common headers, dated
 * `now` (ms).
 */
export function ownAnswer(
  error: ApiError,
  requestId: string,
  now: number,
  cors: Readonly<Record<string, string>> = CORS_HEADERS,
): ApiResponse {
  const answer = errorResponse(error);
  answer.headers = commonHeaders(requestId, now, answer.headers, cors);
  return answer;
}

/**
 * The response's headers with their framing: its length (without it, writeHead would send the
 * body chunked: more framing, more writes), and `Connection: close` when `close`.
 */
export function framed(response: ApiResponse, close: boolean): Record<string, string> {
  const { headers, body } = response;
  if (close) headers.Connection = 'close';
  if (body !== null) {
    headers['Content-Length'] = String(
      typeof body === 'string' ? Buffer.byteLength(body) : body.byteLength,
    );
  }
  return headers;
}

/**
 * Writes a response (text is encoded by the socket write); `close` ends the connection after it.
 * With `endAfter`, a request whose body is being drained, the response ends (which lets Node close
 * the connection, or read the next request) only once that body has been read to its end.
 */
export function send(
  res: ServerResponse,
  response: ApiResponse,
  close: boolean,
  endAfter?: IncomingMessage,
): void {
  res.writeHead(response.status, framed(response, close));
  if (endAfter === undefined) return void res.end(response.body ?? undefined);
  if (response.body !== null) res.write(response.body);
  endAfter.once('end', () => res.end());
}

/**
 * Cuts the connection as a fault with `drop` says, once the answers before this one on it are
 * written (`res` then has the socket): at once for `request` and `response`, or after the status,
 * the headers (with the whole body's length) and half the body for `body`. An answer without a
 * body is cut whole: its headers alone would be a complete answer.
 */
export function cut(
  res: ServerResponse,
  response: ApiResponse,
  req: IncomingMessage,
  budgetMs: number,
): void {
  const half = halfBody(response);
  if (half !== undefined) {
    res.writeHead(response.status, framed(response, false));
    res.write(half, () => {
      if (res.socket) linger(res.socket, req, budgetMs);
    });
    return;
  }
  if (res.socket) linger(res.socket, req, budgetMs);
  else res.once('socket', (socket: Duplex) => linger(socket, req, budgetMs));
}

/**
 * Closes a connection as a server that hangs up does: its end (FIN) after what is written, while
 * what the client still sends (the rest of `req`'s body, requests pipelined after it) is read and
 * dropped until it closes its side, for at most `budgetMs` of real time. Destroyed at once with
 * bytes unread, the system would answer them with a reset, which discards what is written and not
 * yet delivered: the answers before the cut, and half a body.
 */
function linger(socket: Duplex, req: IncomingMessage, budgetMs: number): void {
  if (socket.destroyed) return;
  const timer = setTimeout(() => socket.destroy(), budgetMs);
  timer.unref?.();
  socket.once('close', () => clearTimeout(timer));
  socket.once('end', () => socket.destroy());
  req.resume();
  socket.end();
}

/** The answer a connection is writing or about to write (Node's own record), if any. */
export function answering(socket: Duplex): ServerResponse | undefined {
  return (socket as Duplex & { _httpMessage?: ServerResponse | null })._httpMessage ?? undefined;
}

/**
 * Runs `then` once every answer queued on `socket` has finished (Node hands the connection to the
 * next one as each finishes); never, if the connection is cut first.
 */
export function afterAnswers(socket: Duplex, then: () => void): void {
  const current = answering(socket);
  if (current === undefined) then();
  else current.once('finish', () => afterAnswers(socket, then));
}
