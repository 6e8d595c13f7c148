import { pathSerializer } from './path-serializer.js';

/**
 * The key of the body a ReplayableRequest was built with, if it was a string; read in place (an
 * accessor function would stay in the bundle). A property on the request rather than a WeakMap:
 * short-lived WeakMap keys cost the GC dearly. No description: it would only add bytes to the core.
 */
export const BODY = Symbol();

/** A Request that may carry its string body under BODY. */
export type WithBody = Request & { [BODY]?: string };

/**
 * A stand-in for the `Request` constructor given to openapi-fetch: it remembers each JSON body,
 * so that a retry can resend it without buffering (and copying) every request beforehand. It also
 * refuses a path left with a `{name}`, which openapi-fetch leaves in place for a raw call without
 * `params.path` (a plain-JS caller's): as a lacking parameter, `id: must be a well-formed string, ...`.
 */
export const ReplayableRequest = function ReplayableRequest(
  // openapi-fetch's URL string (the baseUrl has no braces, a filled parameter none unencoded).
  input: string,
  // Always given by openapi-fetch.
  init: RequestInit,
): Request {
  // Before the query, where a querySerializer of the caller's may leave braces (allowReserved).
  // Only a URL with a brace at all: the SDK's own calls have none left, and the split and replace
  // cost a POST 2 % of its time.
  if (input.includes('{')) pathSerializer(input.split('?')[0] as string, {});
  const request = new Request(input, init);
  if (typeof init.body === 'string') (request as WithBody)[BODY] = init.body;
  return request;
} as unknown as typeof Request;

// openapi-fetch checks a middleware's result with `instanceof` this constructor. (No Request at all, in
// an old runtime, fails the first call, not the import.)
ReplayableRequest.prototype = globalThis.Request?.prototype;
