import {
  type AgentPlatformError,
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
} from './errors.js';

/**
 * What ended an attempt, or the reading of its body, without a response: the call's `signal`
 * (APIUserAbortError), the attempt's timeout (APITimeoutError) or the connection (APIConnectionError).
 * With the attempt's `request`, a timeout names it (`Request timed out: GET <url>`), and a connection
 * error names it and what the fetch said (undici's `ECONNREFUSED` is its cause's code): a wrong port
 * or a server not started reads as such, not as "Connection error." alone.
 */
export function attemptFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  timedOut: boolean | undefined,
  request?: Request,
): AgentPlatformError {
  if (signal?.aborted) return new APIUserAbortError(undefined, { cause: error });
  // Without the query: it may hold a search for a person.
  const name = request && `${request.method} ${request.url.split('?')[0]}`;
  if (timedOut) return new APITimeoutError(name && `Request timed out: ${name}`, { cause: error });
  const failed = error as { message?: string; cause?: { code?: string } } | null | undefined;
  return new APIConnectionError(
    name && `Connection error: ${name} (${failed?.cause?.code ?? failed?.message ?? 'no message'})`,
    { cause: error },
  );
}
