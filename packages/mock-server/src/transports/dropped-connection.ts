import type { FaultDrop } from '../faults.js';
import type { ApiRequest, ApiResponse } from '../http/api-request.js';

/** Marks the rejection of a dropped connection, for transports that turn it into their own network error. */
const DROPPED = Symbol.for('@agent-platform/mock-server/dropped');

/** Why a fault's connection failed, as the `cause` of fetch's error (with a socket error's `code`). */
export function droppedCause(drop: FaultDrop, request: ApiRequest): Error {
  const { method, path } = request;
  const message = `the mock server dropped the connection: a fault with drop "${drop}" on ${method} ${path}`;
  return Object.assign(new Error(message), { code: 'ECONNRESET' });
}

/** The rejection of a fetch whose connection closed before an answer: `TypeError('fetch failed')`. */
export function droppedConnection(cause: Error): TypeError {
  return Object.assign(new TypeError('fetch failed', { cause }), { [DROPPED]: true });
}

/** True for the rejection `handle` and `fetch` give a request whose connection a fault dropped. */
export function isDroppedConnection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && DROPPED in error;
}

const utf8 = new TextEncoder();

/** Marks an answer whose body a `drop: "body"` fault cuts halfway (a symbol of the registry, as DROPPED). */
const CUT_BODY = Symbol.for('@agent-platform/mock-server/cut-body');

/** Marks `response` as one whose body a fault cuts: see isCutBody. */
export function markCutBody(response: Response): Response {
  return Object.assign(response, { [CUT_BODY]: true });
}

/**
 * True for an answer whose body a fault cuts halfway, for a transport that cannot pass such a body on
 * (MSW's worker in WebKit) to answer a network error instead. Marked on the object, not kept in a
 * set: the package's CommonJS entries each hold their own copy of this module.
 */
export function isCutBody(response: Response): boolean {
  return CUT_BODY in response;
}

/**
 * What a `drop: "body"` fault lets through of the answer's body: its first half, in bytes of its
 * own (the body's may be shared); undefined when the connection is cut with nothing sent, as an
 * answer without a body is (its headers alone would be a complete answer).
 */
export function halfBody({ drop, body }: ApiResponse): Uint8Array | undefined {
  if (drop !== 'body' || body === null || body.length === 0) return undefined;
  const bytes = typeof body === 'string' ? utf8.encode(body) : body;
  return bytes.slice(0, Math.floor(bytes.byteLength / 2));
}
