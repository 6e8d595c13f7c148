import type { ApiError } from '../errors.js';
import type { FaultDrop } from '../faults.js';
import type { SentHeaders } from '../journal-headers.js';

/** A request as the mock's core sees it, whatever transport it came through. */
export interface ApiRequest {
  readonly method: string;
  /** The path, e.g. `/v1/agents`. */
  readonly path: string;
  /** The query string with its `?`, or empty. */
  readonly search: string;
  /**
   * In-process (`fetch`, `handle`, MSW): the base URL whose path the request's is not under
   * (`path` is then the URL's whole path); such a request is 404.
   */
  readonly outside?: string;
  /** The headers as sent, held as the transport has them (no copy) for the journal to read. */
  readonly sentHeaders: SentHeaders;
  /** A header's value (name in lower case), or null. */
  header(name: string): string | null;
  /** The body, at most 1 MiB (256 MiB for `PUT /__mock/state`; 413 beyond). */
  readBody(): Promise<Uint8Array>;
  /**
   * Aborted when the caller gave up (an in-process `fetch` with a signal, an HTTP connection that
   * closed): waits end early.
   */
  readonly signal?: AbortSignal;
}

/** A response as the core produces it; transports turn it into a fetch Response or write it to a socket. */
export interface ApiResponse {
  status: number;
  headers: Record<string, string>;
  /** JSON text (or its UTF-8 bytes, shared: never to be written to), or null for no body. */
  body: string | Uint8Array<ArrayBuffer> | null;
  /**
   * Set by a fault with `drop`: the transport cuts the connection instead of answering (`request`,
   * `response`), or after the status, headers and half the body (`body`; an answer without a body
   * is cut whole).
   */
  drop?: FaultDrop;
  /** The error an error answer carries in its envelope, for `onRequest` (not sent as such). */
  error?: ApiError;
}
