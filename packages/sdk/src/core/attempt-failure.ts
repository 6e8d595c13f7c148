import {
  type AgentPlatformError,
  APIConnectionError,
  APITimeoutError,
  APIUserAbortError,
} from './errors.js';

/**
 * What a fetch may throw: undici's TypeError has the system error (or its own, `bad port`) as its
 * cause; a fetch wrapper's error may have a DOMException, whose `code` is a legacy number.
 */
type Failed =
  | { message?: string; cause?: { code?: string | number; name?: string; message?: string } }
  | null
  | undefined;

/**
 * What ended an attempt, or the reading of its body, without a response: the call's `signal`
 * (APIUserAbortError), the attempt's timeout (APITimeoutError) or the connection (APIConnectionError).
 * With the attempt's `request`, a timeout names it (`Request timed out: GET <url>`), and a connection
 * error names it and what the fetch said (its cause's code, undici's `ECONNREFUSED`, or for a
 * DOMException its name, `TimeoutError`, else its cause's message, `bad port`, else its own): a wrong port
 * or a server not started reads as such, not as "Connection error." alone.
 */
export function attemptFailure(
  error: unknown,
  signal: AbortSignal | undefined,
  timedOut: boolean | undefined,
  request?: Request,
): AgentPlatformError {
  // Without the query: it may hold a search for a person. So may what a fetch said (node-fetch
  // quotes the whole URL): a `?` and what follows up to a space are left out of the message, the
  // request's own URL's included (it has no space). One `new` for both classes: 5 B fewer.
  const name = request && `${request.method} ${request.url}`;
  // One expression, the error cast where read: 4 B fewer in the bundle than returns and a variable.
  // `||`, not `??`: an empty message (undici's network error without a reason) or a DOMException's
  // code 0 says nothing; the next one is quoted instead. A DOMException's other codes are legacy
  // numbers (20 for AbortError, 23 for TimeoutError), which read as an error code: "(20)". Its name
  // is quoted for them (`> 0` is false for a string code, ECONNREFUSED), fewer bytes than asking
  // `instanceof DOMException`; a cause with a number for a code and no name, or only Error's own
  // (every Error has one, and it says less than the code), still quotes the number.
  return signal?.aborted
    ? new APIUserAbortError(undefined, { cause: error })
    : new (timedOut ? APITimeoutError : APIConnectionError)(
        name &&
          (timedOut
            ? `Request timed out: ${name}`
            : `Connection error: ${name} (${(((error as Failed)?.cause?.code as number) > 0 && (error as Failed)?.cause?.name !== 'Error' && (error as Failed)?.cause?.name) || (error as Failed)?.cause?.code || (error as Failed)?.cause?.message || (error as Failed)?.message || 'no message'})`
          ).replace(/\?\S*/g, ''),
        { cause: error },
      );
}
