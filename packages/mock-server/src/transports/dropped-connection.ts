import type { FaultDrop } from '../faults.js';
import type { ApiRequest } from '../http/api-request.js';

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
