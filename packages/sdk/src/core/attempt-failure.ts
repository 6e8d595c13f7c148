import {
  type AgentPlatformError,
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
} from './errors.js';

/**
 * What ended an attempt, or the reading of its body, without a response: the call's `signal`
 * (APIUserAbortError), the attempt's timeout (APITimeoutError) or the connection (APIConnectionError).
 */
export function attemptFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  timedOut: boolean | undefined,
): AgentPlatformError {
  return new (
    signal?.aborted ? APIUserAbortError : timedOut ? APITimeoutError : APIConnectionError
  )(undefined, { cause: error });
}
