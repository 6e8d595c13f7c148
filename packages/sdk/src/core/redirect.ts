import { APIError } from './errors.js';

/**
 * Throws for a redirect. The API never redirects, so one means a wrong `baseUrl` (http for https,
 * a login page), and following it would send `x-api-key` wherever it points (fetch strips only
 * Authorization and Cookie across origins). Requests go with `redirect: 'manual'`: Node then
 * answers the 3xx itself, a browser an opaque redirect (status 0, Location hidden). A redirect is
 * what fetch would follow: 301, 302, 303, 307 and 308. Other statuses are not redirects: a 304
 * answers a raw caller's If-None-Match, fetch follows no 300, 305 or 306, and `Response.error()`
 * (status 0 too, type 'error') never gets here: sendAttempt makes it a connection error. A `fetch`
 * option that follows redirects itself (one that drops the Request's mode) has already sent the
 * key by then; its `redirected` response fails all the same, naming where it ended, so that the
 * caller learns it.
 */
export function refuseRedirect(response: Response): void {
  // Only what the test needs is read on every call: `url` serialises a URL each time it is read.
  // Read one by one: a destructuring const costs the bundle 3 B more.
  const status = response.status;
  const redirected = response.redirected;
  // A number, which test() reads as its digits.
  if (
    redirected ||
    response.type === 'opaqueredirect' ||
    /^30[12378]$/.test(status as unknown as string)
  ) {
    // Free the connection: nobody reads this body.
    response.body?.cancel().catch(() => {});
    const location = redirected ? response.url : response.headers.get('location');
    throw Object.assign(new APIError(status, undefined, response.headers), {
      message: `Redirect${location ? ` to ${location}` : ''} ${redirected ? '' : 'not '}followed: check baseUrl`,
    });
  }
}
