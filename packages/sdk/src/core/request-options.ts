import type { IterationLimits } from './pagination.js';

/** Per-call overrides of the client's options. */
export interface RequestOptions {
  /** Retries after the first attempt, a POST's after a 429 only (client default: 2). */
  maxRetries?: number | undefined;
  /** Milliseconds per attempt, the response body included (client default: 60 000). */
  timeout?: number | undefined;
  /** Aborts the call: an attempt (the response body included), or a wait between retries. */
  signal?: AbortSignal | undefined;
  /** Extra headers for this call (a record or a `Headers`); they override the client's. */
  headers?: Record<string, string> | Headers | undefined;
}

/** Per-call options of a list method: the request options and how far iteration goes. */
export interface ListOptions extends RequestOptions, IterationLimits {}
