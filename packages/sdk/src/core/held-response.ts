// Properties rather than WeakMaps: short-lived WeakMap keys cost the GC dearly.
const RELEASE = Symbol();

type Held = Response & { [RELEASE]?: () => void };

/**
 * Set to `true` in a call's init: openapi-fetch copies it onto the Request, and the attempt keeps
 * its timeout and signal on a 2xx's body until the caller has read it and calls `releaseResponse`.
 */
export const READS_BODY = 'agentPlatformReadsBody';

/** True when the call that built `request` reads the body under the attempt's timeout and signal. */
export function readsBody(request: Request): boolean {
  return (request as Request & { [READS_BODY]?: boolean })[READS_BODY] === true;
}

/** Keeps the attempt's timeout and signal on `response` until `releaseResponse`. */
export function holdResponse(response: Response, release: () => void): void {
  (response as Held)[RELEASE] = release;
}

/** Ends the timeout and signal of the attempt that gave `response` (no-op if none are held). */
export function releaseResponse(response: Response): void {
  (response as Held)[RELEASE]?.();
}
